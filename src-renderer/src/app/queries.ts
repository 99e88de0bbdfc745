import { queryOptions } from '@tanstack/react-query'
import { call } from '../ipc/client'
import { appKey, syncKey } from '../ipc/query-keys'

/** Queries the frame and several screens read: app info, the profiles, the sync status. */

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
