import { BOOKING_STATUSES, PAYMENT_STATUSES } from '../api/booking.schema'

/**
 * Booking and payment statuses in plain words, the same in the window, the voucher and the
 * command line. A status the service adds later is shown verbatim, never as an error.
 */
const BOOKING: Record<(typeof BOOKING_STATUSES)[number], string> = {
  confirmed: 'Confirmed',
  expired: 'Expired (not paid in time)',
  declined: 'Declined by the property manager',
  pendingPayment: 'Awaiting payment',
  pendingConfirm: 'Awaiting the property manager’s confirmation',
  inProgress: 'Stay in progress',
  coolOff: 'In the cooling-off period',
  completed: 'Completed',
  disputeByPm: 'Disputed by the property manager',
  disputeByGuest: 'Disputed by the guest',
  cancelled: 'Cancelled',
  cancelledByGuest: 'Cancelled by the guest',
  cancelledByPm: 'Cancelled by the property manager',
  cancelledByYR: 'Cancelled by the service',
  pendingCancellation: 'Cancellation in progress'
}

const PAYMENT: Record<(typeof PAYMENT_STATUSES)[number], string> = {
  success: 'Paid',
  pending: 'Payment pending',
  failure: 'Payment failed',
  partialPaid: 'Partly paid',
  cancelled: 'Payment cancelled',
  paid: 'Paid',
  refunded: 'Refunded'
}

/** Own keys only: a status named like an Object.prototype member ("constructor") is unknown. */
function wordsOf(table: Record<string, string>, status: string): string {
  return Object.hasOwn(table, status) ? table[status] : status
}

export function bookingStatusLabel(status: string): string {
  return wordsOf(BOOKING, status)
}

export function paymentStatusLabel(status: string): string {
  return wordsOf(PAYMENT, status)
}

/** A status the service publishes under a name StayDesk does not know yet. */
export function isKnownBookingStatus(status: string): boolean {
  return Object.hasOwn(BOOKING, status)
}

/**
 * Statuses in which the service has already ended the booking: a cancellation would be refused.
 * StayDesk still lets an agent send one (the service decides), but says so first.
 */
export const ENDED_STATUSES: readonly string[] = [
  'expired',
  'declined',
  'completed',
  'cancelled',
  'cancelledByGuest',
  'cancelledByPm',
  'cancelledByYR'
]

/** The tone a status is shown in, always with its words (never by colour alone). */
export function statusTone(status: string): 'ok' | 'waiting' | 'ended' | 'problem' | 'unknown' {
  if (['confirmed', 'inProgress', 'completed', 'coolOff'].includes(status)) return 'ok'
  if (['pendingPayment', 'pendingConfirm', 'pendingCancellation'].includes(status)) return 'waiting'
  if (['disputeByPm', 'disputeByGuest'].includes(status)) return 'problem'
  if (ENDED_STATUSES.includes(status)) return 'ended'
  return 'unknown'
}
