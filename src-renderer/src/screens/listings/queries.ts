import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { mirrorKey, mirrorQuery } from '../../ipc/query-keys'
import { pageWindow } from '../../components/row-window'
import { searchInput, type ListingsView } from './view-state'

/**
 * The Listings screen's reads and writes. Reads come from the active profile's offline copy
 * (mirror keys, so db:changed re-reads them); images and the live check go through main, which
 * keeps what it fetched in the copy.
 */

/** Listings matching a search, one window of them (the palette uses it too). */
export function listingSearchQuery(input: CommandInput<'listings:search'>) {
  return queryOptions({
    queryKey: mirrorKey('listings', 'search', input),
    queryFn: () => call('listings:search', input),
    // Typing keeps the previous rows on screen instead of flashing skeletons.
    placeholderData: keepPreviousData
  })
}

/**
 * One window of the table's rows, with the offset it starts at: a window kept on screen while
 * the next filter's answer comes (placeholder data) still says which rows it holds. The rows'
 * figures at a glance read the calendars and rates too, so a change to either re-reads them.
 */
export function listingWindowQuery(input: CommandInput<'listings:search'>) {
  return queryOptions({
    ...mirrorQuery(['listings', 'availability', 'rates'], 'window', input),
    queryFn: async () => ({ ...(await call('listings:search', input)), offset: input.offset ?? 0 })
  })
}

const totalOf = (w: { total: number }) => w.total

/**
 * How many listings match a view: the table's height. The first window's own read (the one the
 * table's first rows make), so a new filter is one request whose answer brings both; kept on
 * screen while the next filter's count comes, so the table never collapses between keystrokes.
 */
export function listingTotalQuery(view: ListingsView) {
  return queryOptions({
    ...listingWindowQuery(searchInput(view, pageWindow(0))),
    placeholderData: keepPreviousData,
    select: totalOf
  })
}

/** The whole portfolio's size in the offline copy, for "1,234 of 10,000 listings". */
export const portfolioSizeQuery = queryOptions({
  queryKey: mirrorKey('listings', 'size'),
  queryFn: () => call('listings:search', { limit: 1 }),
  select: (d) => d.total
})

/** Everything the offline copy holds about one listing, for its full page. */
export function listingPageQuery(id: number) {
  return queryOptions({
    queryKey: mirrorKey('listings', 'page', id),
    queryFn: () => call('listings:page', { id })
  })
}

/** What this profile last set as the listing's reference (the service can't be asked). */
export function keptReferenceQuery(listingId: number) {
  return queryOptions({
    queryKey: mirrorKey('references', 'get', listingId),
    queryFn: () => call('references:get', { listingId })
  })
}

/**
 * One of the listing's images as a data: URL, fetched by main (the window loads nothing from
 * the network) and kept there for offline viewing. An image under one address never changes.
 */
export function listingImageQuery(id: number, index: number) {
  return queryOptions({
    queryKey: mirrorKey('listings', 'image', id, index),
    queryFn: () => call('listings:image', { id, index }),
    staleTime: Infinity
  })
}

/** The filtered, sorted portfolio as a CSV file the person chooses (main shows the dialog). */
export function useExportListings() {
  return useCommandMutation('listings:export')
}

/** Reads one listing, its availability and rates from the service and commits them. */
export function useRefreshListing(id: number) {
  return useCommandMutation('listings:refresh', {
    // The change dates of availability and rates sit on the page, which db:changed for
    // those resources alone would not re-read.
    invalidates: [mirrorKey('listings', 'page', id)]
  })
}

/** Sets one listing's reference on this channel: one request per click, never retried. */
export function useSetReference() {
  return useCommandMutation('references:set')
}
