/**
 * The long tables' rows (Listings, Availability) come from main in windows ("pages"), fetched
 * as the visible range moves: 10,000 listings never cross IPC at once, and a scroll only asks
 * for the windows it reaches. Pure arithmetic, apart so it is tested on its own.
 */

/** Listings rows per request (listings:search takes up to 500). */
export const PAGE_SIZE = 100

export interface RowWindow<T> {
  /** Index of the first row the window holds. */
  offset: number
  items: readonly T[]
}

export function pageOf(index: number, pageSize = PAGE_SIZE): number {
  return Math.floor(Math.max(0, index) / pageSize)
}

export function pageWindow(page: number, pageSize = PAGE_SIZE): { offset: number; limit: number } {
  return { offset: page * pageSize, limit: pageSize }
}

/**
 * The windows the rows first..last (inclusive, overscan included) need: the head (the window of
 * the first row, which also brings the count) and the others after it. An empty range (no rows
 * known yet) still asks for the first window, since that answer says how many rows there are.
 */
export function pagesForRange(
  first: number,
  last: number,
  pageSize = PAGE_SIZE
): { head: number; others: number[] } {
  if (last < first || first < 0) return { head: 0, others: [] }
  const head = pageOf(first, pageSize)
  const end = pageOf(last, pageSize)
  const others: number[] = []
  for (let p = head + 1; p <= end; p++) others.push(p)
  return { head, others }
}

/** The blocks of `size` rows (by offset) that rows `first` to `last` lie in. */
export function blocksFor(first: number, last: number, size: number): number[] {
  if (last < first) return []
  const out: number[] = []
  for (let b = Math.floor(first / size); b <= Math.floor(last / size); b++) out.push(b * size)
  return out
}

/** The row at `index`, from whichever window holds it; undefined while that window loads. */
export function rowAt<T>(index: number, windows: readonly RowWindow<T>[]): T | undefined {
  for (const w of windows) {
    const i = index - w.offset
    if (i >= 0 && i < w.items.length) return w.items[i]
  }
  return undefined
}

/**
 * The rows to draw around the visible ones: how much blank space stands for the rows above and
 * below (a table keeps its own layout, so spacer rows stand in for the rows not drawn).
 */
export function spacers(
  items: readonly { start: number; end: number }[],
  totalSize: number
): { before: number; after: number } {
  if (items.length === 0) return { before: 0, after: 0 }
  return {
    before: items[0].start,
    after: Math.max(0, totalSize - items[items.length - 1].end)
  }
}

/**
 * Two answers' rows show the same thing (every field equal, shallowly): each answer brings new
 * objects for the rows it shares with the last, and a row memoised on this is not redrawn.
 */
export function sameRow(a: object, b: object): boolean {
  if (a === b) return true
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  const keys = Object.keys(x)
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k])
}
