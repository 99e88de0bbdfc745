import { Button, Group, Text } from '@mantine/core'
import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import { maskedLabel } from '@shared/domain/card'
import type { PayOutcome } from '@shared/ipc/desk.schema'
import { OutcomeAlert } from '../../components/OutcomeAlert'
import { RefusedReread, UnknownReread } from './RereadOutcome'
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
    return (
      <OutcomeAlert outcome="paid" title="Paid" testId="pay-outcome">
        <Text size="sm">
          Paid with {card}. The booking is now “{bookingStatusLabel(outcome.status)}”, payment “
          {paymentStatusLabel(outcome.paymentStatus)}”.
        </Text>
      </OutcomeAlert>
    )
  }
  if (outcome.outcome === 'refused') {
    return (
      <RefusedReread
        testId="pay-outcome"
        title="The service refused the payment"
        message={outcome.message}
        nothing="Nothing was charged."
        booking={outcome.booking}
      />
    )
  }
  return (
    <UnknownReread testId="pay-outcome" message={outcome.message} booking={outcome.booking}>
      <Text size="xs" mt="xs">
        The card may have been charged: look the booking up before paying again. StayDesk never pays
        a second time by itself.
      </Text>
      <Group mt="xs">
        <Button size="xs" variant="default" onClick={onLookup} loading={lookingUp}>
          Look the booking up again
        </Button>
      </Group>
    </UnknownReread>
  )
}
