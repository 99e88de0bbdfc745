import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppContext } from '../context'

export function syncHandlers(ctx: AppContext): DomainHandlers<'sync'> {
  const { sync } = ctx
  return {
    'sync:status': async () => {
      const profile = ctx.profile()
      const status = sync.status(profile.id, await ctx.mirror())
      // A team profile's copy comes from its hub, and it is the hub an outage is about.
      return profile.hubUrl === undefined ? status : { ...status, via: 'hub' }
    },
    'sync:run': ({ full }) => sync.run(ctx.profile().id, full ?? false),
    'sync:cancel': async () => ({ cancelled: sync.cancel(ctx.profile().id) }),
    'sync:quarantine': async ({ resource, limit }) =>
      (await ctx.mirror()).sync.quarantined(resource, limit).map((q) => ({
        // The raw record stays in the mirror: it may hold anything the service sent.
        resource: q.resource,
        ...(q.recordId ? { recordId: q.recordId } : {}),
        path: q.path,
        code: q.code,
        firstSeen: q.firstSeen,
        lastSeen: q.lastSeen,
        count: q.count
      }))
  }
}
