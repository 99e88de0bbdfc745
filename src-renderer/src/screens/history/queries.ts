import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import { call } from '../../ipc/client'
import { mirrorKey, syncKey } from '../../ipc/query-keys'
import { RESOURCE_OF_KIND } from './history-filters'

/**
 * One page of recorded changes, from the offline copy. Filtered to one kind it reads one
 * resource's changes, so it sits in that resource's family (db:changed for it re-reads it);
 * all kinds together move with any resource's change, which is what the sync family is
 * invalidated on (every db:changed and every finished sync, see ipc/events.ts).
 */
export function historyQuery(input: CommandInput<'history:list'>) {
  return queryOptions({
    queryKey: input.kind
      ? mirrorKey(RESOURCE_OF_KIND[input.kind], 'history', input)
      : syncKey('history', input),
    queryFn: () => call('history:list', input),
    // Paging and filtering keep the previous page on screen instead of flashing skeletons.
    placeholderData: keepPreviousData
  })
}
