import type Database from 'better-sqlite3'
import type { Kysely } from 'kysely'
import type { AvailabilityRecord } from '@shared/api/availability.schema'
import type { BookingDetails } from '@shared/api/booking.schema'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import type { IsoDate } from '@shared/domain/dates'
import type { QuoteOutcome } from '@shared/domain/pricing'
import type { StayRequest } from '@shared/domain/stay-rules'
import type { BookingSummary, WatchList } from '@shared/ipc/desk.schema'
import {
  commitPage,
  prepareRecord,
  type CommitPage,
  type CommitResult,
  type PreparedOf,
  type RecordOf
} from './commit-page'
import { openDatabase, type OpenOptions } from './connection'
import { StayCalendars } from './queries/stay-calendars'
import { availableListings, type AvailableQuery, type AvailableResult } from './queries/available'
import { calendarMonth, type CalendarMonth } from './queries/calendar'
import { dayLetters } from './queries/day-letters'
import { estimateStay } from './queries/estimate'
import { unpackJson } from './listing-json'
import { Freshness } from './queries/freshness'
import { ListingIndex, type ListingFilter } from './queries/listing-index'
import { ListingMetaCache } from './queries/listing-meta'
import { PricingCache } from './queries/pricing-cache'
import {
  RecentBookings,
  type RecentBookingsQuery,
  type RecentBookingsResult
} from './queries/recent-bookings'
import {
  listingFacets,
  searchListings,
  type ListingSearch,
  type ListingSearchResult
} from './queries/search'
import type { ListingFacets, ListingSort, ListingSummary } from '@shared/ipc/views.schema'
import { WatchListQuery } from './queries/watch-list'
import { refreshListing, type RefreshChanges, type RefreshRecords } from './refresh-listing'
import { AvailabilityRepo } from './repos/availability'
import { BookingsRepo, type KeepMeta } from './repos/bookings'
import {
  DEFAULT_HISTORY_RETENTION,
  HistoryRepo,
  type HistoryEntry,
  type HistoryFilter,
  type HistoryRetention
} from './repos/history'
import { ListingsRepo } from './repos/listings'
import {
  DEFAULT_QUARANTINE_CAP,
  QuarantineRepo,
  type QuarantineEntry,
  type QuarantineStats
} from './repos/quarantine'
import type { z } from 'zod'
import type { HistoryInput } from '@shared/ipc/pm.schema'
import { historyPage, type HistoryRecord } from './queries/history-all'
import { KeptExtrasRepo } from './repos/kept-extras'
import { RatesRepo } from './repos/rates'
import { SyncStateRepo, type SyncCursor } from './repos/sync-state'
import type { SyncResourceName } from '@shared/ipc/views.schema'
import type { MirrorDatabase } from './schema'

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

export interface MirrorCounts {
  listings: number
  availability: number
  rates: number
  quarantined: Record<SyncResourceName, number>
}

/** One profile's offline copy of the service's data, and the queries the screens run on it. */
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
  /** The raw connection (ad-hoc reads, tests); Kysely shares it. */
  readonly sqlite: Database.Database
  readonly kysely: Kysely<MirrorDatabase>
  /**
   * References set (in the kept store), images fetched and screen settings (in the mirror):
   * what the desk keeps per profile.
   */
  readonly kept: KeptExtrasRepo

  commitPage(page: CommitPage): CommitResult
  /** A valid record made ready for commitPage's `prepared` (no database read). */
  prepareRecord<R extends SyncResourceName>(
    resource: R,
    record: RecordOf[R],
    seenAt: number
  ): PreparedOf[R]
  syncState(resource: SyncResourceName): SyncCursor | undefined
  setSyncState(resource: SyncResourceName, cursor: SyncCursor): void
  counts(): MirrorCounts
  /**
   * An opaque stamp that changes whenever the data may have changed (a commit through this
   * connection or another): a read cache filled under one stamp is valid while it holds.
   */
  dataStamp(): string
  quarantined(resource?: SyncResourceName, limit?: number): QuarantineEntry[]
  quarantineStats(resource: SyncResourceName): QuarantineStats

  searchListings(q: ListingSearch): ListingSearchResult
  /** Every listing the filter keeps, in the sort's order (in memory: listing-index.ts). */
  filterListings(q: ListingFilter, sort?: ListingSort): ListingSummary[]
  listingSummary(id: number): ListingSummary | undefined
  /** Each listing's summary at its id's place, undefined where the copy has none. */
  listingSummaries(ids: readonly number[]): (ListingSummary | undefined)[]
  /** The portfolio's countries, regions and cities with their listing counts. */
  listingFacets(): ListingFacets
  listing(id: number): Listing | undefined
  availabilityRecord(listingId: number): AvailabilityRecord | undefined
  rateRecord(listingId: number): RateRecord | undefined
  availableListings(q: AvailableQuery): AvailableResult
  calendarMonth(listingId: number, month: string): CalendarMonth
  /** Days as letters for the timeline (queries/day-letters.ts); all listings without `ids`. */
  dayLetters(from: number, days: number, ids?: readonly number[]): Map<number, string>
  estimate(listingId: number, stay: StayRequest, today: IsoDate): QuoteOutcome | undefined
  history(listingId: number, filter?: HistoryFilter): HistoryEntry[]
  /** Recorded changes across the portfolio or for one listing, filtered and paged. */
  historyPage(q: z.output<typeof HistoryInput>): { total: number; items: HistoryRecord[] }
  /**
   * Commits one listing's records just read from the service, as a sync page of one record each
   * (history recorded), leaving every sync cursor as it is; says per resource what changed.
   */
  refreshListing(records: RefreshRecords, seenAt: number): RefreshChanges

  /** Keeps the copy of a booking read from the service (repos/bookings.ts for what is kept). */
  keepBooking(booking: BookingDetails, meta: KeepMeta): BookingSummary
  keptBooking(id: string): { booking: BookingDetails; summary: BookingSummary } | undefined
  /** The kept booking made with this own reference (exact, case-sensitive). */
  bookingIdByReference(reference: string): string | undefined
  /** Kept bookings, newest read first. */
  recentBookings(q: RecentBookingsQuery): RecentBookingsResult
  /** Payments and confirmations awaited, instalments due from `today` to a week later. */
  watchList(today: IsoDate, nowMs: number): WatchList

  close(): Promise<void>
}

