import { Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { CancelOutcome, KeptBooking, PayOutcome } from '@shared/ipc/bookings.schema'
import { OutcomeAlert } from '../../components/OutcomeAlert'
import { useVia } from '../../components/DataAgeNote'
import { BookingState } from './BookingState'
import { refusedText, refusedTitle, type WriteNoun } from './team-words'

/**
 * A cancellation or payment the service (or a team profile's hub) refused: its words, what did
 * not happen, and the booking as read again right after (the refusal usually means its state
 * moved on).
 */
function RefusedReread({
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
function UnknownReread({
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

/**
 * A cancellation or payment that did not go through as asked: refused, or its answer lost. After
 * a lost answer `next` says what to do and `children` offer it (a lookup, never a re-send).
 */
export function RereadOutcome({
  outcome,
  testId,
  noun,
  nothing,
  next,
  children
}: {
  outcome: Extract<CancelOutcome | PayOutcome, { outcome: 'refused' | 'unknown' }>
  testId: string
  /** What was refused, for the title: "The service refused the payment". */
  noun: WriteNoun
  /** What a refusal means was not done, e.g. "Nothing was charged." */
  nothing: string
  /** After a lost answer, what to check before sending the write again. */
  next: string
  children?: ReactNode
}) {
  // Who refused it: the title names the team hub when it sent nothing, not the service.
  const via = useVia()
  if (outcome.outcome === 'refused') {
    return (
      <RefusedReread
        testId={testId}
        title={refusedTitle(noun, outcome, via)}
        message={refusedText(outcome, via)}
        nothing={nothing}
        booking={outcome.booking}
      />
    )
  }
  return (
    <UnknownReread testId={testId} message={outcome.message} booking={outcome.booking}>
      <Text size="xs" mt="xs">
        {next}
      </Text>
      {children}
    </UnknownReread>
  )
}
