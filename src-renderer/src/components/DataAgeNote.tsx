import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { SyncResourceName } from '@shared/ipc/views.schema'
import { syncStatusQuery } from '../app/queries'
import { dataAgeText } from './data-age'
import { useNow } from './use-now'

/** One line under a screen title: how old the offline copy is, and whether we are offline. */
export function DataAgeNote({ resource }: { resource: SyncResourceName }) {
  const status = useQuery(syncStatusQuery)
  const now = useNow()
  const r = status.data?.resources.find((x) => x.resource === resource)
  if (!status.data || !r) return null
  return (
    <Text size="sm" c={status.data.offline ? 'orange' : 'dimmed'} data-testid="data-age">
      {dataAgeText(status.data, r, now)}
    </Text>
  )
}
