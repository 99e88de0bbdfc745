import { Text } from '@mantine/core'
import type { SyncResourceName } from '@shared/ipc/views.schema'
import { ago } from '../../components/format'
import { useNow } from '../../components/use-now'
import { useSyncStatus } from '../../ipc/hooks'

/** One line under a screen title: how old the offline copy is, and whether we are offline. */
export function DataAgeNote({ resource }: { resource: SyncResourceName }) {
  const status = useSyncStatus()
  const now = useNow()
  const r = status.data?.resources.find((x) => x.resource === resource)
  if (!status.data || !r) return null
  const age = r.lastSuccessAt ? `synced ${ago(r.lastSuccessAt, now)}` : 'never synced'
  return (
    <Text size="sm" c={status.data.offline ? 'orange' : 'dimmed'} data-testid="data-age">
      Offline copy, {age}
      {status.data.offline ? ' · the service can’t be reached right now' : ''}
      {status.data.running ? ' · sync running' : ''}
    </Text>
  )
}
