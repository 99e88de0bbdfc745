import type Database from 'better-sqlite3'
import { daysBetween, type IsoDate } from '@shared/domain/dates'
import { personsOf, type StayMiss, type StayRequest } from '@shared/domain/stay-rules'
import { judgeAll, judgeOne, type Verdict } from './available-full'
import type { ListingMetaCache } from './listing-meta'
import type { PricingCache } from './pricing-cache'
import { stayTotal } from '@shared/domain/pricing'
import type { StayCalendars, StayCalendarsCache } from './stay-calendars'
import {
  searchContext,
  stayFlagsAllow,
  uintAt,
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
   * Listings whose stay rules all pass and whose every night has a rate (the live quote refuses
   * a night without one: rates cover one year, availability two). estimateCents is the offline
   * price (shared pricing code); null only when the listing's pricing rules can't be read.
   */
  bookable: { listingId: number; name: string; estimateCents: number | null }[]
  misses?: { listingId: number; reasons: StayMiss[] }[]
}

export interface SearchDeps {
  sqlite: Database.Database
  pricing: PricingCache
  meta: ListingMetaCache
  calendars: StayCalendarsCache
}

/** Stays longer than this take the general path (as the fast one did when SQL judged it). */
const FAST_MAX_NIGHTS = 400

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
  // The fast path: each calendar's flags for the stay, from memory (StayCalendars); a calendar
  // the flags cannot judge (days kept verbatim, a stay outside the stored span) goes to the
  // general path.
  const meta = deps.meta.all()
  const cal = deps.calendars.all()
  for (let k = 0; k < cal.count; k++) {
    const start = ctx.fromDay - cal.baseDay[k]
    const odd = cal.hasExtra[k] === 1 || start < 0 || start + ctx.nights >= cal.days[k]
    if (!odd && !stayFlagsAllow(cal.flags, cal.flagsAt[k] + start, ctx.nights)) continue
    const listingId = cal.listingId[k]
    const listing = meta.get(listingId)
    if (!listing) continue
    // The cheap rules first, from memory; the shared rules below stay the authority.
    if (listing.active === 0) continue
    if (listing.maxGuest !== null && ctx.persons > listing.maxGuest) continue
    if (ctx.lead < 0 || ctx.lead < (listing.advanceNotice ?? 0)) continue
    const v = odd
      ? judgeOne(deps.sqlite, deps.pricing, ctx, listingId)
      : judgeFast(deps, ctx, cal, k, start)
    if (v?.bookable) {
      result.bookable.push({ listingId, name: listing.name, estimateCents: v.estimateCents })
    }
  }
  return result
}

/**
 * A calendar whose flags allow the stay (stayFlagsAllow checked every night, the arrival's check-in and
 * the departure's check-out, and availableListings the listing's own rules). What is left of
 * checkStayRules is the arrival's stay limits, checked here the same way; so a row that gets
 * past them passes every stay rule and only needs its total (the shared stayTotal, without the
 * taxes, instalments and texts priceStay adds: full pricing dominated a search with thousands
 * of results). test/integration/db/search-paths.test.ts holds this path to the general one,
 * which runs the shared rules on every listing.
 */
function judgeFast(
  deps: SearchDeps,
  ctx: SearchContext,
  cal: StayCalendars,
  k: number,
  start: number
): Verdict | undefined {
  const width = cal.stayWidth[k]
  const min = uintAt(cal.minStay, cal.stayAt[k], start, width)
  const max = uintAt(cal.maxStay, cal.stayAt[k], start, width)
  if (ctx.nights < Math.max(min, 1) || (max > 0 && ctx.nights > max)) return undefined
  // A night without a rate: the service refuses the stay (its quote says 'no rate'), so it is
  // not bookable here either.
  if (cal.hasRates[k] === 0) return undefined
  const listingId = cal.listingId[k]
  const inputs = deps.pricing.get(listingId)
  const nightly = windowCents(ctx, cal.rateBaseDay[k], cal.prices, inputs.exact, {
    at: cal.pricesAt[k],
    count: cal.nights[k]
  })
  if (nightly === null) return undefined
  if (!inputs.listing || !inputs.rules) return { bookable: true, estimateCents: null }
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
