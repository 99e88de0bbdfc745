import type { SyncResourceName } from '@shared/ipc/sync.schema'
import {
  prepareRecord,
  type CommitPage,
  type CommitResult,
  type PreparedOf,
  type RecordOf
} from '../commit-page'
import { refreshListing, type RefreshChanges, type RefreshRecords } from '../refresh-listing'
import type { QuarantineEntry, QuarantineStats } from '../repos/quarantine'
import type { SyncCursor } from '../repos/sync-state'
import type { MirrorParts } from './parts'

interface MirrorCounts {
  listings: number
  availability: number
  rates: number
  quarantined: Record<SyncResourceName, number>
}

/** What the sync writes and reads back: pages, cursors, counts, the quarantine. */
export interface MirrorSync {
  commitPage(page: CommitPage): CommitResult
  /** A valid record made ready for commitPage's `prepared` (no database read). */
  prepareRecord<R extends SyncResourceName>(
    resource: R,
    record: RecordOf[R],
    seenAt: number
  ): PreparedOf[R]
  cursor(resource: SyncResourceName): SyncCursor | undefined
  setCursor(resource: SyncResourceName, cursor: SyncCursor): void
  counts(): MirrorCounts
  /**
   * An opaque stamp that changes whenever the data may have changed (a commit through this
   * connection or another): a read cache filled under one stamp is valid while it holds.
   */
  dataStamp(): string
  quarantined(resource?: SyncResourceName, limit?: number): QuarantineEntry[]
  quarantineStats(resource: SyncResourceName): QuarantineStats
  /**
   * Commits one listing's records just read from the service, as a sync page of one record each
   * (history recorded), leaving every sync cursor as it is; says per resource what changed.
   */
  refreshListing(records: RefreshRecords, seenAt: number): RefreshChanges
}

export function mirrorSync(p: MirrorParts): MirrorSync {
  const count = (table: 'listings' | 'availability' | 'rates') =>
    p.sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number
  const records = { listings: p.listings, availability: p.availability, rates: p.rates }
  return {
    commitPage: p.commit,
    prepareRecord: (resource, record, seenAt) => prepareRecord(records, resource, record, seenAt),
    cursor: (resource) => p.syncState.get(resource),
    setCursor: (resource, cursor) => p.syncState.set(resource, cursor, p.now()),
    counts: () => ({
      listings: count('listings'),
      availability: count('availability'),
      rates: count('rates'),
      quarantined: p.quarantine.held()
    }),
    dataStamp: () => p.freshness.stamp(),
    quarantined: (resource, limit) => p.quarantine.list(resource, limit),
    quarantineStats: (resource) => p.quarantine.stats(resource),
    refreshListing: (records, seenAt) => refreshListing(p.commit, records, seenAt)
  }
}
