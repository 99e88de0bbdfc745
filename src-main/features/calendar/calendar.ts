import type { z } from 'zod'
import type { Fee } from '@shared/api/listing.schema'
import { eurToCents } from '@shared/domain/money'
import { estimateView } from '@shared/domain/quote-view'
import type {
  CalendarMonths,
  PricingRules,
  StayEstimate,
  StayEstimateInput,
  TimelineInput,
  TimelineRows
} from '@shared/ipc/calendar.schema'
import type { Mirror } from '../../db'
import { dayNumberOf } from '@shared/calendar/day-numbers'
import { DAY_UNKNOWN } from '../../db/queries/day-letters'
import { refuseOutsideWindow } from '../stay-window'
import { timelineBookings, timelinePrices } from './timeline-extras'

/**
 * The rate calendar and the portfolio timeline, from the offline copy: one listing's months with
 * each night's price and rules, the rules that shape its prices, a selected stay's estimate, and
 * many listings' days as rows.
 */

function nextMonth(month: string): string {
  const d = new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7), 1))
  return d.toISOString().slice(0, 7)
}

function span(dates: readonly string[]): { from: string; to: string } | null {
  if (dates.length === 0) return null
  let from = dates[0]
  let to = dates[0]
  for (const d of dates) {
    if (d < from) from = d
    if (d > to) to = d
  }
  return { from, to }
}

export function calendarMonths(
  mirror: Mirror,
  listingId: number,
  from: string,
  count: number
): CalendarMonths {
  const months: CalendarMonths['months'] = []
  let month = from
  for (let i = 0; i < count; i++) {
    months.push({ month, days: mirror.calendars.month(listingId, month).days })
    month = nextMonth(month)
  }
  const rates = mirror.calendars.rates(listingId)
  const availability = mirror.calendars.availability(listingId)
  let priceRange: CalendarMonths['priceRange'] = null
  for (const eur of Object.values(rates?.rate ?? {})) {
    const cents = eurToCents(eur)
    if (!priceRange) priceRange = { lowCents: cents, highCents: cents }
    else {
      priceRange.lowCents = Math.min(priceRange.lowCents, cents)
      priceRange.highCents = Math.max(priceRange.highCents, cents)
    }
  }
  return {
    listingId,
    months,
    priceRange,
    coverage: {
      availability: span(Object.keys(availability?.availability ?? {})),
      rates: span(Object.keys(rates?.rate ?? {}))
    },
    asOf: mirror.sync.cursor('rates')?.lastSuccessAt ?? null
  }
}

const fee = (f: Fee) => ({ name: f.name, basis: f.feeBasis ?? null, fee: f.fee })

/** Keyed rules ({"7": 10}) as rows in ascending order of their key. */
function keyed(rules: Record<string, number> | undefined): [number, number][] {
  return Object.entries(rules ?? {})
    .map(([k, v]): [number, number] => [Number(k), v])
    .sort((a, b) => a[0] - b[0])
}

/** The rules pricing reads (the rate record's, else the listing's: shared/domain/pricing.ts). */
export function pricingRules(mirror: Mirror, listingId: number): PricingRules | null {
  const listing = mirror.listings.get(listingId)
  if (!listing) return null
  const rates = mirror.calendars.rates(listingId)
  const extra = rates?.additionalGuests
  const cleaning = rates?.cleaning ?? listing.cleaning
  const localTax = rates?.localTax ?? listing.localTax
  return {
    listingId,
    longerStay: keyed(rates?.longerStay).map(([minNights, percent]) => ({ minNights, percent })),
    longerStayExclusions: (rates?.longerStayExclusionPeriods ?? []).map((p) => ({
      from: p.startDate,
      to: p.endDate
    })),
    lastMinute: keyed(rates?.lastMinute).map(([withinDays, percent]) => ({ withinDays, percent })),
    earlyBird: keyed(rates?.earlyBird).map(([beyondDays, percent]) => ({ beyondDays, percent })),
    additionalGuests:
      extra && extra.amount > 0
        ? {
            upTo: extra.amount,
            perNightCents: eurToCents(extra.price),
            includedGuests: Math.max(0, (listing.maxGuest ?? 0) - extra.amount)
          }
        : null,
    cleaning: cleaning ? { basis: cleaning.feeBasis, cents: eurToCents(cleaning.fee) } : null,
    extras: (rates?.extras ?? listing.extras ?? []).map(fee),
    taxes: (rates?.taxes ?? listing.taxes ?? []).map(fee),
    localTax: localTax ? fee(localTax) : null,
    securityDepositCents:
      (rates?.securityDeposit ?? listing.securityDeposit) === undefined
        ? null
        : eurToCents((rates?.securityDeposit ?? listing.securityDeposit)!),
    checkInDays: listing.basicRates?.checkInDays ?? null,
    checkOutDays: listing.basicRates?.checkOutDays ?? null,
    minimumStay: listing.basicRates?.minimumStay ?? null,
    maximumStay: listing.basicRates?.maximumStay ?? null,
    advanceNoticeDays: listing.advanceNotice ?? null,
    maxGuest: listing.maxGuest ?? null,
    seasons: listing.specialRates?.seasonPriceRules ?? [],
    sameRatesAllYear: listing.specialRates?.ratesSameAllYearRound === true
  }
}

/** A stay selected on the calendar: its offline price, or every reason it can't be booked. */
export function stayEstimate(
  mirror: Mirror,
  input: z.output<typeof StayEstimateInput>,
  today: string
): StayEstimate {
  refuseOutsideWindow(input, today)
  const outcome = mirror.calendars.estimate(
    input.listingId,
    {
      from: input.from,
      to: input.to,
      adults: input.adults,
      ...(input.children !== undefined ? { children: input.children } : {}),
      ...(input.childrenAges !== undefined ? { childrenAges: input.childrenAges } : {})
    },
    today
  )
  if (!outcome) return { state: 'unknown-listing' }
  if (outcome.available) return { state: 'priced', quote: estimateView(outcome.price, input.from) }
  return {
    state: 'unavailable',
    reasons: outcome.misses.map((m) => ({ code: m.code, message: m.message }))
  }
}

/**
 * Listings as rows over the same days, by name, a page at a time, each with the kept bookings
 * over its days and, when asked, each night's price.
 */
export function timelineRows(mirror: Mirror, input: z.output<typeof TimelineInput>): TimelineRows {
  // Only the page's rows are copied out of the portfolio (a desk may hold 50,000 listings).
  const { total, items: page } = mirror.listings.search({
    ...input.filter,
    sort: { key: 'name', dir: 'asc' },
    offset: input.offset,
    limit: input.limit
  })
  const ids = page.map((l) => l.id)
  const letters = mirror.calendars.dayLetters(dayNumberOf(input.from), input.days, ids)
  const bookings = timelineBookings(mirror, input.from, input.days, ids)
  return {
    from: input.from,
    days: input.days,
    total,
    rows: page.map((l) => ({
      listingId: l.id,
      name: l.name,
      city: l.city,
      days: letters.get(l.id) ?? DAY_UNKNOWN.repeat(input.days),
      ...(input.prices ? { prices: timelinePrices(mirror, l.id, input.from, input.days) } : {}),
      bookings: bookings.get(l.id) ?? []
    }))
  }
}
