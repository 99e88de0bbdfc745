import type { z } from 'zod'
import { daysBetween } from '@shared/domain/dates'
import { isOutage } from '@shared/errors'
import {
  MISS_CODES,
  OUTSIDE_PRICE_SAMPLE,
  type AvailabilityMisses,
  type AvailabilityResultsInput,
  type AvailabilitySearchInput,
  type AvailabilitySearchResult,
  type AvailableListing,
  type LiveAvailability,
  type OutsidePrice
} from '@shared/ipc/availability.schema'
import type { ListingSummary } from '@shared/ipc/listings.schema'
import type { Mirror } from '../../db'
import { dayNumberOf } from '@shared/calendar/day-numbers'
import { DAY_CHECK_IN, DAY_OPEN } from '../../db/queries/day-letters'
import { AppError, toAppError } from '../../errors'
import type { StayMiss } from '@shared/domain/stay-rules'
import { judgeMisses } from './misses'
import { nightlyAverageCents } from './nightly-average'
import { refuseOutsideWindow } from '../stay-window'
import type { ProfileContext } from '../context'

/**
 * The property manager's availability search across the whole portfolio, answered from the
 * offline copy: the bookable listings with their price (the mirror's fast path), why the others
 * are not (a second, slower pass), and the service's own period answer set beside the copy's.
 */

type SearchInput = z.output<typeof AvailabilitySearchInput>
type ResultsInput = z.output<typeof AvailabilityResultsInput>

const DEFAULT_MISS_SAMPLE = 25

function stayOf(input: SearchInput, today: string) {
  return {
    from: input.from,
    to: input.to,
    adults: input.adults,
    today,
    ...(input.children !== undefined ? { children: input.children } : {}),
    ...(input.childrenAges !== undefined ? { childrenAges: input.childrenAges } : {})
  }
}

/** The listings the place, bedroom and type filters keep; undefined when none is set. */
function keptByFilters(mirror: Mirror, input: SearchInput): Set<number> | undefined {
  const filter = {
    ...(input.country ? { country: input.country } : {}),
    ...(input.city ? { city: input.city } : {}),
    ...(input.minBedrooms !== undefined ? { minBedrooms: input.minBedrooms } : {}),
    ...(input.bookingType ? { bookingType: input.bookingType } : {})
  }
  if (Object.keys(filter).length === 0) return undefined
  return new Set(mirror.listings.filter(filter).map((s) => s.id))
}

type PriceSide = 'in' | 'below' | 'above' | 'noEstimate'

/** Where a bookable listing's total stands against the price range, and how far outside it. */
function priceSide(cents: number | null, input: SearchInput): { side: PriceSide; by: number } {
  if (input.minPriceCents === undefined && input.maxPriceCents === undefined) {
    return { side: 'in', by: 0 }
  }
  // A listing without an estimate can't be said to be in a price range.
  if (cents === null) return { side: 'noEstimate', by: Infinity }
  if (input.minPriceCents !== undefined && cents < input.minPriceCents) {
    return { side: 'below', by: input.minPriceCents - cents }
  }
  if (input.maxPriceCents !== undefined && cents > input.maxPriceCents) {
    return { side: 'above', by: cents - input.maxPriceCents }
  }
  return { side: 'in', by: 0 }
}

function available(
  summary: ListingSummary,
  estimateCents: number | null,
  nights: number
): AvailableListing {
  return {
    listingId: summary.id,
    name: summary.name,
    city: summary.city,
    country: summary.country,
    bedrooms: summary.bedrooms,
    maxGuest: summary.maxGuest,
    bookingType: summary.bookingType,
    estimateCents,
    nightlyCents: nightlyAverageCents(estimateCents, nights)
  }
}

/** A bookable listing as the kept search holds it: its summary is the listing index's own. */
interface Found {
  summary: ListingSummary
  estimateCents: number | null
}

/** The same order as localeCompare(…, 'en'), without its per-call setup (thousands of calls). */
const byNameCollator = new Intl.Collator('en')

