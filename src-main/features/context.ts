import type { DeskContext } from './profile-context'
import type { ProfileStore } from '../profiles/profile-store'
import type { MirrorSlot } from './profiles/mirror-slot'
import type { Emit, SyncService } from './sync/sync-service'

/** Files the person saves (exports, vouchers): Electron's save dialog in the app. */
export interface FileDeps {
  /**
   * Asks where to save (suggesting `suggestedName`) and writes `contents` there; resolves to the
   * path, or null when the person cancelled.
   */
  save(opts: {
    suggestedName: string
    filters: { name: string; extensions: string[] }[]
    contents: string | Uint8Array
  }): Promise<string | null>
  /** The window as it shows now, printed to a PDF (the voucher view is print-styled). */
  printToPdf(): Promise<Uint8Array>
}

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
  /** Saving exports and vouchers (the save dialog, printing to PDF). */
  files: FileDeps
  /** The support desk's view of the active profile (desk/context.ts). */
  desk: DeskContext
}
