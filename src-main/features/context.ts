import type { DataResource } from '@shared/ipc/data-resource.schema'
import type { ApiClient } from '../api'
import type { Mirror } from '../db'
import type { Journal } from '../journal/types'
import type { Network } from '../net'
import type { ProfileStore } from '../profiles/profile-store'
import type { Emit, SyncService } from './sync/sync-service'

/** The profile a context acts for: whose service, channel and brand, named in the journal. */
export interface ContextProfile {
  id: string
  name: string
  kind: string
  baseUrl: string
  salesChannel: string
  salesBrand?: string
  /** A team profile's hub address (its service's interface is reached through the hub). */
  hubUrl?: string
}

/**
 * A profile's services, what the features' operations need and nothing more: whose profile they
 * act for, its service, its offline copy (the mirror), the journal, and where to say that
 * something changed. The app's context (AppContext below, built by create-app.ts) is one; the
 * command line builds one from its options (cli/context.ts), so a cancel from a terminal is
 * sent, journaled and read back exactly as one from the window.
 */
export interface ProfileContext {
  profile(): ContextProfile
  journal: Journal
  /** A client for the profile's service with its token; the caller closes it. */
  client(): ApiClient
  /**
   * How requests leave this computer (the system's proxy settings in the app), for those made
   * without client(): listing images, a connection test. Undefined: the environment's proxy
   * variables (the command line).
   */
  network?: Network
  /**
   * The profile's offline copy (kept bookings, listings, rates). In the app, the active
   * profile's: every read waits for a profile switch in progress, so it is never a closed
   * database or another profile's.
   */
  mirror(): Promise<Mirror>
  now(): number
  /** Today's date in UTC (YYYY-MM-DD), as the service's rules count days. */
  today(): string
  /** Data of the offline copy changed: screens re-read it (nothing to do in a terminal). */
  changed(resources: DataResource[]): void
  /** A write was recorded in the journal. */
  journalChanged(id: string): void
  /** Where failures that are bugs or environment problems are written (never a token). */
  log(message: string, err?: unknown): void
}

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
 * The app's context, which every domain's handlers (features/<domain>/handlers.ts) take: the
 * active profile's services, plus what only the window has: the saved profiles and switching
 * between them, the sync service, the events to the window, and saving files. create-app.ts
 * builds it once.
 */
export interface AppContext extends ProfileContext {
  profiles: ProfileStore
  /**
   * Opens `file` as `profileId`'s mirror, then closes the previous one: mirror() answers from it
   * from then on. A file that can't be opened leaves the previous mirror in place.
   */
  switchMirror(profileId: string, file: string): Promise<void>
  /** Whose mirror is open (undefined while none is). */
  mirrorProfileId(): string | undefined
  sync: SyncService
  emit: Emit
  /** Runs profile switches and deletions one at a time. */
  serial<T>(step: () => Promise<T>): Promise<T>
  /** Saving exports and vouchers (the save dialog, printing to PDF). */
  files: FileDeps
}
