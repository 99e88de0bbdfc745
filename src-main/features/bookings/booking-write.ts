import type { ApiClient } from '../../api'
import type { KeptBooking, PayOutcome } from '@shared/ipc/bookings.schema'
import type { ProfileContext } from '../context'
import { rereadQuietly } from './open'
import { refusal, requireConfirmation, runWrite } from '../journal/write'

/** How a write on a booking ends when the service did not do it, or when nobody knows. */
type NotDone = Extract<PayOutcome, { outcome: 'refused' | 'unknown' }>

/**
 * A write on a booking that exists (a cancellation, a payment): confirmed by its id on a
 * production profile, sent once through the journal, then the booking is read again whatever
 * happened: to refresh the kept copy after it was done, to show where it stands after a refusal,
 * and to find out what happened when the answer was lost. `done` shapes the success.
 */
export async function writeOnBooking<T, Done>(
  ctx: ProfileContext,
  write: {
    action: 'cancel' | 'pay'
    bookingId: string
    confirmation: string | undefined
    /** The request as sent, for the journal (which reduces a card to brand and last four). */
    request: unknown
    send(client: ApiClient): Promise<T>
  },
  done: (answer: T, booking: KeptBooking | null) => Done
): Promise<Done | NotDone> {
  const { action, bookingId, request, send } = write
  requireConfirmation(ctx, write.confirmation, bookingId, 'the booking id')
  const result = await runWrite(ctx, {
    action,
    target: `booking:${bookingId}`,
    bookingId,
    request,
    confirmation: write.confirmation,
    send
  })
  const booking = await rereadQuietly(ctx, bookingId)
  switch (result.kind) {
    case 'done':
      return done(result.answer, booking)
    case 'refused':
      return { outcome: 'refused', ...refusal(result.error), booking }
    case 'unknown':
      return {
        outcome: 'unknown',
        message: result.error.message,
        booking,
        lookup: bookingId,
        journalId: result.journalId
      }
  }
}
