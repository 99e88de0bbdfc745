import { Code, Table, Text } from '@mantine/core'
import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import type { CancelOutcome } from '@shared/ipc/bookings.schema'
import { formatCents } from '../../components/text'
import { OutcomeAlert } from '../../components/OutcomeAlert'
import { RereadOutcome } from './RereadOutcome'

/**
 * What came of one cancellation. Done: the new state and the refund per instalment. Refused:
 * the service's own words, and the booking as it stands now. Unknown: the answer was lost
 * after sending; the booking as read again, and no second request (StayDesk never re-sends).
 */
export function CancelOutcomeView({ outcome }: { outcome: CancelOutcome }) {
  if (outcome.outcome === 'done') {
    return (
      <OutcomeAlert outcome="done" title="Cancelled" testId="cancel-outcome">
        <Text size="sm">
          The service cancelled the booking. It is now “{bookingStatusLabel(outcome.status)}”
          {outcome.paymentStatus ? (
            // The service's own word beside ours, as after a payment: after a guest's partial
            // refund "Partly paid" alone reads as money still owed.
            <>
              , payment “{paymentStatusLabel(outcome.paymentStatus)}” (
              <Code data-testid="cancel-payment-status">{outcome.paymentStatus}</Code>)
            </>
          ) : null}
          .
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
      </OutcomeAlert>
    )
  }
  return (
    <RereadOutcome
      outcome={outcome}
      testId="cancel-outcome"
      noun="cancellation"
      nothing="Nothing was cancelled."
      next="StayDesk did not send the cancellation again. The booking page lists it as not settled until you mark it settled; read the booking again before sending a new one."
    />
  )
}
