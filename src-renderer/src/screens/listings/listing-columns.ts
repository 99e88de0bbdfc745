import type { VirtualColumn } from '../../components/VirtualTable'
import type { SortKey } from './view-state'

/**
 * The Listings table's columns, and which of them fit a table of a given width. Fourteen
 * columns do not fit the default 1280-pixel window beside the navigation: rather than scroll
 * sideways (headers cut at the edge) or squeeze the name to nothing, a narrow table folds the
 * columns a manager reads least (FOLD_ORDER); the listing page, the filters and the CSV export
 * still hold them, and a wider window shows them again.
 */

export type ColumnKey = SortKey | 'bookingType' | 'active'

export const COLUMNS: readonly VirtualColumn<ColumnKey>[] = [
  { key: 'id', label: 'ID', width: 72, numeric: true, sortable: true },
  { key: 'referenceNumber', label: 'Reference', width: 112, sortable: true },
  // The name takes what the others leave (at least NAME_MIN).
  { key: 'name', label: 'Name', sortable: true },
  { key: 'city', label: 'City', width: 120, sortable: true },
  { key: 'country', label: 'Country', width: 96, sortable: true },
  { key: 'maxGuest', label: 'Guests', width: 80, numeric: true, sortable: true },
  { key: 'bedrooms', label: 'Bedrooms', width: 100, numeric: true, sortable: true },
  { key: 'bookingType', label: 'Booking', width: 92 },
  // Wide enough for the "Inactive" badge whole.
  { key: 'active', label: 'Status', width: 100 },
  // The figures at a glance (GLANCE_NOTE above the table says what each is). Min. stay is the
  // next arrival day's minimum stay, the rule; the bookable stay from that day may be longer.
  { key: 'lowestPrice', label: 'Lowest rate', width: 112, numeric: true, sortable: true },
  { key: 'minStay', label: 'Min. stay', width: 98, numeric: true, sortable: true },
  { key: 'nextArrival', label: 'Next arrival', width: 118, sortable: true }
]

/** The narrowest the name may get before another column folds. */
export const NAME_MIN = 220

/** Folded first to last as the table narrows. */
const FOLD_ORDER: readonly ColumnKey[] = ['referenceNumber', 'bookingType', 'country']

/** The columns a table `width` pixels wide shows, in their order. */
export function shownColumns(width: number): VirtualColumn<ColumnKey>[] {
  let shown = [...COLUMNS]
  const need = () => shown.reduce((sum, c) => sum + (c.width ?? NAME_MIN), 0)
  for (const key of FOLD_ORDER) {
    if (need() <= width) break
    shown = shown.filter((c) => c.key !== key)
  }
  return shown
}

/** The table's own minimum: the narrowest layout with a name still readable (below it, it scrolls). */
export const TABLE_MIN_WIDTH =
  shownColumns(0).reduce((sum, c) => sum + (c.width ?? 0), 0) + NAME_MIN - 60
