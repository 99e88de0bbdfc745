import type { AvailabilityDay } from '../api/availability.schema'
import { sentenceDate } from './date-words'
import { addDays, daysBetween, eachNight, weekday, type IsoDate } from './dates'

/**
 * Whether a stay may be booked at all, before any price is computed. Every rule is checked and
 * every broken rule is reported, so a guest or support agent sees all reasons at once instead of
 * fixing them one by one. The choices behind each rule are in docs/pricing.md.
 */

export type DayLookup = (date: IsoDate) => AvailabilityDay | undefined

export interface StayRequest {
  from: IsoDate
  to: IsoDate
  adults: number
  children?: number
  childrenAges?: number[]
}

/** The subset of a Listing the rules read (a full Listing fits). */
export interface StayListing {
  active?: boolean
  maxGuest?: number
  advanceNotice?: number
}

export type StayMissCode =
  | 'inactive'
  | 'not-available'
  | 'check-in-day'
  | 'check-out-day'
  | 'min-stay'
  | 'max-stay'
  | 'too-many-guests'
  | 'advance-notice'
  | 'no-rate'

export interface StayMiss {
  code: StayMissCode
  /** One readable English sentence naming the dates and numbers involved. */
  message: string
}

/** Indexed by weekday(): 0 = Sunday, as JavaScript's getUTCDay (see docs/pricing.md). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday'
] as const

/** "Tue, Dec 1, 2026": a day in a sentence, as every sentence of the app writes it. */
export function dayLabel(date: IsoDate): string {
  return sentenceDate(date)
}

/**
 * True when `date` falls on one of `days` (basicRates.checkInDays/checkOutDays, 0 = Sunday). An
 * absent or empty list allows every day, since the listing then states no restriction.
 */
export function isAllowedWeekday(days: readonly number[] | undefined, date: IsoDate): boolean {
  return !days || days.length === 0 || days.includes(weekday(date))
}

