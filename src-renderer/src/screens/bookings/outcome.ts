import type { PayOutcome } from '@shared/ipc/bookings.schema'

/**
 * The service declined the card: it answered (the payment was done, and failed), and the
 * booking still awaits payment. The spec does not show this answer; the service (and the
 * sandbox) give paymentStatus `failure` with the status left at `pendingPayment`.
 */
export function isDeclined(o: PayOutcome): boolean {
  return o.outcome === 'done' && (o.paymentStatus === 'failure' || o.status === 'pendingPayment')
}
