import type Database from 'better-sqlite3'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { openDatabase, type OpenOptions } from './connection'
import { mirrorBookings, type MirrorBookings } from './mirror/bookings'
import { mirrorCalendars, type MirrorCalendars } from './mirror/calendars'
import { mirrorHistory, type MirrorHistory } from './mirror/history'
import { mirrorListings, type MirrorListings } from './mirror/listings'
import { mirrorParts } from './mirror/parts'
import { mirrorSync, type MirrorCounts, type MirrorSync } from './mirror/sync'
import type { HistoryFilter, HistoryRetention } from './repos/history'
import { KeptExtrasRepo } from './repos/kept-extras'

export type { MirrorCounts }

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
export interface MirrorGroups {
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
  /** One listing's changes (callable: the compatibility surface below), and the history pages. */
  readonly history: MirrorHistory & MirrorCompatibility['history']
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
 * The compatibility surface, to be removed once callers use the groups (`mirror.listings.*`,
 * `mirror.calendars.*`, ...): the flat methods of the facade as it was, each forwarding to its
 * group, and the raw connection, which only tests, benchmarks and app/pm/availability-misses.ts
 * still read (each caller's change is listed in the commit that made the groups).
 */
export interface MirrorCompatibility {
  /** @deprecated Tests and benchmarks: open a connection of their own on `file`. */
  readonly sqlite: Database.Database
  /** @deprecated mirror.sync.commitPage */
  commitPage: MirrorSync['commitPage']
  /** @deprecated mirror.sync.prepareRecord */
  prepareRecord: MirrorSync['prepareRecord']
  /** @deprecated mirror.sync.cursor */
  syncState: MirrorSync['cursor']
  /** @deprecated mirror.sync.setCursor */
  setSyncState: MirrorSync['setCursor']
  /** @deprecated mirror.sync.counts */
  counts: MirrorSync['counts']
  /** @deprecated mirror.sync.dataStamp */
  dataStamp: MirrorSync['dataStamp']
  /** @deprecated mirror.sync.quarantined */
  quarantined: MirrorSync['quarantined']
  /** @deprecated mirror.sync.quarantineStats */
  quarantineStats: MirrorSync['quarantineStats']
  /** @deprecated mirror.sync.refreshListing */
  refreshListing: MirrorSync['refreshListing']
  /** @deprecated mirror.listings.search */
  searchListings: MirrorListings['search']
  /** @deprecated mirror.listings.filter */
  filterListings: MirrorListings['filter']
  /** @deprecated mirror.listings.summary */
  listingSummary: MirrorListings['summary']
  /** @deprecated mirror.listings.summaries */
  listingSummaries: MirrorListings['summaries']
  /** @deprecated mirror.listings.facets */
  listingFacets: MirrorListings['facets']
  /** @deprecated mirror.listings.get */
  listing: MirrorListings['get']
  /** @deprecated mirror.calendars.availability */
  availabilityRecord: MirrorCalendars['availability']
  /** @deprecated mirror.calendars.rates */
  rateRecord: MirrorCalendars['rates']
  /** @deprecated mirror.calendars.available */
  availableListings: MirrorCalendars['available']
  /** @deprecated mirror.calendars.month */
  calendarMonth: MirrorCalendars['month']
  /** @deprecated mirror.calendars.dayLetters */
  dayLetters: MirrorCalendars['dayLetters']
  /** @deprecated mirror.calendars.estimate */
  estimate: MirrorCalendars['estimate']
  /** @deprecated mirror.history.ofListing (the group is callable until then) */
  history: MirrorHistory['ofListing']
  /** @deprecated mirror.history.page */
  historyPage: MirrorHistory['page']
  /** @deprecated mirror.bookings.keep */
  keepBooking: MirrorBookings['keep']
  /** @deprecated mirror.bookings.get */
  keptBooking: MirrorBookings['get']
  /** @deprecated mirror.bookings.idByReference */
  bookingIdByReference: MirrorBookings['idByReference']
  /** @deprecated mirror.bookings.recent */
  recentBookings: MirrorBookings['recent']
  /** @deprecated mirror.bookings.watchList */
  watchList: MirrorBookings['watchList']
}

/** The mirror as callers hold it today: the groups, and the compatibility surface until it goes. */
export type Mirror = MirrorGroups & Omit<MirrorCompatibility, 'history'>

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
  const changes = mirrorHistory(parts)
  const history = Object.assign(
    (listingId: number, filter?: HistoryFilter) => changes.ofListing(listingId, filter),
    changes
  )

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
    close: () => kysely.destroy(),

    // The compatibility surface (MirrorCompatibility): remove with the callers' last use.
    sqlite,
    commitPage: sync.commitPage,
    prepareRecord: sync.prepareRecord,
    syncState: sync.cursor,
    setSyncState: sync.setCursor,
    counts: sync.counts,
    dataStamp: sync.dataStamp,
    quarantined: sync.quarantined,
    quarantineStats: sync.quarantineStats,
    refreshListing: sync.refreshListing,
    searchListings: listings.search,
    filterListings: listings.filter,
    listingSummary: listings.summary,
    listingSummaries: listings.summaries,
    listingFacets: listings.facets,
    listing: listings.get,
    availabilityRecord: calendars.availability,
    rateRecord: calendars.rates,
    availableListings: calendars.available,
    calendarMonth: calendars.month,
    dayLetters: calendars.dayLetters,
    estimate: calendars.estimate,
    historyPage: changes.page,
    keepBooking: bookings.keep,
    keptBooking: bookings.get,
    bookingIdByReference: bookings.idByReference,
    recentBookings: bookings.recent,
    watchList: bookings.watchList
  }
}
