import { useCallback, useSyncExternalStore } from 'react'
import { useQuery } from '@tanstack/react-query'
import { appInfoQuery } from './queries'

/**
 * A screen's own state (search, filters, sort, page, selection) that outlives the screen: leave
 * Listings for Sync and come back to the same rows. Kept per profile, since one profile's
 * filters (its cities, its listing ids) mean nothing on another; kept in memory only, as the
 * window's data never goes to disk in the renderer.
 */
const values = new Map<string, unknown>()
const listeners = new Map<string, Set<() => void>>()

function subscribe(key: string, listener: () => void): () => void {
  const set = listeners.get(key) ?? new Set()
  listeners.set(key, set)
  set.add(listener)
  return () => void set.delete(listener)
}

export type SetState<T> = (next: T | ((prev: T) => T)) => void

export function useScreenState<T>(key: string, initial: T): [T, SetState<T>] {
  const profileId = useQuery(appInfoQuery).data?.profile.id ?? ''
  const full = `${profileId}/${key}`
  const value = useSyncExternalStore(
    useCallback((l: () => void) => subscribe(full, l), [full]),
    () => (values.has(full) ? (values.get(full) as T) : initial)
  )
  const set = useCallback<SetState<T>>(
    (next) => {
      const prev = (values.has(full) ? values.get(full) : initial) as T
      const resolved = typeof next === 'function' ? (next as (p: T) => T)(prev) : next
      if (Object.is(resolved, prev)) return
      values.set(full, resolved)
      for (const l of listeners.get(full) ?? []) l()
    },
    // `initial` is a constant per call site; a changing literal must not reset the setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [full]
  )
  return [value, set]
}
