import type { z } from 'zod'
import type { CancelInput, CancelOutcome } from '@shared/ipc/bookings.schema'
import { eurToCents, sumCents } from '@shared/domain/money'
import type { ProfileContext } from '../context'
import { writeOnBooking } from './booking-write'

/**
 * Cancels a booking on behalf of the guest or the property manager: one request, then the
 * booking read again (`writeOnBooking`). A done cancellation says what each instalment refunds.
 */
export async function cancelBooking(
  ctx: ProfileContext,
  input: z.output<typeof CancelInput>
): Promise<CancelOutcome> {
  const { bookingId, by, reason, message, confirmation } = input
  const request = { bookingId, reason, message, salesChannel: ctx.profile().salesChannel }
  return writeOnBooking(
    ctx,
    {
      action: 'cancel',
      bookingId,
      confirmation,
      request: { cancelledBy: by, ...request },
      send: (client) => client.cancel(by, request)
    },
    (answer, booking) => {
      const refunds = answer.instalments
        .filter((i) => i.refundedAmount != null)
        .map((i, n) => ({
          name: i.name ?? `Instalment ${n + 1}`,
          refundCents: eurToCents(i.refundedAmount!)
        }))
      return {
        outcome: 'done',
        status: answer.status,
        paymentStatus: answer.paymentStatus ?? null,
        refunds,
        refundCents: sumCents(refunds.map((r) => r.refundCents)),
        booking
      }
    }
  )
}
