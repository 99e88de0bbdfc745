import { queryOptions } from '@tanstack/react-query'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { call } from '../../ipc/client'
import { syncKey } from '../../ipc/query-keys'

export function quarantineQuery(resource?: SyncResourceName) {
  return queryOptions({
    queryKey: syncKey('quarantine', resource ?? 'all'),
    queryFn: () => call('sync:quarantine', { resource, limit: 500 })
  })
}
