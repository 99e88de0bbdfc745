import type Database from 'better-sqlite3'
import { daysBetween, type IsoDate } from '@shared/domain/dates'
import { personsOf, type StayMiss, type StayRequest } from '@shared/domain/stay-rules'
import { judgeAll, judgeOne, type Verdict } from './available-full'
import type { ListingMetaCache } from './listing-meta'
import type { PricingCache } from './pricing-cache'
import { stayTotal } from '@shared/domain/pricing'
import {
  flagsPattern,
  hexUint,
  searchContext,
  windowCents,
  type SearchContext
} from './stay-window'

export interface AvailableQuery extends StayRequest {
  today: IsoDate
  /** Also return every listing that cannot be booked, with each reason. */
  explain?: boolean
  /** With explain: only the reasons; bookable listings come without an estimate (faster). */
  reasonsOnly?: boolean
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

export interface SearchDeps {
  sqlite: Database.Database
  pricing: PricingCache
  meta: ListingMetaCache
}

/** Stays longer than this take the general path (the GLOB pattern grows with the nights). */
const FAST_MAX_NIGHTS = 400

/**
 * The fast path scans the availability table alone (listing fields come from ListingMetaCache)
 * and lets SQLite drop every calendar whose flags cannot allow the stay, with one GLOB over the
 * hex of the window's flag bytes; rates are joined only for the rows that pass. Rows the GLOB
 * cannot judge (days kept verbatim, a stay outside the stored span) are always returned, with
 * `odd` set, and go to the general path.
 */
const FAST_SQL = `
SELECT a.listing_id,
  (a.extra IS NOT NULL OR @from < a.base_day OR @to >= a.base_day + length(a.flags)) AS odd,
  a.stay_width,
  hex(substr(a.flags, @from - a.base_day + 1, @days)) AS flags,
  hex(substr(a.min_stay, (@from - a.base_day) * a.stay_width + 1, @days * a.stay_width)) AS min_stay,
  hex(substr(a.max_stay, (@from - a.base_day) * a.stay_width + 1, @days * a.stay_width)) AS max_stay,
  r.base_day AS r_base,
  hex(substr(r.prices, max(@from - r.base_day, 0) * 4 + 1,
    max(0, @to - max(@from, r.base_day)) * 4)) AS prices
FROM availability a
LEFT JOIN rates r ON r.listing_id = a.listing_id
WHERE a.extra IS NOT NULL OR @from < a.base_day OR @to >= a.base_day + length(a.flags)
  OR hex(substr(a.flags, @from - a.base_day + 1, @days)) GLOB @pattern
ORDER BY a.listing_id`

type FastRow = [number, number, number, string, string, string, number | null, string | null]

const statements = new WeakMap<Database.Database, Database.Statement<[object], FastRow>>()

function fastStatement(sqlite: Database.Database): Database.Statement<[object], FastRow> {
  let stmt = statements.get(sqlite)
  if (!stmt) statements.set(sqlite, (stmt = sqlite.prepare<[object], FastRow>(FAST_SQL).raw()))
  return stmt
}

export function availableListings(deps: SearchDeps, q: AvailableQuery): AvailableResult {
  const stay: StayRequest = {
    from: q.from,
    to: q.to,
    adults: q.adults,
    ...(q.children !== undefined ? { children: q.children } : {}),
    ...(q.childrenAges !== undefined ? { childrenAges: q.childrenAges } : {})
  }
  // daysBetween throws on a malformed date, as the shared rules would.
  const ctx = searchContext(stay, q.today, personsOf(stay), daysBetween(q.today, q.from))
  deps.pricing.refresh()
  const result: AvailableResult = { bookable: [] }
  if (q.explain || ctx.nights < 1 || ctx.nights > FAST_MAX_NIGHTS) {
    if (q.explain) result.misses = []
    judgeAll(
      deps.sqlite,
      deps.pricing,
      ctx,
      (listingId, name, v) => {
        if (v.bookable) result.bookable.push({ listingId, name, estimateCents: v.estimateCents })
        else result.misses?.push({ listingId, reasons: v.reasons })
      },
      !(q.explain && q.reasonsOnly)
    )
    return result
  }
  const meta = deps.meta.all()
  const rows = fastStatement(deps.sqlite).all({
    from: ctx.fromDay,
    to: ctx.toDay,
    days: ctx.nights + 1,
    pattern: flagsPattern(ctx.nights)
  })
  for (const row of rows) {
    const listing = meta.get(row[0])
    if (!listing) continue
    // The cheap rules first, from memory; the shared rules below stay the authority.
    if (listing.active === 0) continue
    if (listing.maxGuest !== null && ctx.persons > listing.maxGuest) continue
    if (ctx.lead < 0 || ctx.lead < (listing.advanceNotice ?? 0)) continue
    const v = row[1] ? judgeOne(deps.sqlite, deps.pricing, ctx, row[0]) : judgeFast(deps, ctx, row)
    if (v?.bookable) {
      result.bookable.push({
        listingId: row[0],
        name: listing.name,
        estimateCents: v.estimateCents
      })
    }
  }
  return result
}

/**
 * A row whose flags allow the stay (the GLOB checked every night, the arrival's check-in and
 * the departure's check-out, and availableListings the listing's own rules). What is left of
 * checkStayRules is the arrival's stay limits, checked here the same way; so a row that gets
 * past them passes every stay rule and only needs its total (the shared stayTotal, without the
 * taxes, instalments and texts priceStay adds: full pricing dominated a search with thousands
 * of results). test/integration/db/search-paths.test.ts holds this path to the general one,
 * which runs the shared rules on every listing.
 */
function judgeFast(deps: SearchDeps, ctx: SearchContext, row: FastRow): Verdict | undefined {
  const [id, , width, , minStay, maxStay, rBase, prices] = row
  const min = hexUint(minStay, 0, width)
  const max = hexUint(maxStay, 0, width)
  if (ctx.nights < Math.max(min, 1) || (max > 0 && ctx.nights > max)) return undefined
  const inputs = rBase === null ? undefined : deps.pricing.get(id)
  if (!inputs?.listing || !inputs.rules) return { bookable: true, estimateCents: null }
  const nightly = windowCents(ctx, rBase!, prices ?? '', inputs.exact)
  // Bookable without an estimate: the mirror has no rate for some night.
  if (nightly === null) return { bookable: true, estimateCents: null }
  const { totalCents } = stayTotal(
    inputs.listing,
    inputs.rules,
    nightly,
    ctx.nightDates,
    ctx.persons,
    ctx.lead
  )
  return { bookable: true, estimateCents: totalCents }
}
