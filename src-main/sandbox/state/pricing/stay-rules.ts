import type { AvailabilityDay } from '@shared/api'
import { addDays, daysBetween } from '@shared/domain/dates'

/**
 * Whether the service takes a stay at all, as the sandbox's service decides it before pricing:
 * its own reading of the spec (the Availability record's day object, Listing's active, maxGuest
 * and advanceNotice, the request's adults and childrenAges, the Limits' windows), with the
 * choices the spec leaves open taken from docs/pricing.md. It shares no code with the client's
 * check (src-shared/domain/stay-rules.ts): the app's "bookable" is compared with this answer,
 * and shared code would agree with itself whatever the rule. The reasons are the service's own
 * words, the dates written as the spec writes them (YYYY-MM-DD).
 */

/** The rules a stay can break, in the order the answer lists them. */
export type StayRule =
  | 'party'
  | 'inactive'
  | 'past-arrival'
  | 'notice'
  | 'no-nights'
  | 'closed-nights'
  | 'arrival-day'
  | 'departure-day'
  | 'min-stay'
  | 'max-stay'
  | 'capacity'
  | 'unpriced-nights'

export interface Refusal {
  rule: StayRule
  /** One sentence, as the quote's `reasons` and a refused booking's message carry it. */
  reason: string
}

export interface StayAsked {
  from: string
  to: string
  adults: number
  children?: number
  childrenAges?: number[]
}

/** What the rules read of a listing (a full Listing fits). */
export interface StayListingFacts {
  active?: boolean
  maxGuest?: number
  advanceNotice?: number
}

/** The published calendar and rates of one listing, and where publication stops. */
export interface PublishedStayData {
  day(date: string): AvailabilityDay | undefined
  /** The published price of the night in EUR, undefined when none is published. */
  nightly(date: string): number | undefined
  /** The first day after the availability window (today + two years, spec Limits). */
  availabilityEnd: string
  /** The first day after the rates window (today + one year, spec Limits). */
  ratesEnd: string
}

/** Spec, Limits: children are 0 to 12; an older child is an adult. */
const OLDEST_CHILD = 12

/** Spec rule 4: adults and children are persons; a child is counted once, by number or age. */
export function personsOf(stay: StayAsked): number {
  return stay.adults + (stay.children ?? stay.childrenAges?.length ?? 0)
}

function nightsWord(n: number): string {
  return n === 1 ? '1 night' : `${n} nights`
}

/** "2026-12-01, 2026-12-03 to 2026-12-06": runs of three or more nights as a span. */
function dateList(dates: readonly string[]): string {
  const spans: string[] = []
  let start = 0
  for (let k = 1; k <= dates.length; k++) {
    if (k < dates.length && daysBetween(dates[k - 1], dates[k]) === 1) continue
    const run = dates.slice(start, k)
    spans.push(run.length >= 3 ? `${run[0]} to ${run[run.length - 1]}` : run.join(', '))
    start = k
  }
  return spans.join(', ')
}

/** The request's party as the spec allows it: a positive number of adults, children 0 to 12. */
function partyRefusals(stay: StayAsked): string[] {
  const out: string[] = []
  if (!Number.isInteger(stay.adults) || stay.adults < 1) {
    out.push(`adults must be a positive number; the request has ${stay.adults}.`)
  }
  if (stay.children !== undefined && (!Number.isInteger(stay.children) || stay.children < 0)) {
    out.push(`children must be 0 or more; the request has ${stay.children}.`)
  }
  const ages = stay.childrenAges ?? []
  const wrong = ages.filter((a) => !Number.isInteger(a) || a < 0 || a > OLDEST_CHILD)
  if (wrong.length > 0) {
    out.push(
      `childrenAges go from 0 to ${OLDEST_CHILD} (an older guest is an adult); ` +
        `the request has ${wrong.join(', ')}.`
    )
  }
  if (stay.children !== undefined && stay.childrenAges && ages.length !== stay.children) {
    out.push(`childrenAges must give one age for each of the ${stay.children} children.`)
  }
  return out
}

/** Nights the calendar does not offer: published closed, unpublished, or past the window. */
function nightRefusals(data: PublishedStayData, nights: readonly string[]): string[] {
  const closed: string[] = []
  const unpublished: string[] = []
  const beyond: string[] = []
  for (const night of nights) {
    const record = data.day(night)
    if (record?.available === true) continue
    if (record) closed.push(night)
    else if (night >= data.availabilityEnd) beyond.push(night)
    else unpublished.push(night)
  }
  const out: string[] = []
  if (closed.length) out.push(`Booked or closed on the nights of ${dateList(closed)}.`)
  if (unpublished.length) {
    out.push(`No availability is published for the nights of ${dateList(unpublished)}.`)
  }
  if (beyond.length) {
    out.push(
      `Availability is published two years ahead, to ${addDays(data.availabilityEnd, -1)}; ` +
        `the nights of ${dateList(beyond)} are past it.`
    )
  }
  return out
}

