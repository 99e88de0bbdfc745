import type { CommandInput } from '@shared/ipc/contract'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import type { HistoryKind } from '@shared/domain/history-words'

/** The History screen's filters, and the history:list input they make. */

/** The synced resource each kind of change is recorded from. */
export const RESOURCE_OF_KIND: Record<HistoryKind, SyncResourceName> = {
  price: 'rates',
  availability: 'availability',
  listing: 'listings'
}

/** Every resource a list of all changes is recorded from. */
export const RESOURCES_OF_CHANGES = Object.values(RESOURCE_OF_KIND)

export interface HistoryFilters {
  /** The listing picker's value (an id as text), null for the whole portfolio. */
  listingId: string | null
  kind: HistoryKind | null
  /** The days the changes were seen (UTC), YYYY-MM-DD; either end may be open. */
  seen: [string | null, string | null]
  /** One night or day the change is about (a price or availability of that date). */
  night: string | null
}

export const NO_HISTORY_FILTERS: HistoryFilters = {
  listingId: null,
  kind: null,
  seen: [null, null],
  night: null
}

export function hasHistoryFilters(f: HistoryFilters): boolean {
  return f.listingId !== null || f.kind !== null || !!f.seen[0] || !!f.seen[1] || !!f.night
}

/** The filters as history:list takes them, for one page. */
export function historyInput(
  f: HistoryFilters,
  page: { limit: number; offset: number }
): CommandInput<'history:list'> {
  const id = f.listingId === null ? NaN : Number(f.listingId)
  return {
    ...(Number.isInteger(id) && id > 0 ? { listingId: id } : {}),
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.seen[0] ? { from: f.seen[0] } : {}),
    ...(f.seen[1] ? { to: f.seen[1] } : {}),
    ...(f.night ? { date: f.night } : {}),
    limit: page.limit,
    offset: page.offset
  }
}
