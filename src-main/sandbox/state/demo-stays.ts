import { fromDayNumber, toDayNumber, weekday } from '@shared/domain/dates'
import type { BookingDesk } from './booking-desk'
import { PAYMENT_PERIOD_MS } from './bookings'
import { isAvailable, priceFor, seasonOf } from './calendar'
import { DAY_MS } from './clock'
import type { DayRange, DemoScenario } from './demo-scenarios'
import type { ListingState } from './portfolio'
import { policyByName, tierFor } from './policies'
import {
  priceOf as pricedBySandbox,
  type QuoteOutcome,
  type QuoteStay,
  type StayPrice
} from './pricing/quote'
import type { Prng } from './prng'

/**
 * Where and when each demo booking lies: a listing, free nights that fit its rules, the
 * booking's timeline (made, expires, ended) and its price.
 */

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000

export interface DemoBookingDeps {
  seed: number
  /** Day number of the sandbox's today at start. */
  today: number
  /** Epoch milliseconds of the sandbox's start (10:00 UTC on today). */
  startMs: number
  /** The channel every demo booking belongs to (the default caller's). */
  channel: string
  listings: readonly ListingState[]
  /** The store's quote path, with `asOf` (a day number) as the quote's today. */
  quote(ls: ListingState, stay: QuoteStay, asOf: number): QuoteOutcome
  file: BookingDesk['file']
}

/** A demo booking before it is filed: listing, stay, timeline (epoch ms) and price. */
export interface Plan {
  ls: ListingState
  stay: QuoteStay & { listingId: number; from: string; to: string }
  fromDay: number
  toDay: number
  createdMs: number
  expiresAtMs?: number
  endMs?: number
  price: StayPrice
}

const needsPartialTier = (s: DemoScenario): boolean =>
  s.partialRefundToday === true || s.end?.refund === 'partialTier'

/** Whether a cancellation `daysBefore` check-in refunds part, but not all, of what was paid. */
function partialAt(ls: ListingState, daysBefore: number): boolean {
  const { percent } = tierFor(policyByName(ls.listing.cancellationPolicy?.name), daysBefore)
  return percent > 0 && percent < 100
}

/** Unused listings first, so the bookings spread over the portfolio. */
export function planScenario(
  deps: DemoBookingDeps,
  r: Prng,
  scenario: DemoScenario,
  order: readonly ListingState[],
  taken: ReadonlyMap<number, [number, number][]>
): Plan | undefined {
  const fits = order.filter(
    (ls) =>
      (ls.listing.bookingType ?? 'instant') === scenario.bookingType &&
      (!needsPartialTier(scenario) ||
        policyByName(ls.listing.cancellationPolicy?.name).tiers.some(
          (t) => t.percent > 0 && t.percent < 100
        ))
  )
  const unused = fits.filter((ls) => !taken.has(ls.id))
  for (const ls of [...unused, ...fits.filter((ls) => taken.has(ls.id))]) {
    const plan = planOn(deps, r, scenario, ls, taken.get(ls.id) ?? [])
    if (plan) return plan
  }
  return undefined
}

/**
 * The first stay on `ls` the scenario allows: check-in and check-out weekdays, minimum and
 * maximum stay, advance notice, nights free in the calendar from today on and clear of the
 * listing's other demo bookings, and a price. The search starts at a drawn offset and length.
 */
