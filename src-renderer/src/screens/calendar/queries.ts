import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import type { HistoryItem } from '@shared/ipc/history.schema'
import { call } from '../../ipc/client'
import { mirrorKey, mirrorQuery } from '../../ipc/query-keys'

/**
 * The Calendar screen's reads, all from the active profile's offline copy, each declaring the
 * resources it reads (a month reads availability and rates, a stay's estimate all three), so a
 * change to any of them re-reads it (ipc/events.ts).
 */

/** One month of one listing (a month a query, so the neighbours prefetch and cache alone). */
export function monthQuery(listingId: number, month: string) {
  return queryOptions({
    ...mirrorQuery(['availability', 'rates'], 'calendar', 'month', listingId, month),
    queryFn: () => call('calendar:months', { listingId, from: month, count: 1 }),
    // Months change only with a sync (events re-read them): switching back is instant.
    staleTime: 5 * 60_000
  })
}

export function rulesQuery(listingId: number) {
  return queryOptions({
    ...mirrorQuery(['rates', 'listings'], 'calendar', 'rules', listingId),
    queryFn: () => call('calendar:rules', { listingId }),
    staleTime: 5 * 60_000
  })
}

export function stayQuery(input: CommandInput<'calendar:stay'>) {
  return queryOptions({
    ...mirrorQuery(['rates', 'listings', 'availability'], 'calendar', 'stay', input),
    queryFn: () => call('calendar:stay', input),
    // Extending the range keeps the last estimate on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData
  })
}

/**
 * The recorded changes of one day: its night's price (under rates) and its availability
 * (under availability), as two reads so each resource's sync re-reads its own.
 */
export function dayHistoryQuery(listingId: number, date: string, kind: 'price' | 'availability') {
  const resource = kind === 'price' ? 'rates' : 'availability'
  return queryOptions({
    queryKey: mirrorKey(resource, 'calendar', 'history', listingId, date),
    queryFn: () => call('history:list', { listingId, date, kind, limit: 100 })
  })
}

/** Both kinds of a day's changes, newest first. */
export function mergeHistory(a: HistoryItem[] = [], b: HistoryItem[] = []): HistoryItem[] {
  return [...a, ...b].sort((x, y) => y.seenAt - x.seenAt)
}

/**
 * One block of timeline rows. No placeholder data: a block's rows stand at their offset, and
 * another block's rows shown in their place would name the wrong listings.
 */
export function timelineQuery(input: CommandInput<'calendar:timeline'>) {
  return queryOptions({
    // Rows carry the kept bookings over their days (and prices when asked): each re-reads them.
    ...mirrorQuery(
      input.prices
        ? ['availability', 'listings', 'bookings', 'rates']
        : ['availability', 'listings', 'bookings'],
      'calendar',
      'timeline',
      input
    ),
    queryFn: () => call('calendar:timeline', input),
    staleTime: 5 * 60_000
  })
}