/** Nights without a published price: a stay is priced night by night, so none can be missing. */
function rateRefusals(data: PublishedStayData, nights: readonly string[]): string[] {
  const inside: string[] = []
  const beyond: string[] = []
  for (const night of nights) {
    if (data.nightly(night) !== undefined) continue
    if (night >= data.ratesEnd) beyond.push(night)
    else inside.push(night)
  }
  const out: string[] = []
  if (inside.length) out.push(`No price is published for the nights of ${dateList(inside)}.`)
  if (beyond.length) {
    out.push(
      `Rates are published one year ahead, to ${addDays(data.ratesEnd, -1)}; ` +
        `the nights of ${dateList(beyond)} have no price yet.`
    )
  }
  return out
}

/** Why a day is no arrival or departure day, or undefined when it is one. */
function turnoverRefusal(
  data: PublishedStayData,
  date: string,
  flag: 'checkInDay' | 'checkOutDay'
): string | undefined {
  const record = data.day(date)
  const what = flag === 'checkInDay' ? 'Check-in' : 'Check-out'
  if (!record) {
    return date >= data.availabilityEnd
      ? `${what} on ${date} is not possible: it is past the availability published to ${addDays(data.availabilityEnd, -1)}.`
      : `${what} on ${date} is not possible: no availability is published for that day.`
  }
  if (record[flag] !== true) return `${date} is not a ${what.toLowerCase()} day for this listing.`
  return undefined
}

/**
 * Every rule the stay breaks (empty when the service takes it): each with the service's reason.
 * `today` is the day the request is answered, for the advance notice.
 */
export function stayRefusals(
  listing: StayListingFacts,
  data: PublishedStayData,
  stay: StayAsked,
  today: string
): Refusal[] {
  const out: Refusal[] = []
  const add = (rule: StayRule, reasons: Array<string | undefined>) => {
    for (const reason of reasons) if (reason !== undefined) out.push({ rule, reason })
  }
  add('party', partyRefusals(stay))
  if (listing.active === false)
    add('inactive', ['This listing is not active: it takes no bookings.'])

  const lead = daysBetween(today, stay.from)
  const notice = Math.max(0, listing.advanceNotice ?? 0)
  if (lead < 0) {
    add('past-arrival', [`The arrival ${stay.from} is in the past; today is ${today}.`])
  } else if (lead < notice) {
    add('notice', [
      `This listing needs ${notice === 1 ? '1 day' : `${notice} days`}' notice: the earliest ` +
        `arrival is ${addDays(today, notice)}, and ${stay.from} is ` +
        `${lead === 0 ? 'today' : lead === 1 ? 'tomorrow' : `${lead} days away`}.`
    ])
  }

  const length = daysBetween(stay.from, stay.to)
  const nights: string[] = []
  for (let k = 0; k < length; k++) nights.push(addDays(stay.from, k))
  if (length < 1) {
    add('no-nights', [`The departure ${stay.to} must be after the arrival ${stay.from}.`])
  }
  add('closed-nights', nightRefusals(data, nights))
  add('arrival-day', [turnoverRefusal(data, stay.from, 'checkInDay')])
  add('departure-day', [turnoverRefusal(data, stay.to, 'checkOutDay')])

  // The limits published on the arrival day govern the stay; 0 is no limit.
  const arrival = data.day(stay.from)
  const min = arrival?.minStay ?? 0
  const max = arrival?.maxStay ?? 0
  if (length >= 1 && min > 0 && length < min) {
    add('min-stay', [
      `Stays arriving on ${stay.from} are at least ${nightsWord(min)}; this one is ${nightsWord(length)}.`
    ])
  }
  if (max > 0 && length > max) {
    add('max-stay', [
      `Stays arriving on ${stay.from} are at most ${nightsWord(max)}; this one is ${nightsWord(length)}.`
    ])
  }

  const persons = personsOf(stay)
  if (listing.maxGuest !== undefined && persons > listing.maxGuest) {
    add('capacity', [
      `This listing takes at most ${listing.maxGuest} ${listing.maxGuest === 1 ? 'guest' : 'guests'}, ` +
        `children included; the request is for ${persons}.`
    ])
  }
  add('unpriced-nights', rateRefusals(data, nights))
  return out
}
