import type { z } from 'zod'
import type { CancelInput, CancelOutcome } from '@shared/ipc/bookings.schema'
import { eurToCents, sumCents } from '@shared/domain/money'
import type { ProfileContext } from '../context'
import { rereadQuietly } from './open'
import { refusal, requireConfirmation, runWrite } from '../journal/write'

/**
 * Cancels a booking on behalf of the guest or the property manager. One request; then the
 * booking is read again whatever happened: to refresh the kept copy after a cancellation, to
 * show where it stands after a refusal, and to find out what happened when the answer was lost.
 */
export async function cancelBooking(
  ctx: ProfileContext,
  input: z.output<typeof CancelInput>
): Promise<CancelOutcome> {
  const { bookingId, by, reason, message, confirmation } = input
  requireConfirmation(ctx, confirmation, bookingId, 'the booking id')
  const channel = ctx.profile().salesChannel
  const request = { bookingId, reason, message, salesChannel: channel }
  const result = await runWrite(ctx, {
    action: 'cancel',
    target: `booking:${bookingId}`,
    bookingId,
    request: { cancelledBy: by, ...request },
    send: (client) => client.cancel(by, request)
  })
  const booking = await rereadQuietly(ctx, bookingId)
  switch (result.kind) {
    case 'done': {
      const refunds = result.answer.instalments
        .filter((i) => i.refundedAmount != null)
        .map((i, n) => ({
          name: i.name ?? `Instalment ${n + 1}`,
          refundCents: eurToCents(i.refundedAmount!)
        }))
      return {
        outcome: 'done',
        status: result.answer.status,
        paymentStatus: result.answer.paymentStatus ?? null,
        refunds,
        refundCents: sumCents(refunds.map((r) => r.refundCents)),
        booking
      }
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
