import type Database from 'better-sqlite3'
import type { RateRecord } from '@shared/api/rate.schema'
import { quoteStay } from '@shared/domain/pricing'
import {
  checkStayRules,
  noRateMiss,
  stayDates,
  stayMissCodes,
  type DayLookup,
  type StayDates,
  type StayMiss,
  type StayMissCode
} from '@shared/domain/stay-rules'
import { dayNumberOf } from '@shared/calendar/day-numbers'
import { dayAt } from '@shared/calendar/packed-days'
import { rateWindow, type PackedRates } from '@shared/calendar/packed-rates'
import { stayWindow, stayWindows, windowDays, type StayWindowRow } from './packed-window'
import type { PricingCache } from './pricing-cache'
import { unratedNights, type SearchContext } from './stay-window'

/**
 * The general path of the availability search: one listing's whole stay window decoded into
 * day objects and judged by the shared stay rules. It serves `explain` (every listing with its
 * reasons) and the rare rows the fast path in available.ts does not handle (days kept verbatim
 * in `extra`, or a stay reaching outside the stored span).
 */

type Verdict =
  { bookable: true; estimateCents: number | null } | { bookable: false; reasons: StayMiss[] }

/** The stay's window of one listing, judged: what the judging needs of the query. */
export type StayQuestion = Pick<SearchContext, 'stay' | 'today' | 'fromDay' | 'toDay'>

function dayLookup(row: StayWindowRow, from: number): DayLookup {
  const win = windowDays(row, from)
  return (date) => (win ? dayAt(win, dayNumberOf(date)) : undefined)
}

function listingRules(row: StayWindowRow) {
  return {
    ...(row.active === null ? {} : { active: row.active === 1 }),
    ...(row.max_guest === null ? {} : { maxGuest: row.max_guest }),
    ...(row.advance_notice === null ? {} : { advanceNotice: row.advance_notice })
  }
}

function unratedOf(row: StayWindowRow, q: StayQuestion, exact: Record<string, number> | null) {
  return unratedNights(q.fromDay, q.toDay, {
    baseDay: row.r_base,
    prices: row.prices,
    exact: row.r_base === null ? null : exact
  })
}

function reasonsOf(
  row: StayWindowRow,
  q: StayQuestion,
  days: DayLookup,
  exact: Record<string, number> | null
): StayMiss[] {
  const reasons = checkStayRules(listingRules(row), days, q.stay, q.today)
  // A night without a rate is a reason too, as the live quote says (no 'no estimate' bookable).
  const unrated = unratedOf(row, q, exact)
  if (unrated.length > 0) reasons.push(noRateMiss(unrated))
  return reasons
}

/** reasonsOf's codes, in its order, without its sentences (see stayMissCodes). */
function reasonCodesOf(
  row: StayWindowRow,
  q: StayQuestion,
  dates: StayDates,
  days: DayLookup,
  exact: Record<string, number> | null
): StayMissCode[] {
  const codes = stayMissCodes(listingRules(row), days, q.stay, dates)
  if (unratedOf(row, q, exact).length > 0) codes.push('no-rate')
  return codes
}

/**
 * A listing's reasons as codes (empty: bookable), and `words` for its reasons in full, the
 * sentences built only when called: the pass counts every listing but shows a few per reason.
 */
export type MissesOf = (id: number, codes: StayMissCode[], words: () => StayMiss[]) => void

/**
 * "Why not bookable" a slice at a time (features/availability/misses.ts yields between
 * slices): the reasons of each listing with an id above `after` that `keep` accepts, reading at
 * most `limit` listings in ascending id order. Returns the last id read, or undefined when no
 * listing is left after this slice. The verbatim prices are parsed from each row, as this pass
 * always did: the pricing cache is refreshed by a search, not between slices.
 */
export function judgeSlice(
  sqlite: Database.Database,
  q: StayQuestion,
  after: number,
  limit: number,
  keep: (id: number) => boolean,
  each: MissesOf
): number | undefined {
  const rows = stayWindows(sqlite, { from: q.fromDay, to: q.toDay }, after, limit)
  const dates = stayDates(q.stay, q.today)
  for (const row of rows) {
    if (!keep(row.id)) continue
    const exact = row.r_exact === null ? null : (JSON.parse(row.r_exact) as Record<string, number>)
    const days = dayLookup(row, q.fromDay)
    each(row.id, reasonCodesOf(row, q, dates, days, exact), () => reasonsOf(row, q, days, exact))
  }
  return rows.length < limit ? undefined : rows[rows.length - 1].id
}

function judge(row: StayWindowRow, cache: PricingCache, q: SearchContext, price = true): Verdict {
  const days = dayLookup(row, q.fromDay)
  // The pricing cache holds the verbatim prices, parsed once per change of the data.
  const exact = row.r_base === null ? null : cache.get(row.id).exact
  const reasons = reasonsOf(row, q, days, exact)
  if (reasons.length > 0) return { bookable: false, reasons }
  return { bookable: true, estimateCents: price ? estimateFor(row, cache, q, days) : null }
}

function estimateFor(
  row: StayWindowRow,
  cache: PricingCache,
  q: SearchContext,
  days: DayLookup
): number | null {
  if (row.r_base === null) return null
  const inputs = cache.get(row.id)
  if (!inputs.listing || !inputs.rules) return null
  const window: PackedRates = {
    baseDay: Math.max(q.fromDay, row.r_base),
    prices: row.prices!,
    rules: inputs.rules,
    exact: inputs.exact
  }
  const rates: RateRecord = {
    listingId: row.id,
    rate: rateWindow(window, q.fromDay, q.toDay),
    ...inputs.rules
  }
  const outcome = quoteStay({ listing: inputs.listing, rates, stay: q.stay, today: q.today, days })
  return outcome.available ? outcome.price.totalCents : null
}

/**
 * Every listing, ascending by id, with its verdict; with `price` false a bookable listing's
 * estimate is left null (the "why not bookable" pass needs only the reasons).
 */
export function judgeAll(
  sqlite: Database.Database,
  cache: PricingCache,
  q: SearchContext,
  each: (id: number, name: string, verdict: Verdict) => void,
  price = true
): void {
  const rows = stayWindows(sqlite, { from: q.fromDay, to: q.toDay })
  for (const row of rows) each(row.id, row.name, judge(row, cache, q, price))
}

/** One listing's verdict, or undefined when the listing is unknown. */
export function judgeOne(
  sqlite: Database.Database,
  cache: PricingCache,
  q: SearchContext,
  id: number
): Verdict | undefined {
  const row = stayWindow(sqlite, { from: q.fromDay, to: q.toDay }, id)
  return row && judge(row, cache, q)
}
