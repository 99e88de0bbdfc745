import type { z } from 'zod'
import { maskCard } from '@shared/domain/card'
import type { PayInput, PayOutcome } from '@shared/ipc/bookings.schema'
import type { ProfileContext } from '../context'
import { writeOnBooking } from './booking-write'

/**
 * Pays a booking awaiting payment with a new card. The card crosses from the window once, goes
 * to the service once, and is kept nowhere: the journal and the answer hold brand and last four.
 */
export async function payBooking(
  ctx: ProfileContext,
  input: z.output<typeof PayInput>
): Promise<PayOutcome> {
  const { bookingId, card, confirmation } = input
  const masked = maskCard(card.number)
  return writeOnBooking(
    ctx,
    {
      action: 'pay',
      bookingId,
      confirmation,
      request: { bookingId, creditCard: card },
      send: (client) => client.pay(bookingId, { creditCard: card })
    },
    (answer, booking) => ({
      outcome: 'done',
      status: answer.status,
      paymentStatus: answer.paymentStatus,
      card: masked,
      booking
    })
  )
}
