import { describe, expect, it } from 'vitest'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { encodeDays } from '@shared/calendar/packed-days'
import { addDays, fromDayNumber, toDayNumber, weekday, type IsoDate } from '@shared/domain/dates'
import { gapRuns } from '@shared/overview/gap-nights'
import { gapReasonSentence } from '@shared/overview/gap-words'
import { periodText, scopeSentence } from '@shared/overview/scope-words'

/**
 * The gap nights' reasons over calendars like the demo's (check-in on one weekday or a pair of
 * them, a minimum stay of 4 or 7, an advance notice of days), and the Overview's scope sentence.
 * Each reason must agree with the gap's count: it names the arrival day and the nights it leaves.
 */

const TODAY = '2026-11-26' // a Thursday, as on the demo the reviewer read
const T = toDayNumber(TODAY)

/**
 * `open` nights as [first, last] offsets from TODAY (the rest unavailable) over `length` days,
 * check-in on `checkIn` weekdays (0 = Sunday), check-out on every day, the same minimum stay.
 */
function demoLike(o: {
  open: [number, number]
  checkIn: number[]
  minStay: number
  maxStay?: number
  checkOut?: number[]
  length?: number
}): Record<IsoDate, AvailabilityDay> {
  const out: Record<IsoDate, AvailabilityDay> = {}
  for (let i = 0; i < (o.length ?? 30); i++) {
    const d = addDays(TODAY, i)
    out[d] = {
      available: i >= o.open[0] && i <= o.open[1],
      checkInDay: o.checkIn.includes(weekday(d)),
      checkOutDay: (o.checkOut ?? [0, 1, 2, 3, 4, 5, 6]).includes(weekday(d)),
      minStay: o.minStay,
      maxStay: o.maxStay ?? 0
    }
  }
  return out
}

/** The one gap of the calendar, with its nights and the reason's sentence. */
function gapOf(cal: Record<IsoDate, AvailabilityDay>, notice = 0) {
  const runs = gapRuns(encodeDays(cal), T, T + 90, notice)
  expect(runs).toHaveLength(1)
  const r = runs[0]
  const item = {
    ...r,
    to: fromDayNumber(r.to),
    arrival: r.arrival === null ? null : fromDayNumber(r.arrival),
    earliest: r.earliest === null ? null : fromDayNumber(r.earliest),
    nightsLeft: r.arrival === null ? null : r.to - r.arrival
  }
  return {
    from: fromDayNumber(r.from),
    nights: r.to - r.from,
    sentence: gapReasonSentence(item, TODAY)
  }
}

describe('why a gap cannot be booked', () => {
  it('a week with one Saturday arrival: the arrival leaves 5 nights, not the run’s 7', () => {
    // Thu Nov 26 to Wed Dec 2 open, check-in on Saturdays only, a minimum of 7 (listing 100013).
    const g = gapOf(demoLike({ open: [0, 6], checkIn: [6], minStay: 7 }))
    expect(g).toEqual({
      from: '2026-11-26',
      nights: 7,
      sentence:
        'No stay fits: the only arrival day, Sat, Nov 28, 2026, leaves 5 nights, under the minimum of 7'
    })
  })

  it('an advance notice of 3 days leaves the last 2 of 5 nights (listing 100026)', () => {
    const g = gapOf(demoLike({ open: [0, 4], checkIn: [0, 1, 2, 3, 4, 5, 6], minStay: 3 }), 3)
    expect(g.nights).toBe(5)
    expect(g.sentence).toBe(
      'No stay fits: with the advance notice of 3 days, the first arrival day is Sun, Nov 29, 2026, ' +
        'which leaves 2 nights, under the minimum of 3; later ones leave fewer nights than their minimum'
    )
  })

  it('a pair of check-in days late in the run (listings 100124 and 100126)', () => {
    // Mon Nov 30 to Fri Dec 4 open (5 nights), check-in Friday and Saturday, a minimum of 4.
    const g = gapOf(demoLike({ open: [4, 8], checkIn: [5, 6], minStay: 4 }))
    expect(g.nights).toBe(5)
    expect(g.sentence).toBe(
      'No stay fits: the only arrival day, Fri, Dec 4, 2026, leaves 1 night, under the minimum of 4'
    )
    // Sat Nov 28 to Wed Dec 2 (5 nights), check-in Saturday and Sunday, a minimum of 7.
    const two = gapOf(demoLike({ open: [2, 6], checkIn: [0, 6], minStay: 7 }))
    expect(two.sentence).toBe(
      'No stay fits: the first arrival day, Sat, Nov 28, 2026, leaves 5 nights, under the ' +
        'minimum of 7; later ones leave fewer nights than their minimum'
    )
  })

  it('no check-in day, no check-out day, a maximum stay, and every arrival within the notice', () => {
    // Sun Nov 29 to Fri Dec 4: no Saturday among them.
    expect(gapOf(demoLike({ open: [3, 8], checkIn: [6], minStay: 1 })).sentence).toBe(
      'No stay fits: check-in is not allowed on any of these nights'
    )
    // Check-out only on Saturdays, and the run ends on a Wednesday.
    const noOut = demoLike({ open: [3, 6], checkIn: [0, 1], minStay: 2, checkOut: [6] })
    expect(gapOf(noOut).sentence).toBe(
      'No stay fits: the first arrival day, Sun, Nov 29, 2026, has no check-out day at its ' +
        'minimum stay of 2 nights or later in the run; no later arrival day fits either'
    )
    // Check-out only on Saturday Dec 5, 6 nights after the one arrival; a maximum of 3.
    const long = demoLike({ open: [3, 8], checkIn: [0], minStay: 1, maxStay: 3, checkOut: [6] })
    expect(gapOf(long).sentence).toBe(
      'No stay fits: the only arrival day, Sun, Nov 29, 2026, has check-out days only past its ' +
        'maximum stay of 3 nights'
    )
    expect(gapOf(demoLike({ open: [0, 1], checkIn: [4, 5], minStay: 1 }), 2).sentence).toBe(
      'No stay fits: the advance notice of 2 days allows no arrival before Sat, Nov 28, 2026, ' +
        'after these nights'
    )
    // Thu Nov 26 to Tue Dec 1, check-in Thursday and Friday only (listing 100005).
    expect(gapOf(demoLike({ open: [0, 5], checkIn: [4, 5], minStay: 1 }), 3).sentence).toBe(
      'No stay fits: the advance notice of 3 days allows no arrival before Sun, Nov 29, 2026, ' +
        'and no later night of these allows check-in'
    )
  })
})

describe('the overview’s scope sentence', () => {
  const base = { region: null, listings: 60, today: TODAY }
  it('names the period as chosen: the twelve months, this month from today, a later month', () => {
    expect(scopeSentence({ ...base, month: null }, 'en-US')).toBe(
      'The whole portfolio, 60 listings, the next 12 months from Nov 26, 2026.'
    )
    expect(scopeSentence({ ...base, month: '2026-11' }, 'en-US')).toBe(
      'The whole portfolio, 60 listings, November 2026 from Nov 26 (today).'
    )
    expect(
      scopeSentence({ ...base, region: 'Tuscany', listings: 6, month: '2026-12' }, 'en-US')
    ).toBe('Tuscany, 6 listings, December 2026.')
    expect(
      scopeSentence({ ...base, region: 'Tuscany', listings: 1, month: '2027-10' }, 'en-US')
    ).toBe('Tuscany, 1 listing, October 2027.')
    expect(periodText('2026-12', TODAY, 'en-US')).toBe('December 2026')
  })
})
