import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { SyncResourceName } from '@shared/ipc/views.schema'
import { syncStatusQuery } from '../app/queries'
import { dataAgeText, dataAgeTone, type DataAgeTone } from './data-age'
import { useNow } from './use-now'

/**
 * Quiet grey while the copy is fresh; a copy more than a day old or a service that can't be
 * reached stands out (the theme's text shades, at AA contrast on both themes).
 */
const COLOUR: Record<DataAgeTone, string> = { fresh: 'dimmed', stale: 'red', offline: 'orange' }

/** One line under a screen title: how old the offline copy is, and whether we are offline. */
export function DataAgeNote({ resource }: { resource: SyncResourceName }) {
  const status = useQuery(syncStatusQuery)
  const now = useNow()
  const r = status.data?.resources.find((x) => x.resource === resource)
  if (!status.data || !r) return null
  const tone = dataAgeTone(status.data, r, now)
  return (
    <Text
      size="sm"
      c={COLOUR[tone]}
      fw={tone === 'fresh' ? undefined : 500}
      data-testid="data-age"
      data-tone={tone}
    >
      {dataAgeText(status.data, r, now)}
    </Text>
  )
}
