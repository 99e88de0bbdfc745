import type Database from 'better-sqlite3'
import { daysBetween, type IsoDate } from '@shared/domain/dates'
import { personsOf, type StayMiss, type StayRequest } from '@shared/domain/stay-rules'
import { additionalGuestCount, stayTotal } from '@shared/domain/pricing'
import { judgeAll, judgeOne } from './available-full'
import type { ListingMetaCache } from './listing-meta'
import type { PricingCache, PricingInputs } from './pricing-cache'
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
  // general path. What does not depend on the guests is judged once per stay's dates (datesPass).
  const pass = datesPass(deps, ctx)
  for (const c of pass.candidates) {
    if (c.maxGuest !== null && ctx.persons > c.maxGuest) continue
    if (c.odd) {
      const v = judgeOne(deps.sqlite, deps.pricing, ctx, c.listingId)
      if (v?.bookable) {
        result.bookable.push({
          listingId: c.listingId,
          name: c.name,
          estimateCents: v.estimateCents
        })
      }
    } else {
      result.bookable.push({
        listingId: c.listingId,
        name: c.name,
        estimateCents: estimateOf(c, ctx)
      })
    }
  }
  return result
}

/**
 * A listing the stay's dates allow, whatever the guests: its flags, stay limits, rates, active
 * flag and advance notice passed (or the general path judges it: `odd`).
 */
interface Candidate {
  listingId: number
  name: string
  maxGuest: number | null
  odd: boolean
  /** The stay's nightly cents (fast path only). */
  nightly: number[] | null
  inputs: PricingInputs | undefined
  /** Totals computed so far, by the count of extra guests priced (additionalGuestCount). */
  totals: (number | undefined)[] | undefined
}

/** The last stay's dates judged, while the data stands (the pricing cache's stamp). */
interface DatesPass {
  key: string
  version: string | undefined
  candidates: Candidate[]
}

const passes = new WeakMap<PricingCache, DatesPass>()

/**
 * Every calendar judged on what the stay's dates decide: a person who changes only the guests
 * (or searches the same stay again) has most of the search done. At 50,000 listings the loop,
 * the flags and the nightly windows were half of a search with 18,000 bookable listings, and
 * the prices with their discounts the other half (kept per count of extra guests priced).
 */
function datesPass(deps: SearchDeps, ctx: SearchContext): DatesPass {
  const key = `${ctx.fromDay}:${ctx.toDay}:${ctx.lead}`
  const version = deps.pricing.version()
  const kept = passes.get(deps.pricing)
  if (kept && kept.key === key && kept.version === version) return kept
  const meta = deps.meta.all()
  const cal = deps.calendars.all()
  const candidates: Candidate[] = []
  for (let k = 0; k < cal.count; k++) {
    const start = ctx.fromDay - cal.baseDay[k]
    const odd = cal.hasExtra[k] === 1 || start < 0 || start + ctx.nights >= cal.days[k]
    if (!odd && !stayFlagsAllow(cal.flags, cal.flagsAt[k] + start, ctx.nights)) continue
    const listingId = cal.listingId[k]
    const listing = meta.get(listingId)
    if (!listing) continue
    // The cheap rules first, from memory; the shared rules stay the authority.
    if (listing.active === 0) continue
    if (ctx.lead < 0 || ctx.lead < (listing.advanceNotice ?? 0)) continue
    const window = odd ? undefined : nightlyWindow(deps, ctx, cal, k, start)
    if (!odd && !window) continue
    // One shape for every candidate (odd ones carry no window): the loop below stays monomorphic.
    candidates.push({
      listingId,
      name: listing.name,
      maxGuest: listing.maxGuest,
      odd,
      nightly: window?.nightly ?? null,
      inputs: window?.inputs,
      totals: undefined
    })
  }
  const pass = { key, version, candidates }
  passes.set(deps.pricing, pass)
  return pass
}

/**
 * A calendar whose flags allow the stay (stayFlagsAllow checked every night, the arrival's
 * check-in and the departure's check-out, and datesPass the listing's own rules). What is left
 * of checkStayRules is the arrival's stay limits, checked here the same way, and the guests
 * (maxGuest, in availableListings); so a row that gets past them passes every stay rule and
 * only needs its total (estimateOf). test/integration/db/search-paths.test.ts holds this path to
 * the general one, which runs the shared rules on every listing.
 */
function nightlyWindow(
  deps: SearchDeps,
  ctx: SearchContext,
  cal: StayCalendars,
  k: number,
  start: number
): Pick<Candidate, 'nightly' | 'inputs'> | undefined {
  const width = cal.stayWidth[k]
  const min = uintAt(cal.minStay, cal.stayAt[k], start, width)
  const max = uintAt(cal.maxStay, cal.stayAt[k], start, width)
  if (ctx.nights < Math.max(min, 1) || (max > 0 && ctx.nights > max)) return undefined
  // A night without a rate: the service refuses the stay (its quote says 'no rate'), so it is
  // not bookable here either.
  if (cal.hasRates[k] === 0) return undefined
  const inputs = deps.pricing.get(cal.listingId[k])
  const nightly = windowCents(ctx, cal.rateBaseDay[k], cal.prices, inputs.exact, {
    at: cal.pricesAt[k],
    count: cal.nights[k]
  })
  return nightly === null ? undefined : { nightly, inputs }
}

/**
 * The stay's total (the shared stayTotal, without the taxes, instalments and texts priceStay
 * adds: full pricing dominated a search with thousands of results); null when the listing's
 * pricing rules can't be read.
 */
function estimateOf(c: Candidate, ctx: SearchContext): number | null {
  const listing = c.inputs?.listing
  const rules = c.inputs?.rules
  if (!listing || !rules || !c.nightly) return null
  // The only way the guests reach a total, so a total is kept per count, not per party.
  const extra = additionalGuestCount(listing, rules, ctx.persons)
  const known = c.totals?.[extra]
  if (known !== undefined) return known
  const { nightDates, persons, lead } = ctx
  const { totalCents } = stayTotal(
    listing,
    rules,
    c.nightly,
    nightDates,
    persons,
    lead,
    c.inputs?.discounts
  )
  c.totals ??= []
  c.totals[extra] = totalCents
  return totalCents
}