/**
 * Opens a profile's mirror (see connection.ts for the checks on open). Async only because
 * Kysely's Migrator is; every method of the returned Mirror is synchronous, as better-sqlite3 is.
 */
export async function openMirror(file: string, opts: MirrorOptions = {}): Promise<Mirror> {
  const opened = await openDatabase(file, opts)
  const { sqlite, kysely } = opened
  const now = opts.now ?? Date.now
  const listings = new ListingsRepo(sqlite)
  const availability = new AvailabilityRepo(sqlite)
  const rates = new RatesRepo(sqlite)
  const syncState = new SyncStateRepo(sqlite)
  const quarantine = new QuarantineRepo(sqlite, opts.quarantineCap ?? DEFAULT_QUARANTINE_CAP)
  const history = new HistoryRepo(sqlite, {
    ...DEFAULT_HISTORY_RETENTION,
    ...opts.historyRetention
  })
  const freshness = new Freshness(sqlite)
  const search = {
    sqlite,
    pricing: new PricingCache(sqlite, freshness, unpackJson),
    meta: new ListingMetaCache(sqlite, freshness),
    calendars: new StayCalendars(sqlite, freshness)
  }
  const index = new ListingIndex(sqlite, freshness)
  const bookings = new BookingsRepo(sqlite)
  const recent = new RecentBookings(sqlite)
  const watch = new WatchListQuery(sqlite)
  const write = opts.writeLock ?? (<T>(fn: () => T): T => fn())
  const commit = (page: CommitPage): CommitResult => {
    try {
      return commitPage(
        {
          db: sqlite,
          listings,
          availability,
          rates,
          quarantine,
          history,
          syncState,
          onRecord: opts.onCommitRecord,
          writeLock: opts.writeLock
        },
        page
      )
    } finally {
      freshness.bump()
    }
  }
  const count = (table: string) =>
    sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number

  return {
    file,
    recoveredFromCorruption: opened.recoveredFromCorruption,
    ...(opened.movedAsideTo ? { movedAsideTo: opened.movedAsideTo } : {}),
    keptFile: opened.keptFile,
    sqlite,
    kysely,
    kept: new KeptExtrasRepo(sqlite),
    commitPage: commit,
    prepareRecord: (resource, record, seenAt) =>
      prepareRecord({ listings, availability, rates }, resource, record, seenAt),
    syncState: (resource) => syncState.get(resource),
    setSyncState: (resource, cursor) => syncState.set(resource, cursor, now()),
    counts: () => ({
      listings: count('listings'),
      availability: count('availability'),
      rates: count('rates'),
      quarantined: quarantine.held()
    }),
    dataStamp: () => freshness.stamp(),
    quarantined: (resource, limit) => quarantine.list(resource, limit),
    quarantineStats: (resource) => quarantine.stats(resource),
    searchListings: (q) => searchListings(index, q),
    filterListings: (q, sort) => index.filter(q, sort),
    listingSummary: (id) => index.get(id),
    listingSummaries: (ids) => index.getMany(ids),
    listingFacets: () => listingFacets(sqlite),
    listing: (id) => listings.get(id),
    availabilityRecord: (id) => availability.get(id),
    rateRecord: (id) => rates.get(id),
    availableListings: (q) => availableListings(search, q),
    calendarMonth: (id, month) => calendarMonth(sqlite, id, month),
    dayLetters: (from, days, ids) => dayLetters(sqlite, from, days, ids),
    estimate: (id, stay, today) => estimateStay({ listings, availability, rates }, id, stay, today),
    history: (id, filter) => history.list(id, filter),
    historyPage: (q) => historyPage(sqlite, q),
    refreshListing: (records, seenAt) => refreshListing(commit, records, seenAt),
    keepBooking: (booking, meta) => write(() => bookings.keep(booking, meta)),
    keptBooking: (id) => bookings.get(id),
    bookingIdByReference: (reference) => bookings.idByReference(reference),
    recentBookings: (q) => recent.list(q),
    watchList: (today, nowMs) => watch.list(today, nowMs),
    close: () => kysely.destroy()
  }
}