function planOn(
  deps: DemoBookingDeps,
  r: Prng,
  scenario: DemoScenario,
  ls: ListingState,
  ranges: readonly [number, number][]
): Plan | undefined {
  const { today } = deps
  const p = ls.params
  const maxGuest = Math.max(1, ls.listing.maxGuest ?? 2)
  // Adults only: booking details show no children, so a reader can re-price what it sees.
  const adults = r.int(1, Math.min(maxGuest, 4))
  const expiresAtMs = scenario.expiresInHours
    ? deps.startMs + r.int(...scenario.expiresInHours) * HOUR_MS + r.int(0, 59) * MINUTE_MS
    : undefined
  const createdMs =
    expiresAtMs !== undefined
      ? expiresAtMs - PAYMENT_PERIOD_MS
      : (today - r.int(...scenario.bookedAgo)) * DAY_MS + r.int(7 * 60, 21 * 60) * MINUTE_MS
  const createdDay = Math.floor(createdMs / DAY_MS)
  const endAgo = scenario.end ? r.int(...scenario.end.daysAgo) : 0
  const endMinute = r.int(8 * 60, 20 * 60)
  const notice = Math.max(1, ls.listing.advanceNotice ?? 0)
  for (const fromDay of rotated(r, scenario.checkIn, today)) {
    const from = fromDayNumber(fromDay)
    if (fromDay - createdDay < notice || !(p.checkInMask & (1 << weekday(from)))) continue
    if (scenario.partialRefundToday && !partialAt(ls, fromDay - today)) continue
    const minStay = Math.max(1, seasonOf(fromDay, p.alpine) === 'high' ? p.highMinStay : p.minStay)
    for (const toDay of rotated(r, scenario.nights, fromDay)) {
      const to = fromDayNumber(toDay)
      const nights = toDay - fromDay
      if (nights < minStay || nights > p.maxStay || !(p.checkOutMask & (1 << weekday(to)))) continue
      if (!nightsFree(ls, fromDay, toDay, ranges, today)) continue
      let endMs: number | undefined
      if (scenario.end) {
        const endDay = endDayFor(scenario, ls, fromDay, endAgo, today)
        if (endDay === undefined || endDay <= createdDay) continue
        endMs = endDay * DAY_MS + endMinute * MINUTE_MS
      }
      const stay = { listingId: ls.id, from, to, adults }
      const price = priceOf(deps, ls, stay, fromDay, toDay, createdDay)
      if (!price) continue
      return { ls, stay, fromDay, toDay, createdMs, expiresAtMs, endMs, price }
    }
  }
  return undefined
}

/** The day the booking ended; for a partial guest refund, the first day in range that gives one. */
function endDayFor(
  scenario: DemoScenario,
  ls: ListingState,
  fromDay: number,
  endAgo: number,
  today: number
): number | undefined {
  const end = scenario.end
  if (!end) return undefined
  if (end.refund !== 'partialTier') return today - endAgo
  const [lo, hi] = end.daysAgo
  for (let k = 0; k <= hi - lo; k++) {
    const day = today - (lo + ((endAgo - lo + k) % (hi - lo + 1)))
    if (partialAt(ls, fromDay - day)) return day
  }
  return undefined
}

/**
 * Stays from today on: the store's quote as it would have answered on the booking day (the
 * published nightly rates; lead-day discounts and instalment dates from the booking day).
 * Stays that began before today: the calendar keeps no past nights, so their nightly rates are
 * derived with the calendar's own generator (priceFor: season, weekend, noise) and priced by the
 * same sandbox pricing (pricing/quote.ts).
 */
function priceOf(
  deps: DemoBookingDeps,
  ls: ListingState,
  stay: QuoteStay & { from: string; to: string },
  fromDay: number,
  toDay: number,
  createdDay: number
): StayPrice | undefined {
  if (fromDay >= deps.today) {
    const outcome = deps.quote(ls, stay, createdDay)
    return outcome.available ? outcome.price : undefined
  }
  const nightly = (date: string) => {
    const day = toDayNumber(date)
    return day >= fromDay && day < toDay ? priceFor(ls.params, day) / 100 : undefined
  }
  return pricedBySandbox(
    { listing: ls.listing, rules: ls.rules, nightly },
    stay,
    fromDayNumber(createdDay)
  )
}

/** Free from today on (the calendar) and clear of the listing's other demo bookings. */
function nightsFree(
  ls: ListingState,
  fromDay: number,
  toDay: number,
  ranges: readonly [number, number][],
  today: number
): boolean {
  if (ranges.some(([a, b]) => fromDay < b && a < toDay)) return false
  for (let d = Math.max(fromDay, today); d < toDay; d++) {
    if (!isAvailable(ls.cal, d - ls.cal.baseDay)) return false
  }
  return true
}

/** `base + range[0] .. base + range[1]`, starting at a drawn point and wrapping around. */
function rotated(r: Prng, range: DayRange, base: number): number[] {
  const span = range[1] - range[0] + 1
  const start = r.int(0, span - 1)
  return Array.from({ length: span }, (_, k) => base + range[0] + ((start + k) % span))
}

export function shuffled<T>(r: Prng, items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = r.int(0, i)
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}
