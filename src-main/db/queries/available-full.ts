import type Database from 'better-sqlite3'
import type { RateRecord } from '@shared/api/rate.schema'
import { quoteStay } from '@shared/domain/pricing'
import {
  checkStayRules,
  noRateMiss,
  type DayLookup,
  type StayMiss
} from '@shared/domain/stay-rules'
import { dayNumberOf } from '../day-numbers'
import { dayAt, type PackedDays, type StayWidth } from '../packed-days'
import { rateWindow, type PackedRates } from '../packed-rates'
import type { PricingCache } from './pricing-cache'
import { unratedNights, type SearchContext } from './stay-window'

/**
 * The general path of the availability search: one listing's whole stay window decoded into
 * day objects and judged by the shared stay rules. It serves `explain` (every listing with its
 * reasons) and the rare rows the fast path in available.ts does not handle (days kept verbatim
 * in `extra`, or a stay reaching outside the stored span).
 */

interface Row {
  id: number
  name: string
  active: number | null
  max_guest: number | null
  advance_notice: number | null
  a_base: number | null
  stay_width: number | null
  flags: Uint8Array | null
  min_stay: Uint8Array | null
  max_stay: Uint8Array | null
  a_extra: string | null
  r_base: number | null
  prices: Uint8Array | null
}

/**
 * Only the stay's window of each blob leaves SQLite: substr() on a BLOB counts bytes (offsets
 * clamp at the base day; a negative substr length would read backwards, hence the max(0, ...)).
 */
const SELECT = `
SELECT l.id, l.name, l.active, l.max_guest, l.advance_notice,
  a.base_day AS a_base, a.stay_width, a.extra AS a_extra,
  substr(a.flags, max(@from - a.base_day, 0) + 1, max(0, @to - max(@from, a.base_day) + 1)) AS flags,
  substr(a.min_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day) + 1) * a.stay_width) AS min_stay,
  substr(a.max_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day) + 1) * a.stay_width) AS max_stay,
  r.base_day AS r_base,
  substr(r.prices, max(@from - r.base_day, 0) * 4 + 1, max(0, @to - max(@from, r.base_day)) * 4) AS prices
FROM listings l
LEFT JOIN availability a ON a.listing_id = l.id
LEFT JOIN rates r ON r.listing_id = l.id`

const statements = new WeakMap<
  Database.Database,
  { all: Database.Statement; one: Database.Statement }
>()

function statementsFor(sqlite: Database.Database) {
  let s = statements.get(sqlite)
  if (!s) {
    s = {
      all: sqlite.prepare(`${SELECT} ORDER BY l.id`),
      one: sqlite.prepare(`${SELECT} WHERE l.id = @id`)
    }
    statements.set(sqlite, s)
  }
  return s
}

export type Verdict =
  { bookable: true; estimateCents: number | null } | { bookable: false; reasons: StayMiss[] }

function windowDays(row: Row, from: number): PackedDays | undefined {
  if (row.a_base === null) return undefined
  return {
    baseDay: Math.max(from, row.a_base),
    flags: row.flags!,
    stayWidth: row.stay_width as StayWidth,
    minStay: row.min_stay!,
    maxStay: row.max_stay!,
    extra: row.a_extra === null ? null : JSON.parse(row.a_extra)
  }
}

function judge(row: Row, cache: PricingCache, q: SearchContext, price = true): Verdict {
  const win = windowDays(row, q.fromDay)
  const days: DayLookup = (date) => (win ? dayAt(win, dayNumberOf(date)) : undefined)
  const rules = {
    ...(row.active === null ? {} : { active: row.active === 1 }),
    ...(row.max_guest === null ? {} : { maxGuest: row.max_guest }),
    ...(row.advance_notice === null ? {} : { advanceNotice: row.advance_notice })
  }
  const reasons = checkStayRules(rules, days, q.stay, q.today)
  // A night without a rate is a reason too, as the live quote says (no 'no estimate' bookable).
  const unrated = unratedNights(q.fromDay, q.toDay, {
    baseDay: row.r_base,
    prices: row.prices,
    exact: row.r_base === null ? null : cache.get(row.id).exact
  })
  if (unrated.length > 0) reasons.push(noRateMiss(unrated))
  if (reasons.length > 0) return { bookable: false, reasons }
  return { bookable: true, estimateCents: price ? estimateFor(row, cache, q, days) : null }
}

function estimateFor(
  row: Row,
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
  const rows = statementsFor(sqlite).all.all({ from: q.fromDay, to: q.toDay }) as Row[]
  for (const row of rows) each(row.id, row.name, judge(row, cache, q, price))
}

/** One listing's verdict, or undefined when the listing is unknown. */
export function judgeOne(
  sqlite: Database.Database,
  cache: PricingCache,
  q: SearchContext,
  id: number
): Verdict | undefined {
  const row = statementsFor(sqlite).one.get({ id, from: q.fromDay, to: q.toDay }) as Row | undefined
  return row && judge(row, cache, q)
}
