import type { ProfileStore } from '../profiles/profile-store'
import type { MirrorSlot } from './mirror-slot'
import type { Emit, SyncService } from './sync-service'

/**
 * What the domains' handlers (handlers/*.ts) share: the profiles, the active profile's mirror,
 * the sync service, the event channel to the window. create-app.ts builds it once.
 */
export interface AppCore {
  profiles: ProfileStore
  slot: MirrorSlot
  sync: SyncService
  emit: Emit
  now: () => number
  /** Where failures that are bugs or environment problems are written (never a token). */
  log: (message: string, err?: unknown) => void
  /** Runs profile switches and deletions one at a time. */
  serial<T>(step: () => Promise<T>): Promise<T>
  /** The active profile's id. */
  activeId(): string
}