/** Price ascending puts listings without an estimate last; ties and names go by name, then id. */
function compare(sort: SearchInput['sort']) {
  const dir = sort?.dir === 'desc' ? -1 : 1
  const byName = (a: Found, b: Found) =>
    byNameCollator.compare(a.summary.name, b.summary.name) || a.summary.id - b.summary.id
  if (sort?.key === 'name') return (a: Found, b: Found) => dir * byName(a, b)
  return (a: Found, b: Found) => {
    if (a.estimateCents === b.estimateCents) return byName(a, b)
    if (a.estimateCents === null) return 1
    if (b.estimateCents === null) return -1
    return dir * (a.estimateCents - b.estimateCents)
  }
}

function asOf(mirror: Mirror): number | null {
  return mirror.sync.cursor('availability')?.lastSuccessAt ?? null
}

/**
 * A mirror's last search, kept while its question and the data stand: the table asks for its
 * rows a window at a time as it scrolls, and a new order re-sorts what was found.
 */
interface KeptSearch {
  question: string
  stamp: string
  found: Found[]
  filteredOut: number
  /** The bookable listings the price range left out: said beside the count, never dropped. */
  outsidePrice: OutsidePrice
  /** The found listings in each order asked for so far (by sortKey). */
  sorted: Map<string, Found[]>
}

const keptSearches = new WeakMap<Mirror, KeptSearch>()

/** What the bookable listings depend on: the stay, the filters and today; not order or window. */
function questionOf(input: ResultsInput, today: string): string {
  const { sort: _s, offset: _o, limit: _l, among: _a, missSample: _m, ...asked } = input
  return JSON.stringify([today, asked])
}

function sortKey(sort: SearchInput['sort']): string {
  return `${sort?.key ?? 'price'}:${sort?.dir ?? 'asc'}`
}

function foundListings(mirror: Mirror, input: ResultsInput, today: string): KeptSearch {
  const question = questionOf(input, today)
  const stamp = mirror.sync.dataStamp()
  const kept = keptSearches.get(mirror)
  if (kept && kept.question === question && kept.stamp === stamp) return kept

  const keptIds = keptByFilters(mirror, input)
  const { bookable } = mirror.calendars.available(stayOf(input, today))
  const shown: typeof bookable = []
  const outside: { listingId: number; estimateCents: number | null; by: number }[] = []
  const counts = { below: 0, above: 0, noEstimate: 0 }
  for (const b of bookable) {
    if (keptIds && !keptIds.has(b.listingId)) continue
    const { side, by } = priceSide(b.estimateCents, input)
    if (side === 'in') shown.push(b)
    else {
      counts[side]++
      outside.push({ ...b, by })
    }
  }
  const summaries = mirror.listings.summaries(shown.map((b) => b.listingId))
  const found: Found[] = []
  shown.forEach((b, i) => {
    const summary = summaries[i]
    if (summary) found.push({ summary, estimateCents: b.estimateCents })
  })
  // The nearest to the range first: those a slightly wider range would bring in.
  const nearest = outside
    .sort((a, b) => a.by - b.by || a.listingId - b.listingId)
    .slice(0, OUTSIDE_PRICE_SAMPLE)
  const nearSummaries = mirror.listings.summaries(nearest.map((b) => b.listingId))
  const nights = daysBetween(input.from, input.to)
  const search: KeptSearch = {
    question,
    stamp,
    found,
    filteredOut: keptIds ? mirror.sync.counts().listings - keptIds.size : 0,
    outsidePrice: {
      ...counts,
      listings: nearest.flatMap((b, i) => {
        const summary = nearSummaries[i]
        return summary ? [available(summary, b.estimateCents, nights)] : []
      })
    },
    sorted: new Map()
  }
  keptSearches.set(mirror, search)
  return search
}

/**
 * The bookable listings for the stay: how many, and the window asked for in the sort's order.
 * Only the window's rows are built and sent; the whole result is found, filtered and sorted
 * once per question and order, then kept (see KeptSearch).
 */
export function searchAvailability(
  mirror: Mirror,
  input: ResultsInput,
  today: string
): AvailabilitySearchResult {
  refuseOutsideWindow(input, today)
  const search = foundListings(mirror, input, today)
  const order = sortKey(input.sort)
  let sorted = search.sorted.get(order)
  if (!sorted) {
    sorted = [...search.found].sort(compare(input.sort))
    search.sorted.set(order, sorted)
  }
  if (input.among) {
    const among = new Set(input.among)
    sorted = sorted.filter((f) => among.has(f.summary.id))
  }
  const nights = daysBetween(input.from, input.to)
  return {
    nights,
    total: sorted.length,
    offset: input.offset,
    rows: sorted
      .slice(input.offset, input.offset + input.limit)
      .map((f) => available(f.summary, f.estimateCents, nights)),
    filteredOut: search.filteredOut,
    outsidePrice: search.outsidePrice,
    asOf: asOf(mirror)
  }
}

