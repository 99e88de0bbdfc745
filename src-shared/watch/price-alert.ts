import { eachNight } from '../domain/dates'
import type { BookingPriceAtBooking, PriceRule } from './price-at-booking.schema'
import type { Hit } from './rules'

/**
 * A 'price-at-booking' alert (issue 23, "Price at booking" under the warnings computed after
 * each sync): a kept booking whose total differs from its stay priced at the rates of the day it
 * was made, for a named rule. Pure: the watch pass prices the booking (price-at-booking.ts) and
 * turns the answer into a hit here; "not known" is never one.
 */

/** What the reason names beside the alert's values: the day the rates were taken and the rules. */
export interface PriceAlertFacts {
  madeOn: string
  rules: PriceRule[]
}

const KIND = 'price-at-booking'

/**
 * The alert's key: the booking, its stay, the day and both totals, and the rules that differ.
 * The same difference found again is the same alert (never repeated once dismissed); a booking
 * re-read with another total, or differing by another rule, is another one.
 */
function keyOf(b: string, from: string, to: string, f: PriceAlertFacts, old: number, now: number) {
  return [KIND, b, from, to, f.madeOn, old, now, f.rules.join(',')].join('|')
}

/** The day and rules a key holds (read back for the reason), undefined for another kind's key. */
export function priceAlertFacts(key: string): PriceAlertFacts | undefined {
  const parts = key.split('|')
  // Read from the end: the booking id is the one part the service writes.
  if (parts[0] !== KIND || parts.length < 8) return undefined
  const rules = parts[parts.length - 1]
  return {
    madeOn: parts[parts.length - 4],
    rules: rules === '' ? [] : (rules.split(',') as PriceRule[])
  }
}

/** The hit for one priced booking: null unless it differs by a named rule with both totals known. */
export function priceAtBookingHit(p: BookingPriceAtBooking, listingId: number): Hit | null {
  if (p.verdict !== 'differs' || p.differences.length === 0 || p.madeOn === null) return null
  const nights = eachNight(p.from, p.to)
  if (nights.length === 0) return null
  const total = p.lines.find((l) => l.key === 'total')
  if (!total || total.cents === null || total.bookingCents === null) return null
  const facts = { madeOn: p.madeOn, rules: p.differences.map((d) => d.rule) }
  return {
    kind: KIND,
    listingId,
    bookingId: p.bookingId,
    nights,
    oldValue: total.cents,
    newValue: total.bookingCents,
    limit: null,
    change: null,
    key: keyOf(p.bookingId, p.from, p.to, facts, total.cents, total.bookingCents)
  }
}
