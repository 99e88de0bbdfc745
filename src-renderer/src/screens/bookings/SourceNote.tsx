import { Alert, Text } from '@mantine/core'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { useNow } from '../../components/use-now'
import { keptSourceText } from '../../components/data-source'
import { useVia } from '../../components/DataAgeNote'

/**
 * Where the booking on screen comes from and how old it is. A copy (the service could not be
 * asked) is said plainly, in words and in yellow, never as an error: it is the booking as
 * StayDesk last read it.
 */
export function SourceNote({ kept }: { kept: KeptBooking }) {
  const now = useNow(15_000)
  // On a team profile a live read came through the team hub: the line says so.
  const text = keptSourceText(kept, now, useVia())
  if (kept.source === 'live') {
    return (
      <Text size="sm" c="dimmed" data-testid="booking-source" data-source="live">
        {text}
      </Text>
    )
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Showing the copy StayDesk kept"
      role="status"
      data-testid="booking-source"
      data-source="copy"
      py="xs"
    >
      <Text size="sm">{text}</Text>
    </Alert>
  )
}