/**
 * Why the listings the filters keep can't be booked, grouped by reason. Asked after the search
 * and slower than it (every listing through every rule), so it runs in slices (judgeMisses)
 * and never holds main's thread for long.
 */
export async function availabilityMisses(
  mirror: Mirror,
  input: SearchInput,
  today: string
): Promise<AvailabilityMisses> {
  refuseOutsideWindow(input, today)
  const kept = keptByFilters(mirror, input)
  const sample = input.missSample ?? DEFAULT_MISS_SAMPLE
  const { today: _today, ...stay } = stayOf(input, today)
  const groups = new Map(
    MISS_CODES.map((code) => [
      code,
      {
        code,
        count: 0,
        onlyReason: 0,
        listings: [] as AvailabilityMisses['misses'][number]['listings']
      }
    ])
  )
  let considered = 0
  let notBookable = 0
  const keep = (id: number) => !kept || kept.has(id)
  await judgeMisses(mirror, stay, today, keep, (listingId, codes, words) => {
    considered++
    if (codes.length === 0) return
    notBookable++
    // The sentences only for a listing that is shown under one of its reasons.
    let shown: StayMiss[] | undefined
    for (const code of codes) {
      const group = groups.get(code)!
      group.count++
      if (codes.length === 1) group.onlyReason++
      if (group.listings.length < sample) {
        shown ??= words()
        const name = mirror.listings.summary(listingId)?.name ?? `Listing ${listingId}`
        const message = shown.find((r) => r.code === code)!.message
        group.listings.push({ listingId, name, message })
      }
    }
  })
  const misses = [...groups.values()]
    .filter((g) => g.count > 0)
    // What a small change would open first: the reasons that alone keep the most listings out.
    .sort((a, b) => b.onlyReason - a.onlyReason || b.count - a.count)
  return { considered, notBookable, misses }
}

/**
 * The service's listings free on every night of the period (its period endpoint) beside the
 * offline copy's: active, and every night known and available. The endpoint checks no arrival
 * or departure rules, so neither does the comparison. An outage is an answer, not an error.
 */
export async function liveAvailability(
  ctx: ProfileContext,
  from: string,
  to: string
): Promise<LiveAvailability> {
  const nights = daysBetween(from, to)
  if (nights < 1) {
    throw new AppError('bad-input', 'The period must end after it starts.', { field: 'to' })
  }
  refuseOutsideWindow({ from, to }, ctx.today())
  let live: Set<number>
  const client = ctx.client()
  try {
    live = new Set((await client.availableInPeriod(from, to)).map((l) => l.id))
  } catch (err) {
    const e = toAppError(err)
    if (!isOutage(e.code)) throw e
    return { state: 'unreachable', code: e.code, message: e.message }
  } finally {
    await client.close().catch(() => undefined)
  }
  const mirror = await ctx.mirror()
  const letters = mirror.calendars.dayLetters(dayNumberOf(from), nights)
  const offline = new Set<number>()
  for (const [id, days] of letters) {
    const summary = mirror.listings.summary(id)
    if (!summary || summary.active === false) continue
    let free = true
    for (let i = 0; free && i < days.length; i++) {
      free = days[i] === DAY_OPEN || days[i] === DAY_CHECK_IN
    }
    if (free) offline.add(id)
  }
  const named = (id: number) => ({
    listingId: id,
    name: mirror.listings.summary(id)?.name ?? `Listing ${id} (not in the offline copy)`
  })
  return {
    state: 'answered',
    askedAt: ctx.now(),
    liveCount: live.size,
    onlyLive: [...live]
      .filter((id) => !offline.has(id))
      .sort((a, b) => a - b)
      .map(named),
    onlyOffline: [...offline]
      .filter((id) => !live.has(id))
      .sort((a, b) => a - b)
      .map(named)
  }
}
