import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { openDatabase, type OpenOptions } from './connection'
import { mirrorBookings, type MirrorBookings } from './mirror/bookings'
import { mirrorCalendars, type MirrorCalendars } from './mirror/calendars'
import { mirrorHistory, type MirrorHistory } from './mirror/history'
import { mirrorListings, type MirrorListings } from './mirror/listings'
import { mirrorParts } from './mirror/parts'
import { mirrorSync, type MirrorSync } from './mirror/sync'
import type { HistoryRetention } from './repos/history'
import { KeptExtrasRepo } from './repos/kept-extras'

export interface MirrorOptions extends OpenOptions {
  historyRetention?: Partial<HistoryRetention>
  quarantineCap?: number
  /** Test hook: called per record inside commitPage's transaction. */
  onCommitRecord?: (resource: SyncResourceName, index: number) => void
  /**
   * Wraps each write transaction, e.g. a lock shared by several writers of the same file (the
   * sync's per-resource threads), so they take turns without SQLite's sleeping busy handler.
   */
  writeLock?: <T>(write: () => T) => T
}

/**
 * One profile's offline copy of the service's data, and the queries the screens run on it,
 * grouped by domain (mirror/*.ts). No group hands out the SQLite connection: what a caller
 * needs of the data is a method of its group.
 */
export interface Mirror {
  readonly file: string
  /** True when the file failed quick_check and was moved to `movedAsideTo`. */
  readonly recoveredFromCorruption: boolean
  readonly movedAsideTo?: string
  /**
   * Where kept references and bookings live: a file beside the mirror that a rebuild leaves
   * alone (src-main/kept), attached to this connection as `kept`; ':memory:' for a mirror in
   * memory, which holds them itself.
   */
  readonly keptFile: string
  readonly listings: MirrorListings
  readonly calendars: MirrorCalendars
  readonly bookings: MirrorBookings
  readonly sync: MirrorSync
  readonly history: MirrorHistory
  /**
   * References set (in the kept store), images fetched and screen settings (in the mirror):
   * what the desk keeps per profile.
   */
  readonly kept: KeptExtrasRepo
  /** False once closed: a pass over many slices stops instead of reading a closed connection. */
  isOpen(): boolean
  close(): Promise<void>
}

/**
 * Opens a profile's mirror (see connection.ts for the checks on open). Async only because
 * Kysely's Migrator is; every method of the returned Mirror is synchronous, as better-sqlite3 is.
 */
export async function openMirror(file: string, opts: MirrorOptions = {}): Promise<Mirror> {
  const opened = await openDatabase(file, opts)
  const { sqlite, kysely } = opened
  const parts = mirrorParts(sqlite, opts)
  const listings = mirrorListings(parts)
  const calendars = mirrorCalendars(parts)
  const bookings = mirrorBookings(parts)
  const sync = mirrorSync(parts)
  const history = mirrorHistory(parts)

  return {
    file,
    recoveredFromCorruption: opened.recoveredFromCorruption,
    ...(opened.movedAsideTo ? { movedAsideTo: opened.movedAsideTo } : {}),
    keptFile: opened.keptFile,
    listings,
    calendars,
    bookings,
    sync,
    history,
    kept: new KeptExtrasRepo(sqlite),
    isOpen: () => sqlite.open,
    close: () => kysely.destroy()
  }
}
