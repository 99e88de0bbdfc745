import { fromDayNumber, toDayNumber } from '@shared/domain/dates'
import type { BookingState } from './bookings'
import { BOOKED, OPEN, RATE_DAYS, indexOf, isAvailable } from './calendar'
import type { ListingState } from './portfolio'

/**
 * What a property manager's watch exists to catch, made to happen on the demo (issue 23):
 * situations present from the start (a first full sync finds them) and incidents performed
 * once, a while after the start (the next delta sync finds them, each with a recorded change).
 * This module only picks where they happen; the store applies them through its own calendar
 * edits (reopenNight, setNightlyRate, setMinStay), so they are exactly what a test can do.
 * It knows nothing of the client's rules: the thresholds below are the story told (a price
 * typed without its last digit, a price cut by 40 %, a minimum stay of 21 nights), not the
 * app's guardrails.
 */

/** A night of a confirmed booking that is bookable again. */
export interface ReopenedNight {
  bookingId: string
  listingId: number
  date: string
}

/** A night whose published price the demo changed (EUR; null: no rate published). */
export interface RepricedNight {
  date: string
  oldEur: number
  newEur: number | null
}

interface MinStayChange {
  date: string
  old: number
  new: number
}

/** What the demo has from the start (`situations: true`), for tests to check against. */
export interface DemoSituations {
  /** A confirmed booking with one night left open by a "calendar error". */
  reopened?: ReopenedNight
  /** Nights priced as if typed without their last digit (all under EUR 30). */
  mistyped?: { listingId: number; nights: RepricedNight[] }
  /** A night open for booking whose rate was never published (inside the rates window). */
  unpriced?: { listingId: number; date: string; oldEur: number }
}

/** What one run of the incidents did (`incidentsAfterMs`, `store.incidents()`). */
export interface IncidentReport {
  /** When, on the sandbox clock (epoch ms). */
  at: number
  /** Another confirmed booking's night reopened (cancelled elsewhere, or a calendar error). */
  reopened?: ReopenedNight
  /** Five nights of one listing cut by 40 %. */
  priceCut?: { listingId: number; nights: RepricedNight[] }
  /** A week of arrivals whose minimum stay rose to 21 nights. */
  minStay?: { listingId: number; nights: MinStayChange[] }
}

/** Where the starting situations and the incidents happen (days from today). */
export const MISTYPED_FROM = 14
export const MISTYPED_NIGHTS = 3
export const UNPRICED_FROM = 20
export const PRICE_CUT_FROM = 30
export const PRICE_CUT_NIGHTS = 5
export const PRICE_CUT_PERCENT = 40
export const MIN_STAY_FROM = 40
export const MIN_STAY_NIGHTS = 7
export const RAISED_MIN_STAY = 21

/** Confirmed bookings whose whole stay lies ahead (their nights are in the calendar). */
export function confirmedAhead(bookings: readonly BookingState[], today: number): BookingState[] {
  return bookings.filter((b) => b.status === 'confirmed' && toDayNumber(b.from) > today)
}

/** The first such booking all of whose nights are still held (none reopened yet). */
export function fullyHeld(
  bookings: readonly BookingState[],
  states: ReadonlyMap<number, ListingState>,
  today: number
): BookingState | undefined {
  return confirmedAhead(bookings, today).find((b) => {
    const cal = states.get(b.listingId)?.cal
    if (!cal) return false
    for (let day = toDayNumber(b.from); day < toDayNumber(b.to); day++) {
      const i = indexOf(cal, day)
      if (i < 0 || !(cal.flags[i] & BOOKED) || !(cal.flags[i] & OPEN)) return false
    }
    return true
  })
}

/**
 * Active listings without a demo booking, in id order: the demo's rate and stay incidents
 * happen on them so they never mix with the bookings' own story.
 */
export function quietListings(
  states: readonly ListingState[],
  bookings: readonly BookingState[]
): ListingState[] {
  const booked = new Set(bookings.map((b) => b.listingId))
  return states.filter((ls) => ls.listing.active !== false && !booked.has(ls.id))
}

/** `count` nights from `today + from`, as dates. */
export function nightsAhead(today: number, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, k) => fromDayNumber(today + from + k))
}

/** Whether every one of the nights has a published price under `limitCents` once divided by 10. */
export function mistypeFits(ls: ListingState, dates: readonly string[], limitCents: number) {
  return dates.every((d) => {
    const i = indexOf(ls.cal, toDayNumber(d))
    return i >= 0 && ls.cal.priceCents[i] > 0 && Math.round(ls.cal.priceCents[i] / 10) < limitCents
  })
}

/** The first open night from `today + from` inside the rates window, or undefined. */
export function firstOpenNight(ls: ListingState, today: number, from: number): string | undefined {
  for (let k = from; k < RATE_DAYS; k++) {
    const i = indexOf(ls.cal, today + k)
    if (i >= 0 && isAvailable(ls.cal, i) && ls.cal.priceCents[i] > 0) {
      return fromDayNumber(today + k)
    }
  }
  return undefined
}
