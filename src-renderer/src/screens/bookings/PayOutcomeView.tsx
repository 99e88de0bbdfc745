import { Button, Code, Group, Text } from '@mantine/core'
import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import { utcDateOf } from '@shared/domain/dates'
import { maskedLabel } from '@shared/domain/card'
import { bookingProgress } from '@shared/domain/money-lines'
import type { PayOutcome } from '@shared/ipc/bookings.schema'
import { formatCents, formatDate } from '../../components/text'
import { OutcomeAlert } from '../../components/OutcomeAlert'
import { useNow } from '../../components/use-now'
import { RereadOutcome } from './RereadOutcome'
import { isDeclined } from './outcome'

/**
 * What came of one payment. Of the card, only its brand and last four digits are ever shown.
 * An unknown outcome offers a lookup, never a second payment: the first may have gone through.
 */
export function PayOutcomeView({
  outcome,
  onLookup,
  lookingUp
}: {
  outcome: PayOutcome
  onLookup: () => void
  lookingUp: boolean
}) {
  const now = useNow(60_000)
  if (outcome.outcome === 'done') {
    const card = maskedLabel(outcome.card)
    if (isDeclined(outcome)) {
      return (
        <OutcomeAlert outcome="declined" title="Declined" testId="pay-outcome">
          <Text size="sm">
            {card} was declined, the booking is still awaiting payment. You can try another card.
          </Text>
        </OutcomeAlert>
      )
    }
    // The service's read after the payment is its own word on the booking: the pay answer's
    // "success" can stand beside a balance still due (partialPaid).
    const after = outcome.booking?.booking
    const status = after?.paymentStatus ?? outcome.paymentStatus
    const progress = after ? bookingProgress(after, utcDateOf(now)) : null
    return (
      <OutcomeAlert
        outcome="paid"
        title={progress && progress.dueCents > 0 ? 'Paid: part of the price is still due' : 'Paid'}
        testId="pay-outcome"
      >
        <Text size="sm">
          Paid with {card}. The service now says: booking “
          {bookingStatusLabel(after?.status ?? outcome.status)}”, payment “
          {paymentStatusLabel(status)}” (<Code data-testid="pay-payment-status">{status}</Code>).
        </Text>
        {progress && (
          <Text size="sm" mt={4} data-testid="pay-still-due">
            {progress.dueCents > 0
              ? `Still due: ${formatCents(progress.dueCents)}${
                  progress.nextDue
                    ? `, next ${formatCents(progress.nextDue.amountCents)}${progress.nextDue.name ? ` (${progress.nextDue.name})` : ''} due ${formatDate(progress.nextDue.dueDate)}`
                    : ''
                }. It is not charged by itself: the guest pays it by then.`
              : 'Nothing more is due.'}
          </Text>
        )}
      </OutcomeAlert>
    )
  }
  return (
    <RereadOutcome
      outcome={outcome}
      testId="pay-outcome"
      noun="payment"
      nothing="Nothing was charged."
      next="The card may have been charged: look the booking up before paying again. StayDesk never pays a second time by itself."
    >
      <Group mt="xs">
        <Button size="xs" variant="default" onClick={onLookup} loading={lookingUp}>
          Look the booking up again
        </Button>
      </Group>
    </RereadOutcome>
  )
}
