import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import type { Alert } from '@shared/watch/alert.schema'
import { AlertStatus } from '@shared/watch/alert.schema'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { syncKey } from '../../ipc/query-keys'

/**
 * The watch's queries. Alerts are made from the offline copy after each sync, so they sit in
 * the sync family: every db:changed and finished sync re-reads them, a profile switch drops
 * them (ipc/events.ts), and 'watch:changed' re-reads them too (alert-count.ts listens).
 */
export const ALERTS_KEY = syncKey('alerts')

export function alertsQuery(input: CommandInput<'watch:alerts'>) {
  return queryOptions({
    queryKey: syncKey('alerts', 'list', input),
    queryFn: () => call('watch:alerts', input),
    placeholderData: keepPreviousData
  })
}

/** The smallest read that carries the counts per status and when the watch last ran. */
export const alertCountsQuery = queryOptions({
  queryKey: syncKey('alerts', 'counts'),
  queryFn: () => call('watch:alerts', { status: 'new', limit: 1 }),
  select: (d) => ({ counts: d.counts, lastRunAt: d.lastRunAt })
})

const FIND_PAGE = 500
/** At most this many pages per status are read looking for one alert (10,000 alerts each). */
const FIND_PAGES = 20

/**
 * One alert by id (a route's alertId: a clicked notification, a link), whatever its status.
 * 'watch:alerts' has no id filter, so the lists are read a page at a time until it is found.
 */
export function alertQuery(id: number) {
  return queryOptions({
    queryKey: syncKey('alerts', 'one', id),
    queryFn: async (): Promise<Alert | null> => {
      for (const status of AlertStatus.options) {
        for (let page = 0; page < FIND_PAGES; page++) {
          const r = await call('watch:alerts', {
            status,
            offset: page * FIND_PAGE,
            limit: FIND_PAGE
          })
          const found = r.items.find((a) => a.id === id)
          if (found) return found
          if ((page + 1) * FIND_PAGE >= r.total) break
        }
      }
      return null
    }
  })
}

export const rulesQuery = queryOptions({
  queryKey: syncKey('watch', 'rules'),
  queryFn: () => call('watch:rules', {}),
  staleTime: 60_000
})

export function useSetAlertStatus() {
  return useCommandMutation('watch:set-status', { invalidates: [ALERTS_KEY] })
}

export function useCheckAlert() {
  return useCommandMutation('watch:check', { invalidates: [ALERTS_KEY] })
}
