import type { RateRecord } from '../api/rate.schema'
import type { IsoDate } from './dates'
import { percentOf, type Cents } from './money'

/**
 * The rate record's three discount tables. Only one discount is ever applied: the single
 * largest percentage among the tables' satisfied keys (docs/pricing.md, "Discounts").
 */

export type DiscountKind = 'longerStay' | 'lastMinute' | 'earlyBird'

export interface Discount {
  kind: DiscountKind
  percent: number
  cents: Cents
}

/** Tie-break order when two kinds offer the same percentage: the earlier one is reported. */
const DISCOUNT_PREFERENCE: readonly DiscountKind[] = ['longerStay', 'earlyBird', 'lastMinute']

type Table = Record<string, number> | undefined

/** Largest percentage whose key satisfies `applies`, 0 when none does. */
function bestPercent(table: Table, applies: (key: number) => boolean): number {
  let best = 0
  for (const [key, percent] of Object.entries(table ?? {})) {
    if (applies(Number(key)) && percent > best) best = percent
  }
  // A discount above 100% would make the rental rate negative; treat it as a full discount.
  return Math.min(best, 100)
}

/**
 * Key N = minimum nights: applies when the stay has N nights or more. The spec's two phrasings
 * ("minimum days", "more than that many days") agree under this reading because N nights span
 * N + 1 calendar days.
 */
function longerStayApplies(key: number, nights: number): boolean {
  return nights >= key
}

/** Key N: booked fewer than N days before check-in. */
function lastMinuteApplies(key: number, leadDays: number): boolean {
  return leadDays < key
}

/** Key N: booked more than N days before check-in. */
function earlyBirdApplies(key: number, leadDays: number): boolean {
  return leadDays > key
}

/** True when any night lies in one of the periods (both ends inclusive). */
function inExclusionPeriod(
  nights: readonly IsoDate[],
  periods: RateRecord['longerStayExclusionPeriods']
): boolean {
  return (periods ?? []).some((p) => nights.some((d) => d >= p.startDate && d <= p.endDate))
}

/** The best percentage each kind offers for this stay (0 = that kind does not apply). */
function discountPercents(
  rates: RateRecord,
  nights: readonly IsoDate[],
  leadDays: number
): Record<DiscountKind, number> {
  const excluded = inExclusionPeriod(nights, rates.longerStayExclusionPeriods)
  return {
    longerStay: excluded
      ? 0
      : bestPercent(rates.longerStay, (k) => longerStayApplies(k, nights.length)),
    earlyBird: bestPercent(rates.earlyBird, (k) => earlyBirdApplies(k, leadDays)),
    lastMinute: bestPercent(rates.lastMinute, (k) => lastMinuteApplies(k, leadDays))
  }
}

/**
 * The one discount to apply to `baseCents` (base rent + extra guests), or null when no table
 * offers a positive percentage.
 */
export function pickDiscount(
  rates: RateRecord,
  nights: readonly IsoDate[],
  leadDays: number,
  baseCents: Cents
): Discount | null {
  const percents = discountPercents(rates, nights, leadDays)
  let best: DiscountKind | null = null
  for (const kind of DISCOUNT_PREFERENCE) {
    if (percents[kind] > (best ? percents[best] : 0)) best = kind
  }
  if (!best) return null
  return { kind: best, percent: percents[best], cents: percentOf(baseCents, percents[best]) }
}
