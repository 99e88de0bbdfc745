import { describe, expect, it } from 'vitest'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { encodeDays } from '@shared/calendar/packed-days'
import { encodeRates } from '@shared/calendar/packed-rates'
import { addDays, toDayNumber, utcDateOf } from '@shared/domain/dates'
import { glanceOf, type Glance } from '../../../../../src-main/db/queries/listing-glance'

/**
 * The figures at a glance of one listing, from its packed calendar and rates: the lowest rate of
 * the open nights among the next 30, the next arrival and its minimum stay, and the words for a
 * missing one. Calendars are built day by day from today (UTC).
 */

const TODAY = '2026-11-23'
const T = toDayNumber(TODAY)

const open = (minStay = 1, over: Partial<AvailabilityDay> = {}): AvailabilityDay => ({
  available: true,
  checkInDay: true,
  checkOutDay: true,
  minStay,
  maxStay: 0,
  ...over
})
const closed: AvailabilityDay = { ...open(), available: false }

/** Days from `from` (default today) in order. */
function calendar(days: AvailabilityDay[], from = TODAY) {
  return encodeDays(Object.fromEntries(days.map((d, i) => [addDays(from, i), d])))
}

/** Prices (EUR) from `from` in order; null leaves the night without a rate. */
function prices(values: (number | null)[], from = TODAY) {
  const rate: Record<string, number> = {}
  values.forEach((v, i) => {
    if (v !== null) rate[addDays(from, i)] = v
  })
  return encodeRates({ listingId: 1, rate })
}

/** The whole calendar known: the answer a full read gives. */
function glance(
  days: ReturnType<typeof calendar> | undefined,
  rates: ReturnType<typeof prices> | undefined,
  notice = 0,
  today = T
): Glance {
  return glanceOf(days, rates, today, notice, today + 1500, true)!
}

const week = (n: number, price: number) => Array.from({ length: n }, () => price)

