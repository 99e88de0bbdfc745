import type { BookingDetails } from '@shared/api/booking.schema'
import { serviceDateTime } from '@shared/api/common.schema'
import type { BookingSummary } from '@shared/ipc/bookings.schema'
import type { BookingDeadline } from '@shared/notify/notice'

const HOUR_MS = 3_600_000
/** The spec: an on-request booking is confirmed (or not) within 24 hours. */
const DECISION_MS = 24 * HOUR_MS

/** An instant the service (or StayDesk) wrote, as epoch ms; null when it is not one. */
function instantOf(text: string | null | undefined): number | null {
  if (!text) return null
  const parsed = serviceDateTime.safeParse(text)
  return parsed.success ? Date.parse(parsed.data) : null
}

/**
 * When an on-request booking's decision is due: 24 hours after it was made (the spec's
 * "confirmation within 24 hours"). The service's read has no creation time; what tells it is
 * the payment taken when it was made (`payment.paymentDate`), else, for a booking made from this
 * desk, when the service answered its creation (`madeHere`, from the journal). With neither,
 * the deadline is not known and no notification is given.
 */
function decisionDue(booking: BookingDetails, madeHere: number | null = null): number | null {
  const made = instantOf(booking.payment?.paymentDate) ?? madeHere
  return made === null ? null : made + DECISION_MS
}

/** The kept bookings' deadlines that end in (now, now + 1 hour]. */
export function deadlinesWithinHour(
  awaitingPayment: readonly BookingSummary[],
  awaitingDecision: readonly {
    summary: BookingSummary
    booking: BookingDetails
    madeHere?: number | null
  }[],
  now: number
): BookingDeadline[] {
  const soon = (at: number | null): at is number => at !== null && at > now && at <= now + HOUR_MS
  const of = (kind: BookingDeadline['kind'], s: BookingSummary, at: number): BookingDeadline => ({
    kind,
    bookingId: s.id,
    listingId: s.listingId,
    listingName: s.listingName,
    at
  })
  const out: BookingDeadline[] = []
  for (const s of awaitingPayment) {
    const at = instantOf(s.expiresAt)
    if (s.status === 'pendingPayment' && soon(at)) out.push(of('payment-deadline', s, at))
  }
  for (const { summary, booking, madeHere } of awaitingDecision) {
    const at = decisionDue(booking, madeHere)
    if (booking.status === 'pendingConfirm' && soon(at)) {
      out.push(of('on-request-decision', summary, at))
    }
  }
  return out.sort((a, b) => a.at - b.at)
}
