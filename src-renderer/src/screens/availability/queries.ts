import { useEffect } from 'react'
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import { AVAILABILITY_WINDOW_MAX } from '@shared/ipc/availability.schema'
import { bridge, call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { liveKey, mirrorKey } from '../../ipc/query-keys'
import type { SearchInput } from './search-form'

/**
 * The Availability screen's reads. The search and its reasons read the offline copy's
 * calendars (a `mirror` key under 'availability', so a changed calendar re-runs them); the
 * service's period answer is `live`, asked only when the person asks for it.
 */

/** Result rows per answer: the first comes with the count, the others as the table scrolls. */
export const RESULTS_WINDOW = 100

/**
 * The rows from `offset` on, as the table scrolls to them. Main keeps the last search's
 * results, so a window is a slice of them, not a new search.
 */
export function resultsWindowQuery(input: SearchInput, offset: number) {
  const asked: CommandInput<'availability:search'> = { ...input, offset, limit: RESULTS_WINDOW }
  return queryOptions({
    queryKey: mirrorKey('availability', 'search', asked),
    queryFn: () => call('availability:search', asked)
  })
}

/** The search's answer: how many listings are bookable, and the first window of them. */
export function searchQuery(input: SearchInput) {
  return queryOptions({
    ...resultsWindowQuery(input, 0),
    // A new sort or search keeps the previous rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData
  })
}

/** Which of these listings the search finds (the live comparison's disagreements). */
export function amongResultsQuery(input: SearchInput, ids: number[]) {
  const among = ids.slice(0, AVAILABILITY_WINDOW_MAX)
  const asked: CommandInput<'availability:search'> = { ...input, among, limit: among.length }
  return queryOptions({
    queryKey: mirrorKey('availability', 'among', asked),
    queryFn: () => call('availability:search', asked)
  })
}

/** How many listings per reason main names at first; "Show all" asks for up to the maximum. */
export const MISS_SAMPLE = 100
export const MISS_SAMPLE_MAX = 500

/** The reasons don't depend on the order of the results: the sort is left out of their key. */
export function missesQuery(input: SearchInput, sample: number) {
  const { sort: _sort, ...rest } = input
  const withSample: CommandInput<'availability:misses'> = { ...rest, missSample: sample }
  return queryOptions({
    queryKey: mirrorKey('availability', 'misses', withSample),
    queryFn: () => call('availability:misses', withSample),
    placeholderData: keepPreviousData
  })
}

/**
 * The service's period availability beside the copy's. Asked on a click: kept until asked
 * again (staleTime Infinity), so coming back to the screen shows the answer with its time
 * rather than asking the service behind the person's back.
 */
export function liveQuery(period: { from: string; to: string }) {
  return queryOptions({
    queryKey: liveKey('availability', period),
    queryFn: () => call('availability:live', period),
    staleTime: Infinity,
    gcTime: 10 * 60_000
  })
}

export const facetsQuery = queryOptions({
  queryKey: mirrorKey('listings', 'facets'),
  queryFn: () => call('listings:facets', {}),
  staleTime: 5 * 60_000
})

/** Re-reads one listing from the service into the offline copy (a read: no journal, no confirm). */
export function useRefreshListing() {
  return useCommandMutation('listings:refresh', {
    invalidates: [mirrorKey('availability'), mirrorKey('listings'), mirrorKey('rates')]
  })
}

/**
 * The search also reads listings (names, filters) and rates (the estimates), which main's
 * `db:changed` names apart from calendars; a query key sits in one family only, so this
 * re-runs the screen's reads when those change too (a sync that changed only prices).
 */
export function useRerunOnPortfolioChanges(): void {
  const qc = useQueryClient()
  useEffect(() => {
    const off = bridge()?.on('db:changed', ({ resources }) => {
      if (resources.some((r) => r === 'listings' || r === 'rates')) {
        void qc.invalidateQueries({ queryKey: mirrorKey('availability') })
      }
    })
    return off
  }, [qc])
}
