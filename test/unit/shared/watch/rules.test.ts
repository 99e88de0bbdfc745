import { describe, expect, it } from 'vitest'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { encodeDays } from '@shared/calendar/packed-days'
import { encodeRates } from '@shared/calendar/packed-rates'
import { addDays, toDayNumber } from '@shared/domain/dates'
import { DEFAULT_GUARDRAILS } from '@shared/watch/alert.schema'
import {
  doubleBookingNights,
  floorsOf,
  groupHits,
  latestPerNight,
  minStayNights,
  priceDropNights,
  stateNights,
  type NightChange
} from '@shared/watch/rules'

/** The watch's rules on packed calendars, as the pass hands them over from the mirror. */

const TODAY = '2027-08-01'
const today = toDayNumber(TODAY)
const day = (open: boolean, minStay = 2): AvailabilityDay => ({
  available: open,
  checkInDay: true,
  checkOutDay: true,
  minStay,
  maxStay: 28
})

/** A calendar of `n` days from `from`; `closed` lists the unavailable offsets. */
function calendar(n: number, closed: number[] = [], from = TODAY) {
  const availability: Record<string, AvailabilityDay> = {}
  for (let i = 0; i < n; i++) availability[addDays(from, i)] = day(!closed.includes(i))
  return encodeDays(availability)
}

function rates(prices: Record<number, number>, from = TODAY) {
  const rate: Record<string, number> = {}
  for (const [i, eur] of Object.entries(prices)) rate[addDays(from, Number(i))] = eur
  return encodeRates({ listingId: 7, rate })
}

describe('double-booking', () => {
  const booking = {
    id: 'SB10322106',
    listingId: 7,
    checkIn: today + 10,
    checkOut: today + 14
  }

  it('finds each night of a held booking the calendar shows open, the departure day not a night', () => {
    const days = calendar(30, [10, 13, 14]) // 11 and 12 reopened; 14 is the departure day
    const nights = doubleBookingNights(booking, days, today, () => null)
    expect(nights.map((n) => n.day - today)).toEqual([11, 12])
    expect(groupHits(nights)).toEqual([
      expect.objectContaining({
        kind: 'double-booking',
        bookingId: 'SB10322106',
        nights: ['2027-08-12', '2027-08-13'],
        change: null
      })
    ])
  })

  it('looks only from today on: nights already past are not warned about', () => {
    const days = calendar(30, [], addDays(TODAY, -5))
    const started = { ...booking, checkIn: today - 2, checkOut: today + 1 }
    expect(doubleBookingNights(started, days, today, () => null).map((n) => n.day)).toEqual([today])
  })

  it('keeps the change that reopened the night, and the key does not depend on it', () => {
    const days = calendar(30, [10, 12, 13])
    const change = { seenAt: 5, old: { available: false }, new: { available: true } }
    const [withChange] = groupHits(doubleBookingNights(booking, days, today, () => change))
    const [without] = groupHits(doubleBookingNights(booking, days, today, () => null))
    expect(withChange.change).toEqual(change)
    // A resync loses the history; the same situation must keep its identity (its dismissal).
    expect(withChange.key).toBe(without.key)
  })
})

describe('guardrails over the calendars', () => {
  it('a night priced under the floor, open or not (it sells cheap the day it is released)', () => {
    const days = calendar(10, [2])
    const prices = rates({ 0: 80, 1: 25, 2: 20, 3: 25, 4: 29.99, 5: 30, 6: 12 })
    const floor = floorsOf(DEFAULT_GUARDRAILS)(7)
    const hits = groupHits(stateNights(7, days, prices, DEFAULT_GUARDRAILS, floor, today))
    // One alert per run of nights under the floor, whatever each one's price: its lowest.
    expect(hits.map((h) => [h.kind, h.nights, h.newValue, h.limit])).toEqual([
      ['price-floor', ['2027-08-02', '2027-08-03', '2027-08-04', '2027-08-05'], 2000, 3000],
      ['price-floor', ['2027-08-07'], 1200, 3000]
    ])
  })

  it("a listing's own floor overrides the portfolio's, and null switches the floor off", () => {
    const rules = { ...DEFAULT_GUARDRAILS, listingFloors: [{ listingId: 7, floorCents: 2000 }] }
    expect(floorsOf(rules)(7)).toBe(2000)
    expect(floorsOf(rules)(8)).toBe(3000)
    expect(floorsOf({ ...rules, floorCents: null })(8)).toBeNull()
  })

  it('no rate: only inside the span the rate record covers (beyond it nothing is published yet)', () => {
    const days = calendar(20) // availability runs further than the rates
    const prices = rates({ 0: 80, 1: 80, 4: 80, 5: 80 }) // 2 and 3 missing inside; 6+ beyond
    const hits = groupHits(stateNights(7, days, prices, DEFAULT_GUARDRAILS, null, today))
    expect(hits).toEqual([
      expect.objectContaining({ kind: 'no-rate', nights: ['2027-08-03', '2027-08-04'] })
    ])
    const off = { ...DEFAULT_GUARDRAILS, noRate: false }
    expect(stateNights(7, days, prices, off, null, today)).toEqual([])
  })

  const change = (i: number, old: unknown, now: unknown, seenAt = 1): NightChange => ({
    listingId: 7,
    day: today + i,
    old,
    new: now,
    seenAt
  })

  it('a price drop beyond the percentage, while the price is still the one the change set', () => {
    const current = (_id: number, d: number) => (d === today + 3 ? 9000 : 5000)
    const nights = priceDropNights(
      [
        change(1, 100, 50), // 50%: a hit
        change(2, 100, 70), // exactly 30%: not more than the limit
        change(3, 100, 50), // since moved on to 90: not a hit any more
        change(-1, 100, 50) // yesterday
      ],
      30,
      today,
      current
    )
    expect(nights.map((n) => [n.day - today, n.oldValue, n.newValue, n.limit])).toEqual([
      [1, 10000, 5000, 30]
    ])
    expect(priceDropNights([change(1, 100, 50)], null, today, current)).toEqual([])
  })

  it('a minimum stay jumping from at or under the limit to above it', () => {
    const current = () => 21
    const nights = minStayNights(
      [
        change(1, day(true, 3), day(true, 21)),
        change(2, day(true, 14), day(true, 21)),
        change(3, day(true, 15), day(true, 21)), // already above before
        change(4, undefined, day(true, 21)) // a new day is not a jump
      ],
      14,
      today,
      current
    )
    expect(nights.map((n) => [n.day - today, n.oldValue, n.newValue])).toEqual([
      [1, 3, 21],
      [2, 14, 21]
    ])
  })

  it('the latest change of a night wins when a delta holds several', () => {
    const latest = latestPerNight([change(1, 100, 90, 1), change(1, 90, 40, 2)])
    expect(latest).toEqual([change(1, 90, 40, 2)])
  })
})

describe('grouping', () => {
  it('joins consecutive nights of one listing and one cause; a gap or another value splits', () => {
    const hit = (d: number, newValue: number) => ({
      kind: 'price-drop' as const,
      listingId: 7,
      bookingId: null,
      day: today + d,
      oldValue: 9000,
      newValue,
      limit: 30,
      change: null
    })
    const groups = groupHits([hit(3, 2500), hit(1, 2500), hit(2, 2500), hit(5, 2500), hit(6, 2000)])
    expect(groups.map((g) => [g.nights.length, g.newValue])).toEqual([
      [1, 2000],
      [3, 2500],
      [1, 2500]
    ])
    expect(new Set(groups.map((g) => g.key)).size).toBe(3)
  })
})
