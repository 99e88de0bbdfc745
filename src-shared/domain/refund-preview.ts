import type { BookingDetails } from '../api/booking.schema'
import { daysBetween, type IsoDate } from './dates'
import { eurToCents, percentOf, sumCents, type Cents } from './money'

/**
 * What a cancellation would give back, per paid instalment, before it is sent: for the guest the
 * policy's tier that applies now (booking details carry it as `cancellationPolicy.refund`), for
 * the property manager everything paid. An estimate: the service decides the refund.
 */

interface RefundLine {
  name: string
  paidCents: Cents
  refundCents: Cents
}

interface RefundEstimate {
  /** Share of each paid instalment given back, in percent. */
  percent: number
  lines: RefundLine[]
  paidCents: Cents
  refundCents: Cents
}

export interface RefundPreview {
  /** Days from today to check-in (negative once the stay has begun). */
  daysBeforeCheckIn: number
  /** The policy's tier that applies now, as the booking details give it; null when not given. */
  tier: { percent: number; fromDaysBefore: number | null } | null
  /** Null when the policy's current tier is not known. */
  guest: RefundEstimate | null
  pm: RefundEstimate
}

type Instalment = BookingDetails['instalments'][number]

/** Paid, and not yet given back: what a cancellation could refund. */
function isPaid(i: Instalment): boolean {
  return (i.status ?? '').toLowerCase() === 'paid' || (!!i.paidAt && !i.refundedAt)
}

function estimate(paid: Instalment[], percent: number): RefundEstimate {
  const lines = paid.map((i, n) => {
    const paidCents = eurToCents(i.amount)
    return {
      name: i.name ?? `Instalment ${n + 1}`,
      paidCents,
      refundCents: percentOf(paidCents, percent)
    }
  })
  return {
    percent,
    lines,
    paidCents: sumCents(lines.map((l) => l.paidCents)),
    refundCents: sumCents(lines.map((l) => l.refundCents))
  }
}

export function refundPreview(booking: BookingDetails, today: IsoDate): RefundPreview {
  const paid = booking.instalments.filter(isPaid)
  const refund = booking.cancellationPolicy?.refund
  const tier =
    refund?.percentage !== undefined
      ? { percent: refund.percentage, fromDaysBefore: refund.dayPeriod ?? null }
      : null
  return {
    daysBeforeCheckIn: daysBetween(today, booking.checkIn.date),
    tier,
    guest: tier ? estimate(paid, tier.percent) : null,
    pm: estimate(paid, 100)
  }
}
