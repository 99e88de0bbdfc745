/**
 * The long tables' pure parts (VirtualTable): what a header click does to the order, how the
 * order reads to assistive technology, and where a key moves the focus between rows. Apart from
 * the component so they are tested on their own.
 */

type SortDir = 'asc' | 'desc'

export interface SortState<K extends string> {
  key: K
  dir: SortDir
}

/**
 * The order after a click on `key`'s header: a new column sorts ascending, the same column turns
 * descending; a third click clears the order where the table has an order of its own to go
 * back to (`clearable`, Listings: by id), and turns ascending again where it has none.
 */
export function nextSort<K extends string>(
  current: SortState<K> | null,
  key: K,
  clearable: boolean
): SortState<K> | null {
  if (current?.key !== key) return { key, dir: 'asc' }
  if (current.dir === 'asc') return { key, dir: 'desc' }
  return clearable ? null : { key, dir: 'asc' }
}

/**
 * A header's `aria-sort`: only the column the rows are sorted by carries one (ARIA: on one
 * header at a time), so an unsorted column has no attribute at all.
 */
export function ariaSort<K extends string>(
  sort: SortState<K> | null | undefined,
  key: K
): 'ascending' | 'descending' | undefined {
  if (sort?.key !== key) return undefined
  return sort.dir === 'asc' ? 'ascending' : 'descending'
}

/** The mark beside a sortable header's label: the order, or that it can be sorted. */
export function sortMark<K extends string>(sort: SortState<K> | null | undefined, key: K): string {
  const dir = ariaSort(sort, key)
  return dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : '↕'
}

/** The keys that move between rows; every other key is left to the focused control. */
const ROW_KEYS = ['ArrowDown', 'ArrowUp', 'PageDown', 'PageUp', 'Home', 'End'] as const

/**
 * Rows a Page Up/Down moves: those in view less one, so the row focused before the move is
 * still in sight after it (at least one row).
 */
export function rowsPerPage(viewHeight: number, rowHeight: number): number {
  return Math.max(1, Math.floor(viewHeight / rowHeight) - 1)
}

/**
 * The row (0-based, in the whole result of `total` rows) a key moves the focus to from row
 * `index`, kept inside the table; null for a key that does not move between rows.
 */
export function rowMove(key: string, index: number, total: number, page: number): number | null {
  const moves: Record<(typeof ROW_KEYS)[number], number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    PageDown: index + page,
    PageUp: index - page,
    Home: 0,
    End: total - 1
  }
  if (total <= 0 || !(ROW_KEYS as readonly string[]).includes(key)) return null
  return Math.min(total - 1, Math.max(0, moves[key as (typeof ROW_KEYS)[number]]))
}

/** A body row's place in the result from its `aria-rowindex` (the header row is 1). */
export function rowIndexOf(ariaRowIndex: string | null | undefined): number | null {
  const n = Number(ariaRowIndex)
  return Number.isInteger(n) && n >= 2 ? n - 2 : null
}
