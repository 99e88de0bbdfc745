import { Group, Text } from '@mantine/core'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { BookingStatusBadge, PaymentStatusBadge } from '../../components/StatusBadge'
import { useNow } from '../../components/use-now'
import { keptSourceText } from '../../components/data-source'
import { useVia } from '../../components/DataAgeNote'

/**
 * A booking's state as StayDesk read it again after a write (refused, or an outcome not
 * known): status and payment in words, and when and where the read came from.
 */
export function BookingState({ kept }: { kept: KeptBooking | null }) {
  const now = useNow(15_000)
  // On a team profile the read again came through the team hub: the line says so.
  const via = useVia()
  if (!kept) {
    return (
      <Text size="sm" data-testid="reread-state" data-status="">
        StayDesk could not read the booking again. Open it again in a moment to see where it stands.
      </Text>
    )
  }
  return (
    <div data-testid="reread-state" data-status={kept.booking.status}>
      <Group gap={6}>
        <Text size="sm" span>
          Booking {kept.booking.id}:
        </Text>
        <BookingStatusBadge status={kept.booking.status} />
        <PaymentStatusBadge status={kept.booking.paymentStatus} />
      </Group>
      <Text size="xs" mt={2}>
        {keptSourceText(kept, now, via)}
      </Text>
    </div>
  )
}
