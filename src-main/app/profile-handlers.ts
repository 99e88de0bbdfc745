import type { ProfileView } from '@shared/profile.schema'
import { normalizeToken } from '../auth/token-store'
import { AppError } from '../ipc/app-error'
import type { Handlers } from '../ipc/register'
import { DEMO_PROFILE_ID, type ProfileStore } from '../profiles/profile-store'
import { testConnection } from './connection-test'
import type { MirrorSlot } from './mirror-slot'
import type { Emit, SyncService } from './sync-service'

/** What the profile commands share with the rest of the app. */
export interface ProfileCore {
  profiles: ProfileStore
  slot: MirrorSlot
  sync: SyncService
  emit: Emit
  /** Runs profile switches and deletions one at a time. */
  serial<T>(step: () => Promise<T>): Promise<T>
  now: () => number
}

type ProfileCommands =
  | 'profiles:list'
  | 'profiles:create'
  | 'profiles:update'
  | 'profiles:delete'
  | 'profiles:activate'
  | 'profiles:set-token'
  | 'profiles:clear-token'
  | 'profiles:test-connection'

function found(core: ProfileCore, id: string): ProfileView {
  const profile = core.profiles.get(id)
  if (!profile) throw new AppError('not-found', 'This profile no longer exists.')
  return profile
}

/** Whether a sync could run for the profile now (it has a usable token). */
export function canSync(core: ProfileCore, id: string): boolean {
  return core.profiles.token(id) !== undefined
}

/**
 * Makes `id` the active profile: its mirror is opened and swapped in (the old one closed), the
 * choice saved, and screens told to re-read. Without a restart, and never half-done: if the
 * mirror can't be opened, the previous profile stays active.
 */
export function activate(core: ProfileCore, id: string): Promise<ProfileView> {
  return core.serial(async () => {
    found(core, id)
    await core.slot.switchTo(id, core.profiles.mirrorPath(id))
    const profile = core.profiles.setActive(id)
    core.emit('profiles:changed', { activeId: id })
    core.emit('db:changed', { resources: ['listings', 'availability', 'rates'] })
    // A switch should land on current data, as the first start does.
    if (canSync(core, id)) void core.sync.runInBackground(id)
    return profile
  })
}

export function profileHandlers(core: ProfileCore): Pick<Handlers, ProfileCommands> {
  const { profiles } = core
  const changed = () => core.emit('profiles:changed', { activeId: profiles.active().id })

  return {
    'profiles:list': async () => ({ profiles: profiles.list(), activeId: profiles.active().id }),
    'profiles:create': async ({ profile, token, acceptWeakStorage }) => {
      // The token is checked first so a refused token doesn't leave a half-made profile.
      const checked = token === undefined ? undefined : normalizeToken(token)
      const created = profiles.create(profile)
      if (checked !== undefined) profiles.setToken(created.id, checked, { acceptWeakStorage })
      changed()
      return found(core, created.id)
    },
    'profiles:update': async ({ id, profile }) => {
      const updated = profiles.update(id, profile)
      changed()
      return updated
    },
    'profiles:delete': ({ id }) =>
      core.serial(async () => {
        const profile = found(core, id)
        if (profile.kind === 'demo') {
          throw new AppError('bad-input', 'The Demo profile is managed by StayDesk and stays.')
        }
        // The profile's files are deleted next: its sync and its open mirror must let go first.
        await core.sync.stop(id)
        if (core.slot.profileId() === id) {
          await core.slot.switchTo(DEMO_PROFILE_ID, profiles.mirrorPath(DEMO_PROFILE_ID))
          profiles.setActive(DEMO_PROFILE_ID)
          core.emit('db:changed', { resources: ['listings', 'availability', 'rates'] })
        }
        const result = profiles.remove(id)
        core.sync.forget(id)
        changed()
        return result
      }),
    'profiles:activate': ({ id }) => activate(core, id),
    'profiles:set-token': async ({ id, token, acceptWeakStorage }) => {
      const status = profiles.setToken(id, token, { acceptWeakStorage })
      changed()
      return status
    },
    'profiles:clear-token': async ({ id }) => {
      profiles.clearToken(id)
      changed()
      return profiles.tokenStatus(id)
    },
    'profiles:test-connection': async ({ id }) => {
      const profile = found(core, id)
      const token = profiles.token(id)
      const verdict = await testConnection(profile, token, core.now)
      // Only a call that went out says anything about whether the service is reachable.
      if (token !== undefined) core.sync.noteReachability(id, verdict.code)
      return verdict
    }
  }
}
