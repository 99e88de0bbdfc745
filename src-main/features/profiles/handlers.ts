import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import type { DomainHandlers } from '@shared/ipc/contract'
import type { ProfileView } from '@shared/profile.schema'
import { AppError } from '../../errors'
import { DEMO_PROFILE_ID } from '../../profiles/profile-store'
import { watchOf } from '../watch/watch'
import { testConnection } from './connection-test'
import { askHubIdentityOnce, forgetHubIdentityAsked, refreshHubIdentity } from './hub-identity'
import type { AppContext } from '../context'

function found(ctx: AppContext, id: string): ProfileView {
  const profile = ctx.profiles.get(id)
  if (!profile) throw new AppError('not-found', 'This profile no longer exists.')
  return profile
}

/** Whether a sync could run for the profile now (it has a usable token). */
export function canSync(ctx: AppContext, id: string): boolean {
  return ctx.profiles.token(id) !== undefined
}

/**
 * Makes `id` the active profile: its mirror is opened and swapped in (the old one closed), the
 * choice saved, and screens told to re-read. Without a restart, and never half-done: if the
 * mirror can't be opened, the previous profile stays active.
 */
function activate(ctx: AppContext, id: string): Promise<ProfileView> {
  return ctx.serial(async () => {
    found(ctx, id)
    await ctx.switchMirror(id, ctx.profiles.mirrorPath(id))
    const profile = ctx.profiles.setActive(id)
    ctx.emit('profiles:changed', { activeId: id })
    ctx.changed([...SYNC_RESOURCES])
    // A switch should land on current data, as the first start does.
    if (canSync(ctx, id)) void ctx.sync.runInBackground(id)
    // On a team profile, the role the window greys out by, asked of the hub.
    forgetHubIdentityAsked(id)
    void refreshHubIdentity(ctx, id)
    return profile
  })
}

export function profileHandlers(ctx: AppContext): DomainHandlers<'profiles'> {
  const { profiles } = ctx
  const changed = () => ctx.emit('profiles:changed', { activeId: profiles.active().id })

  return {
    'profiles:list': async () => {
      askHubIdentityOnce(ctx)
      return { profiles: profiles.list(), activeId: profiles.active().id }
    },
    'profiles:create': async ({ profile, token, acceptWeakStorage }) => {
      // All or nothing: a token the key store can't save leaves no profile behind.
      const created = profiles.create(
        profile,
        token === undefined ? undefined : { token, acceptWeakStorage }
      )
      changed()
      return created
    },
    'profiles:update': async ({ id, profile }) => {
      const updated = profiles.update(id, profile)
      changed()
      return updated
    },
    'profiles:delete': ({ id }) =>
      ctx.serial(async () => {
        const profile = found(ctx, id)
        if (profile.kind === 'demo') {
          throw new AppError('bad-input', 'The Demo profile is managed by StayDesk and stays.')
        }
        // The profile's files are deleted next: its sync and its open mirror must let go first.
        await ctx.sync.stop(id)
        if (ctx.mirrorProfileId() === id) {
          await ctx.switchMirror(DEMO_PROFILE_ID, profiles.mirrorPath(DEMO_PROFILE_ID))
          profiles.setActive(DEMO_PROFILE_ID)
          ctx.changed([...SYNC_RESOURCES])
        }
        // The watch keeps a connection of its own to the profile's files (features/watch).
        await watchOf(ctx).release()
        const result = profiles.remove(id)
        ctx.sync.forget(id)
        changed()
        return result
      }),
    'profiles:activate': ({ id }) => activate(ctx, id),
    'profiles:set-token': async ({ id, token, acceptWeakStorage }) => {
      const status = profiles.setToken(id, token, { acceptWeakStorage })
      forgetHubIdentityAsked(id)
      if (profiles.active().id === id) void refreshHubIdentity(ctx, id)
      changed()
      return status
    },
    'profiles:clear-token': async ({ id }) => {
      profiles.clearToken(id)
      changed()
      return profiles.tokenStatus(id)
    },
    'profiles:test-connection': async ({ id }) => {
      const profile = found(ctx, id)
      const token = profiles.token(id)
      const verdict = await testConnection(profile, token, ctx.now, ctx.network, (who) => {
        profiles.noteHubIdentity(id, who)
        changed()
      })
      // Only a call that went out says anything about whether the service is reachable.
      if (token !== undefined) ctx.sync.noteReachability(id, verdict.code)
      return verdict
    }
  }
}
