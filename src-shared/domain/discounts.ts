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

/** A discount table's keys and percentages, read out of its record once (discountTables). */
interface Table {
  keys: number[]
  percents: number[]
}

function tableOf(record: Record<string, number> | undefined): Table {
  const keys: number[] = []
  const percents: number[] = []
  for (const [key, percent] of Object.entries(record ?? {})) {
    keys.push(Number(key))
    percents.push(percent)
  }
  return { keys, percents }
}

/**
 * A rate record's discount tables, ready for pickDiscount. Build them once per rate rules and
 * keep them beside (the search's pricing cache does): a search prices thousands of listings.
 */
export interface DiscountTables {
  longerStay: Table
  earlyBird: Table
  lastMinute: Table
  exclusions: NonNullable<RateRecord['longerStayExclusionPeriods']>
}

export function discountTables(
  rates: Pick<RateRecord, 'longerStay' | 'earlyBird' | 'lastMinute' | 'longerStayExclusionPeriods'>
): DiscountTables {
  return {
    longerStay: tableOf(rates.longerStay),
    earlyBird: tableOf(rates.earlyBird),
    lastMinute: tableOf(rates.lastMinute),
    exclusions: rates.longerStayExclusionPeriods ?? []
  }
}

/** Largest percentage whose key satisfies `applies`, 0 when none does. */
function bestPercent(table: Table, applies: (key: number) => boolean): number {
  let best = 0
  for (let i = 0; i < table.keys.length; i++) {
    const percent = table.percents[i]
    if (applies(table.keys[i]) && percent > best) best = percent
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
  periods: DiscountTables['exclusions']
): boolean {
  return periods.some((p) => nights.some((d) => d >= p.startDate && d <= p.endDate))
}

/** The best percentage each kind offers for this stay (0 = that kind does not apply). */
function discountPercents(
  rates: DiscountTables,
  nights: readonly IsoDate[],
  leadDays: number
): Record<DiscountKind, number> {
  const excluded = inExclusionPeriod(nights, rates.exclusions)
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
  rates: DiscountTables,
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
