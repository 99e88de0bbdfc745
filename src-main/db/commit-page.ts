import type Database from 'better-sqlite3'
import type { AvailabilityRecord } from '@shared/api/availability.schema'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import type { AvailabilityRepo, PreparedAvailability } from './repos/availability'
import type { HistoryChange, HistoryRepo } from './repos/history'
import type { ListingsRepo, PreparedListing } from './repos/listings'
import type { QuarantineInput, QuarantineRepo } from './repos/quarantine'
import type { PreparedRates, RatesRepo } from './repos/rates'
import type { SyncCursor, SyncStateRepo } from './repos/sync-state'
import type { SyncResourceName } from '@shared/ipc/sync.schema'

interface PageBase {
  quarantined: QuarantineInput[]
  /**
   * The cursor after this page; committed in the same transaction as the records. Null for a
   * record committed outside a walk (a listing's refresh): the resource's sync_state row is left
   * exactly as it is, and none is created before the first sync. Reading the cursor and writing
   * it back would not do: a sync thread commits through its own connection and could move the
   * cursor on in between, and the stale copy written back would make it walk pages again.
   */
  cursor: SyncCursor | null
  /** When the page was received, epoch ms (history and quarantine timestamps). */
  seenAt: number
  /** False during the first full sync: everything is new, so there is nothing to compare. */
  recordHistory: boolean
}

/** A resource's valid record, as the schema gives it. */
export interface RecordOf {
  listings: Listing
  availability: AvailabilityRecord
  rates: RateRecord
}

/** A record ready to write (see prepareRecord). */
export interface PreparedOf {
  listings: PreparedListing
  availability: PreparedAvailability
  rates: PreparedRates
}

/**
 * A page's valid records, either as records or already prepared one by one as they were parsed
 * (the sync engine's way: a prepared availability record no longer holds its day objects).
 */
export type CommitPage = {
  [R in SyncResourceName]: PageBase & { resource: R } & (
      { records: RecordOf[R][] } | { prepared: PreparedOf[R][] }
    )
}[SyncResourceName]

export interface CommitResult {
  /** Valid records applied (written, or already identical). */
  written: number
  /** Records whose stored content changed, new ones included. */
  changed: number
}

export interface CommitDeps {
  db: Database.Database
  listings: ListingsRepo
  availability: AvailabilityRepo
  rates: RatesRepo
  quarantine: QuarantineRepo
  history: HistoryRepo
  syncState: SyncStateRepo
  /** Called per record inside the transaction; tests use it to fail mid-page (D4). */
  onRecord?: (resource: SyncResourceName, index: number) => void
  /** Wraps the write transaction only (see MirrorOptions.writeLock). */
  writeLock?: <T>(write: () => T) => T
}

type Prepared = {
  [R in SyncResourceName]: { resource: R; items: PreparedOf[R][] }
}[SyncResourceName]

/**
 * Everything a write needs that does not read the database (JSON, deflate, packing), done
 * before the write transaction opens: other writers (one per resource) wait only for the
 * statements themselves.
 */
export function prepareRecord<R extends SyncResourceName>(
  deps: Pick<CommitDeps, 'listings' | 'availability' | 'rates'>,
  resource: R,
  record: RecordOf[R],
  seenAt: number
): PreparedOf[R] {
  const prepared =
    resource === 'listings'
      ? deps.listings.prepare(record as Listing, seenAt)
      : resource === 'availability'
        ? deps.availability.prepare(record as AvailabilityRecord)
        : deps.rates.prepare(record as RateRecord)
  return prepared as PreparedOf[R]
}

function prepare(deps: CommitDeps, page: CommitPage): Prepared {
  if ('prepared' in page) return { resource: page.resource, items: page.prepared } as Prepared
  const records = page.records as RecordOf[typeof page.resource][]
  return {
    resource: page.resource,
    items: records.map((r) => prepareRecord(deps, page.resource, r, page.seenAt))
  } as Prepared
}

function applyOne(
  deps: CommitDeps,
  page: CommitPage,
  prepared: Prepared,
  index: number
): { id: number; changes: HistoryChange[] | null } {
  switch (prepared.resource) {
    case 'listings': {
      const p = prepared.items[index]
      return { id: p.listing.id, changes: deps.listings.apply(p) }
    }
    case 'availability': {
      const p = prepared.items[index]
      return {
        id: p.listingId,
        changes: deps.availability.apply(p, page.seenAt, page.recordHistory)
      }
    }
    case 'rates': {
      const p = prepared.items[index]
      return {
        id: p.record.listingId,
        changes: deps.rates.apply(p, page.seenAt, page.recordHistory)
      }
    }
  }
}

/**
 * Applies one page and its cursor in a single transaction (reliability checklist D4): after a
 * crash or an exception either the whole page and the new cursor are visible, or neither is.
 * Callers fetch and parse before calling, since better-sqlite3 transactions are synchronous.
 */
export function commitPage(deps: CommitDeps, page: CommitPage): CommitResult {
  const prepared = prepare(deps, page)
  const run = deps.db.transaction((): CommitResult => {
    let changed = 0
    for (let i = 0; i < prepared.items.length; i++) {
      deps.onRecord?.(page.resource, i)
      const { id, changes } = applyOne(deps, page, prepared, i)
      deps.quarantine.clear(page.resource, String(id))
      if (changes === null) continue
      changed++
      if (page.recordHistory && changes.length > 0) {
        deps.history.record(id, page.resource, changes, page.seenAt)
      }
    }
    deps.quarantine.add(page.resource, page.quarantined, page.seenAt)
    if (page.recordHistory) deps.history.prune(page.seenAt)
    if (page.cursor !== null) deps.syncState.set(page.resource, page.cursor, page.seenAt)
    return { written: prepared.items.length, changed }
  })
  return deps.writeLock ? deps.writeLock(() => run.immediate()) : run.immediate()
}
