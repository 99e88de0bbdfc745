import type { AvailabilityRecord } from '@shared/api/availability.schema'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import type { CommitPage, CommitResult } from './commit-page'

/** One listing's records as just read from the service; a resource not read is left out. */
export interface RefreshRecords {
  listing?: Listing
  availability?: AvailabilityRecord
  rates?: RateRecord
}

/** Per resource: the stored copy changed (new, or different; history was recorded for it). */
export type RefreshChanges = Record<SyncResourceName, boolean>

/**
 * Commits a listing's records read one by one (the desk's "refresh from the service") as the
 * sync commits a page: history recorded, quarantine cleared for a record that is now valid,
 * each resource in its own transaction. The sync cursors are not touched (`cursor: null`): a
 * refresh is not part of a walk, must not move one on, and before the first sync must not make
 * a resource look synced.
 */
export function refreshListing(
  commit: (page: CommitPage) => CommitResult,
  records: RefreshRecords,
  seenAt: number
): RefreshChanges {
  const base = { quarantined: [], cursor: null, seenAt, recordHistory: true }
  const { listing, availability, rates } = records
  return {
    listings:
      !!listing && commit({ ...base, resource: 'listings', records: [listing] }).changed > 0,
    availability:
      !!availability &&
      commit({ ...base, resource: 'availability', records: [availability] }).changed > 0,
    rates: !!rates && commit({ ...base, resource: 'rates', records: [rates] }).changed > 0
  }
}