/** adults + children; childrenAges wins over children when both are given (one age per child). */
export function personsOf(stay: StayRequest): number {
  const children = stay.childrenAges ? stay.childrenAges.length : (stay.children ?? 0)
  return stay.adults + children
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** "a", "a and b", "a, b and c" */
/**
 * Dates joined for a sentence. Each date has commas of its own ("Mon, Jan 25, 2027"), so a list
 * of three or more is told apart by semicolons; two read as "a and b".
 */
function joinDates(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  if (items.length === 2) return `${items[0]} and ${items[1]}`
  return `${items.slice(0, -1).join('; ')}; and ${items[items.length - 1]}`
}

/**
 * Lists dates for a message, each as every sentence of the app writes a day ("Wed, Dec 2,
 * 2026"). Runs of three or more consecutive days collapse to "a to b" so a stay reaching past
 * the two-year calendar window does not produce a sentence of 200 dates.
 */
export function formatDates(dates: readonly IsoDate[]): string {
  const parts: string[] = []
  let i = 0
  while (i < dates.length) {
    let j = i
    while (j + 1 < dates.length && daysBetween(dates[j], dates[j + 1]) === 1) j++
    if (j - i >= 2) parts.push(`${dayLabel(dates[i])} to ${dayLabel(dates[j])}`)
    else for (let k = i; k <= j; k++) parts.push(dayLabel(dates[k]))
    i = j + 1
  }
  return joinDates(parts)
}

/**
 * The miss for nights the service publishes no rate for (rates cover one year ahead, spec
 * Limits): the live quote refuses such a stay, so every offline answer does too.
 */
export function noRateMiss(nights: readonly IsoDate[]): StayMiss {
  return { code: 'no-rate', message: `No nightly rate is set for ${formatDates(nights)}.` }
}

/** What judging a stay reads of its dates, the same for every listing: worked out once per pass. */
export interface StayDates {
  nights: number
  /** Days from today to check-in (negative: in the past). */
  lead: number
  /** The stay's nights, each as a date. */
  nightDates: readonly IsoDate[]
}

export function stayDates(stay: StayRequest, today: IsoDate): StayDates {
  // daysBetween throws RangeError on anything but YYYY-MM-DD, as checkStayRules does.
  const nights = daysBetween(stay.from, stay.to)
  return { nights, lead: daysBetween(today, stay.from), nightDates: eachNight(stay.from, stay.to) }
}

/**
 * The codes checkStayRules gives, in its order, without its sentences: the "why not bookable"
 * pass counts every listing's reasons but shows the words of a hundred per reason, and the
 * dates in the words were most of its time at 50,000 listings. Each test here is the one in
 * checkStayRules (test/unit/shared/domain/stay-rules.test.ts holds the two to each other).
 */
export function stayMissCodes(
  listing: StayListing,
  days: DayLookup,
  stay: StayRequest,
  dates: StayDates
): StayMissCode[] {
  const codes: StayMissCode[] = []
  if (listing.active === false) codes.push('inactive')
  for (const d of dates.nightDates) {
    if (days(d)?.available !== true) {
      codes.push('not-available')
      break
    }
  }
  const arrival = days(stay.from)
  if (arrival?.checkInDay !== true) codes.push('check-in-day')
  const departure = days(stay.to)
  if (!departure || !departure.checkOutDay) codes.push('check-out-day')
  if (dates.nights < Math.max(arrival?.minStay ?? 0, 1)) codes.push('min-stay')
  if (arrival && arrival.maxStay > 0 && dates.nights > arrival.maxStay) codes.push('max-stay')
  if (listing.maxGuest !== undefined && personsOf(stay) > listing.maxGuest) {
    codes.push('too-many-guests')
  }
  if (dates.lead < 0 || dates.lead < (listing.advanceNotice ?? 0)) codes.push('advance-notice')
  return codes
}

export function checkStayRules(
  listing: StayListing,
  days: DayLookup,
  stay: StayRequest,
  today: IsoDate
): StayMiss[] {
  const misses: StayMiss[] = []
  const miss = (code: StayMissCode, message: string) => misses.push({ code, message })
  // daysBetween throws RangeError on anything but YYYY-MM-DD, so bad input fails loudly here.
  const nights = daysBetween(stay.from, stay.to)

  if (listing.active === false) miss('inactive', 'The listing is not active.')

  // A night without a day record is unknown, and unknown must not be sold (e.g. beyond the
  // two-year calendar window).
  const unavailable = eachNight(stay.from, stay.to).filter((d) => days(d)?.available !== true)
  if (unavailable.length > 0) miss('not-available', `Not available on ${formatDates(unavailable)}.`)

  const arrival = days(stay.from)
  if (arrival?.checkInDay !== true) {
    miss('check-in-day', `Check-in is not allowed on ${dayLabel(stay.from)}.`)
  }
  const departure = days(stay.to)
  if (!departure) {
    miss(
      'check-out-day',
      `Check-out is not allowed on ${dayLabel(stay.to)}: the calendar has no data for that day.`
    )
  } else if (!departure.checkOutDay) {
    miss('check-out-day', `Check-out is not allowed on ${dayLabel(stay.to)}.`)
  }

  // Stay length limits belong to the arrival day; 0 means "no limit" for either. A zero-night
  // (or reversed) stay breaks the implicit minimum of one night whatever the calendar says.
  const minStay = Math.max(arrival?.minStay ?? 0, 1)
  if (nights < minStay) {
    miss(
      'min-stay',
      arrival && arrival.minStay > 1
        ? `Minimum stay from ${dayLabel(stay.from)} is ${plural(minStay, 'night')}; this stay has ${nights}.`
        : `A stay must be at least 1 night; ${dayLabel(stay.from)} to ${dayLabel(stay.to)} has ${nights}.`
    )
  }
  if (arrival && arrival.maxStay > 0 && nights > arrival.maxStay) {
    miss(
      'max-stay',
      `Maximum stay from ${dayLabel(stay.from)} is ${plural(arrival.maxStay, 'night')}; this stay has ${nights}.`
    )
  }

  const persons = personsOf(stay)
  if (listing.maxGuest !== undefined && persons > listing.maxGuest) {
    miss(
      'too-many-guests',
      `The listing sleeps at most ${plural(listing.maxGuest, 'guest')}; this stay has ${persons}.`
    )
  }

  const lead = daysBetween(today, stay.from)
  const notice = listing.advanceNotice ?? 0
  if (lead < 0) {
    miss(
      'advance-notice',
      `Check-in ${dayLabel(stay.from)} is in the past (today is ${dayLabel(today)}).`
    )
  } else if (lead < notice) {
    miss(
      'advance-notice',
      `Check-in must be at least ${plural(notice, 'day')} from today (earliest ` +
        `${dayLabel(addDays(today, notice))}); ${dayLabel(stay.from)} is ${plural(lead, 'day')} away.`
    )
  }
  return misses
}