describe('listing figures at a glance', () => {
  it('takes the lowest rate of the open nights among the next 30, today included', () => {
    const days = Array.from({ length: 40 }, (_, i) => (i === 3 ? closed : open()))
    const rates = week(40, 100)
    rates[3] = 20 // closed: not counted
    rates[29] = 80 // the 30th night: counted
    rates[30] = 10 // the 31st: not counted
    expect(glance(calendar(days), prices(rates))).toMatchObject({
      lowestCents: 8000,
      lowestMissing: null
    })
    // A cheaper night yesterday is not among the next 30 (today's boundary).
    const fromYesterday = calendar([open(), ...days], addDays(TODAY, -1))
    const cheapYesterday = prices([5, ...rates], addDays(TODAY, -1))
    expect(glance(fromYesterday, cheapYesterday).lowestCents).toBe(8000)
  })

  it('says "no rate" when the open nights have none, "none open" when no night is open', () => {
    const g = glance(calendar(Array.from({ length: 60 }, () => open())), undefined)
    expect(g).toMatchObject({ lowestCents: null, lowestMissing: 'no-rate' })
    expect(g).toMatchObject({ arrivalDay: null, arrivalMissing: 'no-rate' })
    const shut = glance(calendar(Array.from({ length: 60 }, () => closed)), prices(week(60, 90)))
    expect(shut).toEqual({
      lowestCents: null,
      lowestMissing: 'none-open',
      arrivalDay: null,
      minStayNights: null,
      arrivalMissing: 'none-open'
    })
    // Without any calendar at all.
    expect(glance(undefined, prices(week(60, 90)))).toMatchObject({
      lowestMissing: 'none-open',
      arrivalMissing: 'none-open'
    })
  })

  it('starts the next arrival where a stay of at least the minimum length fits, priced every night', () => {
    // Today needs 3 nights but the 3rd is closed; day 1 allows no check-in; day 2 is closed
    // (a departure day, not a night, for a stay before it); day 3 needs 2 nights, which fit.
    const days = [
      open(3),
      open(1, { checkInDay: false }),
      closed,
      open(2),
      ...Array.from({ length: 40 }, () => open())
    ]
    expect(glance(calendar(days), prices(week(44, 70)))).toMatchObject({
      arrivalDay: T + 3,
      minStayNights: 2,
      arrivalMissing: null
    })
    // A minimum above the day's maximum: no stay can start there.
    days[3] = open(5, { maxStay: 4 })
    expect(glance(calendar(days), prices(week(44, 70))).arrivalDay).toBe(T + 4)
  })

  it('skips a stay across a rate gap, and says "no rate" when every stay crosses one', () => {
    const days = Array.from({ length: 20 }, () => open(2))
    // No rate on night 1: the stays from today and from day 1 both cross it.
    const gap = prices([50, null, ...week(18, 50)])
    expect(glance(calendar(days), gap)).toMatchObject({ arrivalDay: T + 2, minStayNights: 2 })
    expect(glance(calendar(days), gap).lowestCents).toBe(5000)
    const allGaps = prices(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 50 : null)))
    expect(glance(calendar(days), allGaps)).toMatchObject({
      arrivalDay: null,
      arrivalMissing: 'no-rate',
      lowestCents: 5000
    })
  })

  it('keeps the check-in and check-out days, the advance notice and a minimum of one night', () => {
    const days = [
      open(0, { checkInDay: false }),
      open(0), // a 1-night stay from here departs day 2, no check-out: 2 nights do
      open(0, { checkOutDay: false }),
      open(0),
      ...Array.from({ length: 10 }, () => open(0))
    ]
    expect(glance(calendar(days), prices(week(14, 60)))).toMatchObject({
      arrivalDay: T + 1,
      minStayNights: 1
    })
    // Four days of notice: the first arrival is day 4.
    expect(glance(calendar(days), prices(week(14, 60)), 4).arrivalDay).toBe(T + 4)
  })

  it('counts from the UTC day of the instant: a second before and after midnight', () => {
    const days = calendar([closed, ...Array.from({ length: 41 }, () => open())])
    const rates = week(42, 40)
    rates[30] = 25 // the 31st night from today: in the window only from tomorrow
    const midnight = Date.parse(`${addDays(TODAY, 1)}T00:00:00Z`)
    const before = toDayNumber(utcDateOf(midnight - 1000))
    const after = toDayNumber(utcDateOf(midnight))
    expect(glance(days, prices(rates), 0, before)).toMatchObject({
      lowestCents: 4000,
      arrivalDay: T + 1
    })
    expect(glance(days, prices(rates), 0, after)).toMatchObject({
      lowestCents: 2500,
      arrivalDay: T + 1
    })
  })

  it('finds a stay longer than the minimum that ends on a check-out day (weekly changeovers)', () => {
    // Check-in and check-out on day 3 and every 7th day after only, a minimum of 3 nights: a
    // stay of exactly 3 never ends on a check-out day, one of 7 from day 3 does.
    const weekly = (i: number) => i % 7 === 3
    const days = Array.from({ length: 80 }, (_, i) =>
      open(3, { checkInDay: weekly(i), checkOutDay: weekly(i) })
    )
    expect(glance(calendar(days), prices(week(80, 90)))).toMatchObject({
      arrivalDay: T + 3,
      // The arrival day's minimum stay, the rule a manager sets (the stay itself is 7 nights).
      minStayNights: 3,
      arrivalMissing: null
    })
    // Rates only for the next 20 nights: the stays from day 3 and day 10 are priced.
    expect(glance(calendar(days), prices(week(20, 90))).arrivalDay).toBe(T + 3)
    // A maximum of 6 nights on day 3 rules its 7-night stay out; day 10 has none.
    days[3] = open(3, { maxStay: 6 })
    expect(glance(calendar(days), prices(week(80, 90))).arrivalDay).toBe(T + 10)
    // The minimum above the only check-out within the maximum: none from day 3 either.
    days[3] = open(8, { maxStay: 10 })
    expect(glance(calendar(days), prices(week(80, 90))).arrivalDay).toBe(T + 10)
  })

  it('says "no rate" when the only stays that fit run past the published rates', () => {
    // Check-in and check-out every 7th day, rates for the next 12 nights: the 7-night stay
    // from day 3 is priced (nights 3 to 9), a 7-night stay from day 10 is not.
    const weekly = (i: number) => i % 7 === 3
    const days = Array.from({ length: 60 }, (_, i) =>
      open(2, { checkInDay: weekly(i), checkOutDay: weekly(i) })
    )
    days[3] = closed
    expect(glance(calendar(days), prices(week(12, 70)))).toMatchObject({
      arrivalDay: null,
      minStayNights: null,
      arrivalMissing: 'no-rate',
      lowestCents: 7000
    })
    expect(glance(calendar(days), prices(week(40, 70)))).toMatchObject({ arrivalDay: T + 10 })
  })

  it('leaves a next arrival beyond a window to the whole calendar', () => {
    const days = calendar([...Array.from({ length: 70 }, () => closed), open(), open()])
    const rates = prices(week(72, 30))
    expect(glanceOf(days, rates, T, 0, T + 63, false)).toBeUndefined()
    expect(glanceOf(days, rates, T, 0, T + 1500, true)).toMatchObject({ arrivalDay: T + 70 })
    // Check-in on day 55, check-out on day 70 only: the stay departs beyond the window.
    const long = calendar(
      Array.from({ length: 80 }, (_, i) => open(1, { checkInDay: i === 55, checkOutDay: i === 70 }))
    )
    const priced = prices(week(80, 30))
    expect(glanceOf(long, priced, T, 0, T + 63, false)).toBeUndefined()
    expect(glanceOf(long, priced, T, 0, T + 1500, true)).toMatchObject({
      arrivalDay: T + 55,
      minStayNights: 1
    })
  })
})
