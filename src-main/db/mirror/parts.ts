import type Database from 'better-sqlite3'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { commitPage, type CommitPage, type CommitResult } from '../commit-page'
import { unpackJson } from '../listing-json'
import type { SearchDeps } from '../queries/available'
import { Freshness } from '../queries/freshness'
import { ListingIndex } from '../queries/listing-index'
import { ListingMetaCache } from '../queries/listing-meta'
import { OverviewQuery, overviewSource } from '../queries/overview'
import { PricingCache } from '../queries/pricing-cache'
import { RecentBookings } from '../queries/recent-bookings'
import { StayCalendarsCache } from '../queries/stay-calendars'
import { WatchListQuery } from '../queries/watch-list'
import { AvailabilityRepo } from '../repos/availability'
import { BookingsRepo } from '../repos/bookings'
import { DEFAULT_HISTORY_RETENTION, HistoryRepo, type HistoryRetention } from '../repos/history'
import { ListingsRepo } from '../repos/listings'
import { DEFAULT_QUARANTINE_CAP, QuarantineRepo } from '../repos/quarantine'
import { RatesRepo } from '../repos/rates'
import { SyncStateRepo } from '../repos/sync-state'

/** What the mirror's groups are made of (one set per connection); see mirror.ts for the options. */
export interface PartsOptions {
  now?: () => number
  historyRetention?: Partial<HistoryRetention>
  quarantineCap?: number
  onCommitRecord?: (resource: SyncResourceName, index: number) => void
  writeLock?: <T>(write: () => T) => T
}

/**
 * The repositories, caches and queries over one connection, shared by the groups (listings,
 * calendars, bookings, sync, history): each group holds only what its domain reads or writes,
 * and none hands the connection on.
 */
export interface MirrorParts {
  sqlite: Database.Database
  now: () => number
  listings: ListingsRepo
  availability: AvailabilityRepo
  rates: RatesRepo
  syncState: SyncStateRepo
  quarantine: QuarantineRepo
  history: HistoryRepo
  freshness: Freshness
  search: SearchDeps
  index: ListingIndex
  bookings: BookingsRepo
  recent: RecentBookings
  watch: WatchListQuery
  /** The portfolio overview's figures, kept per listing until the data stamp moves. */
  overview: OverviewQuery
  /** Wraps a write transaction outside commitPage (the writeLock option). */
  write: <T>(fn: () => T) => T
  /** commitPage over these parts; the data stamp moves on after every commit, even a failed one. */
  commit: (page: CommitPage) => CommitResult
}

export function mirrorParts(sqlite: Database.Database, opts: PartsOptions): MirrorParts {
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
  return {
    sqlite,
    now: opts.now ?? Date.now,
    listings,
    availability,
    rates,
    syncState,
    quarantine,
    history,
    freshness,
    search: {
      sqlite,
      pricing: new PricingCache(sqlite, freshness, unpackJson),
      meta: new ListingMetaCache(sqlite, freshness),
      calendars: new StayCalendarsCache(sqlite, freshness)
    },
    index: new ListingIndex(sqlite, freshness),
    bookings: new BookingsRepo(sqlite),
    recent: new RecentBookings(sqlite),
    watch: new WatchListQuery(sqlite),
    overview: new OverviewQuery(overviewSource(sqlite), () => freshness.stamp()),
    write: opts.writeLock ?? (<T>(fn: () => T): T => fn()),
    commit
  }
}
