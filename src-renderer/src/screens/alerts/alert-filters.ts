import type { CommandInput } from '@shared/ipc/contract'
import type { AlertKind, AlertStatus } from '@shared/watch/alert.schema'

/** What the Alerts list shows: one status (a tab), and optionally one kind and one listing. */
export interface AlertFilters {
  status: AlertStatus
  kind: AlertKind | null
  /** The listing picker's value: a listing id as text, or null. */
  listingId: string | null
}

export const NO_ALERT_FILTERS: AlertFilters = { status: 'new', kind: null, listingId: null }

/** A filter narrows the list beyond its tab (the tab is not a filter to clear). */
export function hasAlertFilters(f: AlertFilters): boolean {
  return f.kind !== null || f.listingId !== null
}

/** The input 'watch:alerts' takes for these filters and one page. */
export function alertsInput(
  f: AlertFilters,
  page: { limit: number; offset: number }
): CommandInput<'watch:alerts'> {
  const listingId = f.listingId !== null ? Number(f.listingId) : NaN
  return {
    status: f.status,
    ...(f.kind ? { kind: f.kind } : {}),
    ...(Number.isInteger(listingId) && listingId > 0 ? { listingId } : {}),
    ...page
  }
}
