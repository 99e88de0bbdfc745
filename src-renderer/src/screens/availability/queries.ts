import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import { AVAILABILITY_WINDOW_MAX } from '@shared/ipc/availability.schema'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { liveKey, mirrorKey, mirrorQuery } from '../../ipc/query-keys'
import type { SearchInput } from './search-form'

/**
 * The Availability screen's reads. The search and its reasons read the offline copy's
 * calendars, listings (names, filters) and rates (the estimates), and declare all three, so a
 * sync that changed only prices re-runs them too; they are filed under 'availability'. The
 * service's period answer is `live`, asked only when the person asks for it.
 */

const READS = ['availability', 'listings', 'rates'] as const

/** Result rows per answer: the first comes with the count, the others as the table scrolls. */
export const RESULTS_WINDOW = 100

/**
 * The rows from `offset` on, as the table scrolls to them. Main keeps the last search's
 * results, so a window is a slice of them, not a new search.
 */
export function resultsWindowQuery(input: SearchInput, offset: number) {
  const asked: CommandInput<'availability:search'> = { ...input, offset, limit: RESULTS_WINDOW }
  return queryOptions({
    ...mirrorQuery(READS, 'search', asked),
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
    ...mirrorQuery(READS, 'among', asked),
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
    ...mirrorQuery(READS, 'misses', withSample),
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

/** Re-reads one listing from the service into the offline copy (a read: no journal, no confirm). */
export function useRefreshListing() {
  return useCommandMutation('listings:refresh', {
    invalidates: [mirrorKey('availability'), mirrorKey('listings'), mirrorKey('rates')]
  })
}
