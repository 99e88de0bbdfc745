import { useEffect } from 'react'
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient
} from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import type { SyncResourceName } from '@shared/ipc/views.schema'
import { bridge, call } from './client'
import { applyProgress, resetProgress } from './progress-store'

/**
 * Query keys are split in two families: 'app' (profiles, app info: the same whichever profile
 * is active) and 'mirror' (everything read from the active profile's offline copy). Switching
 * profile resets the whole 'mirror' family, so one profile's data is never shown under another.
 */
export const keys = {
  appInfo: ['app', 'info'] as const,
  profiles: ['app', 'profiles'] as const,
  mirror: ['mirror'] as const,
  syncStatus: ['mirror', 'sync-status'] as const,
  quarantine: (resource?: SyncResourceName) => ['mirror', 'quarantine', resource ?? 'all'] as const,
  listingsAll: ['mirror', 'listings'] as const,
  listings: (input: CommandInput<'listings:search'>) => ['mirror', 'listings', input] as const,
  listing: (id: number) => ['mirror', 'listing', id] as const
}

export function useAppInfo() {
  return useQuery({ queryKey: keys.appInfo, queryFn: () => call('app:info', {}) })
}

export function useProfiles() {
  return useQuery({ queryKey: keys.profiles, queryFn: () => call('profiles:list', {}) })
}

export function useSyncStatus() {
  return useQuery({
    queryKey: keys.syncStatus,
    queryFn: () => call('sync:status', {}),
    // While a sync runs (perhaps started at launch, before this window subscribed to events)
    // poll so counts and the Cancel button stay right; otherwise events keep it current.
    refetchInterval: (q) => (q.state.data?.running ? 2_000 : 60_000)
  })
}

export function useQuarantine(resource?: SyncResourceName) {
  return useQuery({
    queryKey: keys.quarantine(resource),
    queryFn: () => call('sync:quarantine', { resource, limit: 500 })
  })
}

export function useListingSearch(input: CommandInput<'listings:search'>, enabled = true) {
  return useQuery({
    queryKey: keys.listings(input),
    queryFn: () => call('listings:search', input),
    // Paging and typing keep the previous page on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
    enabled
  })
}

export function useListing(id: number | null) {
  return useQuery({
    queryKey: keys.listing(id ?? 0),
    queryFn: () => call('listings:get', { id: id ?? 0 }),
    enabled: id !== null && id > 0
  })
}

function invalidateApp(qc: QueryClient) {
  return qc.invalidateQueries({ queryKey: ['app'] })
}

export function useCreateProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CommandInput<'profiles:create'>) => call('profiles:create', input),
    onSettled: () => invalidateApp(qc)
  })
}

export function useUpdateProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CommandInput<'profiles:update'>) => call('profiles:update', input),
    onSettled: () => invalidateApp(qc)
  })
}

export function useDeleteProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call('profiles:delete', { id }),
    onSettled: () => invalidateApp(qc)
  })
}

export function useActivateProfile() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call('profiles:activate', { id }),
    onSuccess: (profile) => switchedProfile(qc, profile.id)
  })
}

export function useSetToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: CommandInput<'profiles:set-token'>) => call('profiles:set-token', input),
    onSettled: () => invalidateApp(qc)
  })
}

export function useClearToken() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call('profiles:clear-token', { id }),
    onSettled: () => invalidateApp(qc)
  })
}

export function useTestConnection() {
  return useMutation({ mutationFn: (id: string) => call('profiles:test-connection', { id }) })
}

export function useSyncRun() {
  const qc = useQueryClient()
  return useMutation({
    mutationKey: ['sync-run'],
    mutationFn: (full: boolean) => call('sync:run', { full }),
    onMutate: () => {
      resetProgress()
      void qc.invalidateQueries({ queryKey: keys.syncStatus })
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.mirror })
  })
}

export function useSyncCancel() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => call('sync:cancel', {}),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.syncStatus })
  })
}

/** The profile whose mirror the 'mirror' queries hold; a switch is applied once, not per event. */
let mirrorProfileId: string | undefined

function switchedProfile(qc: QueryClient, activeId: string) {
  if (mirrorProfileId === activeId) {
    void invalidateApp(qc)
    return
  }
  mirrorProfileId = activeId
  resetProgress()
  void invalidateApp(qc)
  // Reset, not invalidate: the previous profile's rows must disappear, not linger until refetch.
  void qc.resetQueries({ queryKey: keys.mirror })
}

/**
 * Subscribes to main's events for the life of the app: data changes re-read what uses them,
 * a profile switch swaps every mirror query, and progress goes to the live store.
 */
export function useIpcEvents(activeProfileId: string | undefined) {
  const qc = useQueryClient()
  useEffect(() => {
    mirrorProfileId ??= activeProfileId
    const api = bridge()
    if (!api) return
    const offs = [
      api.on('sync:progress', ({ profileId, event }) => {
        if (mirrorProfileId && profileId !== mirrorProfileId) return
        applyProgress(event)
        if (event.type !== 'page') void qc.invalidateQueries({ queryKey: keys.syncStatus })
      }),
      api.on('sync:finished', () => {
        void qc.invalidateQueries({ queryKey: keys.syncStatus })
        void qc.invalidateQueries({ queryKey: ['mirror', 'quarantine'] })
      }),
      api.on('profiles:changed', ({ activeId }) => switchedProfile(qc, activeId)),
      api.on('db:changed', ({ resources }) => {
        void qc.invalidateQueries({ queryKey: keys.syncStatus })
        void qc.invalidateQueries({ queryKey: ['mirror', 'quarantine'] })
        if (resources.includes('listings')) {
          void qc.invalidateQueries({ queryKey: keys.listingsAll })
          void qc.invalidateQueries({ queryKey: ['mirror', 'listing'] })
        }
      })
    ]
    return () => offs.forEach((off) => off())
  }, [qc, activeProfileId])
}
