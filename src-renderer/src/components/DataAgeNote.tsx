import type { ReactNode } from 'react'
import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { syncStatusQuery } from '../app/queries'
import { dataAgeTone, type DataAgeTone } from './data-age'
import { dataAgeText, type Via } from './data-source'
import { useNow } from './use-now'

/**
 * Quiet grey while the copy is fresh; a copy more than a day old or a service that can't be
 * reached stands out (the theme's text shades, at AA contrast on both themes).
 */
const COLOUR: Record<DataAgeTone, string> = { fresh: 'dimmed', stale: 'red', offline: 'orange' }

/**
 * A line saying how old some data is, drawn in its tone: every data-age line looks the same,
 * the screen's own under its title and a panel's about the copy it was made from. The words
 * must say what the colour does (`ageFlags`): colour alone tells a screen reader nothing.
 */
export function DataAgeText({
  tone,
  testId,
  children
}: {
  tone: DataAgeTone
  testId: string
  children: ReactNode
}) {
  return (
    <Text
      size="sm"
      c={COLOUR[tone]}
      fw={tone === 'fresh' ? undefined : 500}
      data-testid={testId}
      data-tone={tone}
    >
      {children}
    </Text>
  )
}

/**
 * Whether the active profile's service (a team profile's hub) was found unreachable by the last
 * call that asked it.
 */
export function useServiceOffline(): boolean {
  return useQuery(syncStatusQuery).data?.offline ?? false
}

/** Where the active profile's copy comes from: the service, or a team profile's hub. */
export function useVia(): Via {
  return useQuery(syncStatusQuery).data?.via ?? 'service'
}

/** One line under a screen title: how old the offline copy is, and whether we are offline. */
export function DataAgeNote({ resource }: { resource: SyncResourceName }) {
  const status = useQuery(syncStatusQuery)
  const now = useNow()
  const r = status.data?.resources.find((x) => x.resource === resource)
  if (!status.data || !r) return null
  return (
    <DataAgeText tone={dataAgeTone(status.data, r, now)} testId="data-age">
      {dataAgeText(status.data, r, now)}
    </DataAgeText>
  )
}
