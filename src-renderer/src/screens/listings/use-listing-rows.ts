import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query'
import type { ListingRow } from '@shared/ipc/listings.schema'
import { listingWindowQuery } from './queries'
import { pagesForRange, pageWindow, rowAt, type RowWindow } from '../../components/row-window'
import { searchInput, type ListingsView } from './view-state'

export interface ListingRows {
  /** How many listings match; undefined until the first answer. */
  total: number | undefined
  /** The row at an index, or undefined while its window loads. */
  row(index: number): ListingRow | undefined
  /** The rows on screen belong to the previous filter while the new answer is on its way. */
  stale: boolean
  isPending: boolean
  error: Error | null
  refetch(): void
}

/**
 * The rows of the visible range (first..last, overscan included), fetched in windows. The head
 * window (that of the first visible row) keeps its previous answer while a new filter or sort
 * is asked (each keystroke asks main at once; main answers from an in-memory index), so the
 * table never flashes empty between keystrokes; the count comes with it.
 */
export function useListingRows(
  view: ListingsView,
  range: { first: number; last: number },
  enabled: boolean
): ListingRows {
  const { head, others } = pagesForRange(range.first, range.last)
  const headQuery = useQuery({
    ...listingWindowQuery(searchInput(view, pageWindow(head))),
    placeholderData: keepPreviousData,
    enabled
  })
  const rest = useQueries({
    queries: others.map((p) => ({
      ...listingWindowQuery(searchInput(view, pageWindow(p))),
      enabled
    }))
  })
  const windows: RowWindow<ListingRow>[] = []
  if (headQuery.data) windows.push(headQuery.data)
  for (const q of rest) if (q.data) windows.push(q.data)
  const failed = headQuery.error ?? rest.find((q) => q.error)?.error ?? null

  return {
    total: headQuery.data?.total,
    row: (index) => rowAt(index, windows),
    stale: headQuery.isPlaceholderData,
    isPending: headQuery.isPending,
    error: failed,
    refetch: () => {
      void headQuery.refetch()
      for (const q of rest) if (q.error) void q.refetch()
    }
  }
}
