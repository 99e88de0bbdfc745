import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import type { PrefKey } from '@shared/ipc/prefs.schema'
import { call } from '../ipc/client'
import { useScreenState, type SetState } from './screen-state'

/**
 * A screen setting kept per profile across restarts (the listings' filters and sort, the last
 * availability search): held in memory like useScreenState, so typing never waits, and written
 * to the profile's offline copy (prefs:set) shortly after it stops changing. On the first visit
 * of a session the saved value is read back; one that no longer fits `schema` (an older
 * StayDesk's shape) is dropped for `initial` rather than trusted.
 */

/** How long a setting must stay unchanged before it is written: a save, never a search delay. */
const SAVE_AFTER_MS = 400

const timers = new Map<PrefKey, ReturnType<typeof setTimeout>>()

const prefQuery = (key: PrefKey) => ({
  // Under 'mirror': a profile switch drops it with the rest of that profile's data.
  queryKey: ['mirror', 'prefs', key] as const,
  queryFn: () => call('prefs:get', { key }),
  staleTime: Infinity
})

export function useSavedScreenState<T>(
  key: PrefKey,
  initial: T,
  schema: z.ZodType<T>
): [T, SetState<T>, { restored: boolean }] {
  const [state, setState] = useScreenState<{ value: T; restored: boolean }>(`saved:${key}`, {
    value: initial,
    restored: false
  })
  const saved = useQuery({ ...prefQuery(key), enabled: !state.restored })

  useEffect(() => {
    if (state.restored || !saved.isFetched) return
    const parsed = schema.safeParse(saved.data?.value)
    setState({ value: parsed.success ? parsed.data : state.value, restored: true })
  }, [saved.isFetched, saved.data, state, schema, setState])

  const set: SetState<T> = (next) => {
    setState((prev) => {
      const value = typeof next === 'function' ? (next as (p: T) => T)(prev.value) : next
      // Leaving the screen does not cancel the write: it still happens.
      clearTimeout(timers.get(key))
      timers.set(
        key,
        setTimeout(() => {
          // A setting that can't be saved is not worth an error: the screen works the same.
          call('prefs:set', { key, value: value as never }).catch(() => undefined)
        }, SAVE_AFTER_MS)
      )
      return { value, restored: true }
    })
  }
  return [state.value, set, { restored: state.restored }]
}
