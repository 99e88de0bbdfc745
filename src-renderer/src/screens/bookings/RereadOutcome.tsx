import { Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { KeptBooking } from '@shared/ipc/bookings.schema'
import { OutcomeAlert } from '../../components/OutcomeAlert'
import { BookingState } from './BookingState'

/**
 * A cancellation or payment the service refused: its own words, what did not happen, and the
 * booking as read again right after (the refusal usually means its state moved on).
 */
export function RefusedReread({
  testId,
  title,
  message,
  nothing,
  booking
}: {
  testId: string
  title: string
  message: string
  /** What the refusal means was not done, e.g. "Nothing was charged." */
  nothing: string
  booking: KeptBooking | null
}) {
  return (
    <OutcomeAlert outcome="refused" title={title} testId={testId}>
      <Text size="sm" data-testid="service-message">
        {message}
      </Text>
      <Text size="sm" mt={4}>
        {nothing}
      </Text>
      <Text size="sm" mt="xs" mb={4}>
        The booking as read again:
      </Text>
      <BookingState kept={booking} />
    </OutcomeAlert>
  )
}

/**
 * A write whose answer was lost after sending: the booking as read again shows what happened;
 * `children` say what to do, since StayDesk never sends the same write a second time.
 */
export function UnknownReread({
  testId,
  message,
  booking,
  children
}: {
  testId: string
  /** Main's sentence: what came back (a lost connection, a 5xx) and to check before retrying. */
  message: string
  booking: KeptBooking | null
  children: ReactNode
}) {
  return (
    <OutcomeAlert outcome="unknown" title="The outcome is unknown" testId={testId}>
      <Text size="sm" data-testid="unknown-message">
        {message}
      </Text>
      <Text size="sm" mt={4} mb={4}>
        {booking ? 'StayDesk read the booking again:' : 'What StayDesk could read:'}
      </Text>
      <BookingState kept={booking} />
      {children}
    </OutcomeAlert>
  )
}
