import type { DomainHandlers } from '@shared/ipc/contract'
import type { AppCore } from '../context'

export function syncHandlers(core: AppCore): DomainHandlers<'sync'> {
  const { sync, slot } = core
  return {
    'sync:status': async () => sync.status(core.activeId(), await slot.get()),
    'sync:run': ({ full }) => sync.run(core.activeId(), full ?? false),
    'sync:cancel': async () => ({ cancelled: sync.cancel(core.activeId()) }),
    'sync:quarantine': async ({ resource, limit }) =>
      (await slot.get()).quarantined(resource, limit).map((q) => ({
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
