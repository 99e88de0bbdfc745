import { Alert, Button, Group, Text } from '@mantine/core'
import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import { maskedLabel } from '@shared/domain/card'
import type { PayOutcome } from '@shared/ipc/desk.schema'
import { BookingState } from './BookingState'
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
        <Alert
          color="orange"
          variant="light"
          title="Declined"
          role="alert"
          data-testid="pay-outcome"
          data-outcome="declined"
        >
          <Text size="sm">
            {card} was declined, the booking is still awaiting payment. You can try another card.
          </Text>
        </Alert>
      )
    }
    return (
      <Alert
        color="teal"
        variant="light"
        title="Paid"
        role="status"
        data-testid="pay-outcome"
        data-outcome="paid"
      >
        <Text size="sm">
          Paid with {card}. The booking is now “{bookingStatusLabel(outcome.status)}”, payment “
          {paymentStatusLabel(outcome.paymentStatus)}”.
        </Text>
      </Alert>
    )
  }
  if (outcome.outcome === 'refused') {
    return (
      <Alert
        color="orange"
        variant="light"
        title="The service refused the payment"
        role="alert"
        data-testid="pay-outcome"
        data-outcome="refused"
      >
        <Text size="sm" data-testid="service-message">
          {outcome.message}
        </Text>
        <Text size="sm" mt={4}>
          Nothing was charged.
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
      data-testid="pay-outcome"
      data-outcome="unknown"
    >
      <Text size="sm" mb={4}>
        The outcome is unknown (the answer was lost after sending); StayDesk read the booking again:
      </Text>
      <BookingState kept={outcome.booking} />
      <Text size="xs" mt="xs">
        The card may have been charged: look the booking up before paying again. StayDesk never pays
        a second time by itself.
      </Text>
      <Group mt="xs">
        <Button size="xs" variant="default" onClick={onLookup} loading={lookingUp}>
          Look the booking up again
        </Button>
      </Group>
    </Alert>
  )
}
