import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { bridge } from '../../ipc/client'

/**
 * The app's events re-read the queries of the resource a change names (`['mirror', resource]`).
 * The calendar's reads each span several resources (a month is availability and rates, a stay's
 * estimate all three, the timeline's names are listings), so while the screen is open a change
 * to any of them also re-reads the calendar's queries filed under another resource. Those under
 * the changed resource are left to the app's own invalidation, so nothing is fetched twice.
 */
export function useCalendarFreshness(): void {
  const qc = useQueryClient()
  useEffect(() => {
    const api = bridge()
    if (!api) return
    return api.on('db:changed', ({ resources }) => {
      void qc.invalidateQueries({
        predicate: (q) =>
          q.queryKey[0] === 'mirror' &&
          q.queryKey[2] === 'calendar' &&
          !(resources as readonly unknown[]).includes(q.queryKey[1])
      })
    })
  }, [qc])
}
