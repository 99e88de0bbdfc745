import type { z } from 'zod'
import { maskCard } from '@shared/domain/card'
import type { PayInput, PayOutcome } from '@shared/ipc/bookings.schema'
import type { ProfileContext } from '../context'
import { rereadQuietly } from './open'
import { refusal, requireConfirmation, runWrite } from '../journal/write'

/**
 * Pays a booking awaiting payment with a new card. The card crosses from the window once, goes
 * to the service once, and is kept nowhere: the journal and the answer hold brand and last four.
 */
export async function payBooking(
  ctx: ProfileContext,
  input: z.output<typeof PayInput>
): Promise<PayOutcome> {
  const { bookingId, card, confirmation } = input
  requireConfirmation(ctx, confirmation, bookingId, 'the booking id')
  const masked = maskCard(card.number)
  const result = await runWrite(ctx, {
    action: 'pay',
    target: `booking:${bookingId}`,
    bookingId,
    request: { bookingId, creditCard: card },
    send: (client) => client.pay(bookingId, { creditCard: card })
  })
  const booking = await rereadQuietly(ctx, bookingId)
  switch (result.kind) {
    case 'done':
      return {
        outcome: 'done',
        status: result.answer.status,
        paymentStatus: result.answer.paymentStatus,
        card: masked,
        booking
      }
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
