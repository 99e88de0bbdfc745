import type Database from 'better-sqlite3'
import type { RateRecord } from '@shared/api/rate.schema'
import { daysBetween, toDayNumber, type IsoDate } from '@shared/domain/dates'
import { quoteStay } from '@shared/domain/pricing'
import {
  checkStayRules,
  personsOf,
  type DayLookup,
  type StayMiss,
  type StayRequest
} from '@shared/domain/stay-rules'
import {
  dayAt,
  FLAG_AVAILABLE,
  FLAG_CHECK_IN,
  FLAG_CHECK_OUT,
  FLAG_EXTRA,
  readUint,
  type PackedDays,
  type StayWidth
} from '../packed-days'
import { rateWindow, type PackedRates } from '../packed-rates'
import type { PricingCache } from './pricing-cache'

export interface AvailableQuery extends StayRequest {
  today: IsoDate
  /** Also return every listing that cannot be booked, with each reason. */
  explain?: boolean
}

export interface AvailableResult {
  /**
   * Listings whose stay rules all pass. estimateCents is the offline price (shared pricing
   * code); null when the mirror lacks a rate for some night (rates cover one year, availability
   * two) or the listing has no rate record.
   */
  bookable: { listingId: number; name: string; estimateCents: number | null }[]
  misses?: { listingId: number; reasons: StayMiss[] }[]
}

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
 * Only the stay's window of each blob leaves SQLite: substr() on a BLOB counts bytes, so a
 * 7-night search copies 8 flag bytes per listing instead of 730 (offsets clamp at the base day;
 * a negative substr length would read backwards, hence the max(0, ...)).
 */
const SQL = `
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
LEFT JOIN rates r ON r.listing_id = l.id
ORDER BY l.id`

const statements = new WeakMap<Database.Database, Database.Statement>()

function statementFor(sqlite: Database.Database): Database.Statement {
  let stmt = statements.get(sqlite)
  if (!stmt) statements.set(sqlite, (stmt = sqlite.prepare(SQL)))
  return stmt
}

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

/**
 * The common "clearly not bookable" cases straight from the bytes, so the shared rules (the
 * authority) run only for listings that may pass, or when reasons are wanted. Returns false
 * only when the stay certainly fails; anything unusual (days kept verbatim) falls through.
 */
function mayPass(row: Row, win: PackedDays | undefined, q: Ctx): boolean {
  if (row.active === 0) return false
  if (row.max_guest !== null && q.persons > row.max_guest) return false
  if (q.lead < 0 || q.lead < (row.advance_notice ?? 0)) return false
  if (!win || win.extra !== null) return win !== undefined
  const flags = win.flags
  const first = q.fromDay - win.baseDay
  if (first !== 0 || flags.length < q.nights + 1) return false
  for (let i = 0; i < q.nights; i++) {
    if ((flags[i] & (FLAG_AVAILABLE | FLAG_EXTRA)) !== FLAG_AVAILABLE) return false
  }
  if (!(flags[0] & FLAG_CHECK_IN) || !(flags[q.nights] & FLAG_CHECK_OUT)) return false
  const min = readUint(win.minStay, 0, win.stayWidth)
  const max = readUint(win.maxStay, 0, win.stayWidth)
  return q.nights >= Math.max(min, 1) && (max === 0 || q.nights <= max)
}

interface Ctx {
  fromDay: number
  nights: number
  persons: number
  lead: number
}

export function availableListings(
  sqlite: Database.Database,
  cache: PricingCache,
  q: AvailableQuery
): AvailableResult {
  const fromDay = toDayNumber(q.from)
  const toDay = toDayNumber(q.to)
  const ctx: Ctx = {
    fromDay,
    nights: toDay - fromDay,
    persons: personsOf(q),
    lead: daysBetween(q.today, q.from)
  }
  const stay: StayRequest = {
    from: q.from,
    to: q.to,
    adults: q.adults,
    ...(q.children !== undefined ? { children: q.children } : {}),
    ...(q.childrenAges !== undefined ? { childrenAges: q.childrenAges } : {})
  }
  const rows = statementFor(sqlite).all({ from: fromDay, to: toDay }) as Row[]
  const result: AvailableResult = { bookable: [] }
  if (q.explain) result.misses = []
  for (const row of rows) {
    const win = windowDays(row, fromDay)
    if (!q.explain && !mayPass(row, win, ctx)) continue
    const days: DayLookup = (date) => (win ? dayAt(win, toDayNumber(date)) : undefined)
    const rules = {
      ...(row.active === null ? {} : { active: row.active === 1 }),
      ...(row.max_guest === null ? {} : { maxGuest: row.max_guest }),
      ...(row.advance_notice === null ? {} : { advanceNotice: row.advance_notice })
    }
    const reasons = checkStayRules(rules, days, stay, q.today)
    if (reasons.length > 0) {
      result.misses?.push({ listingId: row.id, reasons })
      continue
    }
    result.bookable.push({
      listingId: row.id,
      name: row.name,
      estimateCents: estimateFor(row, cache, stay, q.today, days, fromDay, toDay)
    })
  }
  return result
}

function estimateFor(
  row: Row,
  cache: PricingCache,
  stay: StayRequest,
  today: IsoDate,
  days: DayLookup,
  fromDay: number,
  toDay: number
): number | null {
  if (row.r_base === null) return null
  const inputs = cache.get(row.id)
  if (!inputs.listing || !inputs.rules) return null
  const window: PackedRates = {
    baseDay: Math.max(fromDay, row.r_base),
    prices: row.prices!,
    rules: inputs.rules,
    exact: inputs.exact
  }
  const rates: RateRecord = {
    listingId: row.id,
    rate: rateWindow(window, fromDay, toDay),
    ...inputs.rules
  }
  const outcome = quoteStay({ listing: inputs.listing, rates, stay, today, days })
  return outcome.available ? outcome.price.totalCents : null
}
