import { queryOptions } from '@tanstack/react-query'
import { call } from '../ipc/client'
import { appKey, mirrorKey, syncKey } from '../ipc/query-keys'

/**
 * Queries the frame and several screens read: app info, the profiles, the sync status, the
 * portfolio's places.
 */

export const appInfoQuery = queryOptions({
  queryKey: appKey('info'),
  queryFn: () => call('app:info', {})
})

export const profilesQuery = queryOptions({
  queryKey: appKey('profiles'),
  queryFn: () => call('profiles:list', {})
})

export const syncStatusQuery = queryOptions({
  queryKey: syncKey('status'),
  queryFn: () => call('sync:status', {}),
  // While a sync runs (perhaps started at launch, before this window subscribed to events)
  // poll so counts and the Cancel button stay right; otherwise events keep it current.
  refetchInterval: (q) => (q.state.data?.running ? 2_000 : 60_000)
})

/** The portfolio's countries, regions and cities: the place filters' choices (Listings, Availability, Calendar). */
export const listingFacetsQuery = queryOptions({
  queryKey: mirrorKey('listings', 'facets'),
  queryFn: () => call('listings:facets', {}),
  staleTime: 5 * 60_000
})
