import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import { call } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { mirrorQuery } from '../../ipc/query-keys'

/**
 * The Overview screen's reads, from the offline copy's calendars and rates (and listings, for
 * names and regions): db:changed for any of them re-reads them. Main keeps the figures between
 * reads, so a filter, a sort or a page is a slice of kept sums.
 */
export function overviewQuery(input: CommandInput<'overview:get'>) {
  return queryOptions({
    ...mirrorQuery(['availability', 'rates', 'listings'], 'overview', input),
    queryFn: () => call('overview:get', input),
    placeholderData: keepPreviousData
  })
}

export function gapsQuery(input: CommandInput<'overview:gaps'>) {
  return queryOptions({
    ...mirrorQuery(['availability', 'rates', 'listings'], 'overview-gaps', input),
    queryFn: () => call('overview:gaps', input),
    placeholderData: keepPreviousData
  })
}

export function useExportOverview() {
  return useCommandMutation('overview:export')
}
