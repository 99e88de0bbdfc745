import { Alert, Table, Text } from '@mantine/core'
import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import type { CancelOutcome } from '@shared/ipc/desk.schema'
import { formatCents } from '../../components/format'
import { BookingState } from './BookingState'

/**
 * What came of one cancellation. Done: the new state and the refund per instalment. Refused:
 * the service's own words, and the booking as it stands now. Unknown: the answer was lost
 * after sending; the booking as read again, and no second request (StayDesk never re-sends).
 */
export function CancelOutcomeView({ outcome }: { outcome: CancelOutcome }) {
  if (outcome.outcome === 'done') {
    return (
      <Alert
        color="teal"
        variant="light"
        title="Cancelled"
        role="status"
        data-testid="cancel-outcome"
        data-outcome="done"
      >
        <Text size="sm">
          The service cancelled the booking. It is now “{bookingStatusLabel(outcome.status)}”
          {outcome.paymentStatus ? `, payment “${paymentStatusLabel(outcome.paymentStatus)}”` : ''}.
        </Text>
        {outcome.refunds.length > 0 && (
          <Table verticalSpacing={2} mt="xs" aria-label="Refunds" maw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Instalment</Table.Th>
                <Table.Th ta="right">Refund</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcome.refunds.map((r, n) => (
                <Table.Tr key={`${r.name}-${n}`} data-testid="refund-done-line" data-name={r.name}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td ta="right">{formatCents(r.refundCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm" fw={600} mt="xs" data-testid="refund-done-total">
          Refunded in total: {formatCents(outcome.refundCents)}
        </Text>
        {!outcome.booking && (
          <Text size="xs" mt={4}>
            StayDesk could not read the booking again; the details show the last copy.
          </Text>
        )}
      </Alert>
    )
  }
  if (outcome.outcome === 'refused') {
    return (
      <Alert
        color="orange"
        variant="light"
        title="The service refused the cancellation"
        role="alert"
        data-testid="cancel-outcome"
        data-outcome="refused"
      >
        <Text size="sm" data-testid="service-message">
          {outcome.message}
        </Text>
        <Text size="sm" mt={4}>
          Nothing was cancelled.
        </Text>
        <Text size="sm" mt="xs" mb={4}>
          The booking as read again:
        </Text>
        <BookingState kept={outcome.booking} />
      </Alert>
    )
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      title="The outcome is unknown"
      role="alert"
      data-testid="cancel-outcome"
      data-outcome="unknown"
    >
      <Text size="sm" mb={4}>
        The outcome is unknown (the answer was lost after sending); StayDesk read the booking again:
      </Text>
      <BookingState kept={outcome.booking} />
      <Text size="xs" mt="xs">
        StayDesk did not send the cancellation again. If the booking is not cancelled, decide
        yourself whether to send a new one.
      </Text>
    </Alert>
  )
}
