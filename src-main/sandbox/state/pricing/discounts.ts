import type { RateRecord } from '@shared/api'
import { percentOfCents } from './amounts'

/**
 * The rate record's discount tables as the sandbox's service applies them (spec, Rate record):
 *
 * - longerStay: "key = minimum days, value = discount percentage when staying more than that
 *   many days". A stay of N nights spans N + 1 days, so key N is met from N nights on (both
 *   phrasings agree); not at all when a night lies in a longerStayExclusionPeriods period
 *   ("periods in which the longer-stay discount does not apply"), both ends included.
 * - lastMinute: "when booked less than that many days before check-in".
 * - earlyBird: "when booked more than that many days before check-in".
 *
 * The spec does not say whether discounts add up; the sandbox grants one, the largest
 * (docs/pricing.md), on the amount before discount (nightly rent plus additional guests).
 */

export type DiscountKind = 'longerStay' | 'earlyBird' | 'lastMinute'

export interface GrantedDiscount {
  kind: DiscountKind
  percent: number
  cents: number
}

export interface DiscountStay {
  /** The stay's nights, `YYYY-MM-DD`, in order. */
  nights: readonly string[]
  /** Days from the quote's today to check-in. */
  leadDays: number
}

interface Offer {
  kind: DiscountKind
  table: Record<string, number> | undefined
  /** Whether the table's key `days` is met by the stay. */
  met(days: number, stay: DiscountStay): boolean
}

/** In this order: equal percentages are reported as the earlier kind. */
function offers(rates: Pick<RateRecord, DiscountKind | 'longerStayExclusionPeriods'>): Offer[] {
  const periods = rates.longerStayExclusionPeriods ?? []
  const excluded = (stay: DiscountStay) =>
    periods.some((p) => stay.nights.some((night) => p.startDate <= night && night <= p.endDate))
  return [
    {
      kind: 'longerStay',
      table: rates.longerStay,
      met: (days, stay) => stay.nights.length + 1 > days && !excluded(stay)
    },
    { kind: 'earlyBird', table: rates.earlyBird, met: (days, stay) => stay.leadDays > days },
    { kind: 'lastMinute', table: rates.lastMinute, met: (days, stay) => stay.leadDays < days }
  ]
}

/**
 * The one discount on `beforeDiscountCents`, or null when no met key offers more than 0%.
 * A percentage over 100 gives 100, so the rental rate never goes below zero.
 */
export function grantDiscount(
  rates: Pick<RateRecord, DiscountKind | 'longerStayExclusionPeriods'>,
  stay: DiscountStay,
  beforeDiscountCents: number
): GrantedDiscount | null {
  let granted: { kind: DiscountKind; percent: number } | null = null
  for (const offer of offers(rates)) {
    for (const [days, percent] of Object.entries(offer.table ?? {})) {
      const capped = Math.min(percent, 100)
      if (capped > (granted?.percent ?? 0) && offer.met(Number(days), stay)) {
        granted = { kind: offer.kind, percent: capped }
      }
    }
  }
  if (!granted) return null
  return { ...granted, cents: percentOfCents(beforeDiscountCents, granted.percent) }
}
