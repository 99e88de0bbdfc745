import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import { call } from '../../ipc/client'
import { mirrorKey } from '../../ipc/query-keys'

/** The Listings screen's reads, all from the active profile's offline copy. */

export function listingSearchQuery(input: CommandInput<'listings:search'>) {
  return queryOptions({
    queryKey: mirrorKey('listings', 'search', input),
    queryFn: () => call('listings:search', input),
    // Paging and typing keep the previous page on screen instead of flashing skeletons.
    placeholderData: keepPreviousData
  })
}

export function listingQuery(id: number) {
  return queryOptions({
    queryKey: mirrorKey('listings', 'get', id),
    queryFn: () => call('listings:get', { id })
  })
}

export const listingFacetsQuery = queryOptions({
  queryKey: mirrorKey('listings', 'facets'),
  queryFn: () => call('listings:facets', {}),
  staleTime: 5 * 60_000
})
