import { describe, expect, it } from 'vitest'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { encodeDays, FLAG_AVAILABLE, FLAG_PRESENT } from '@shared/calendar/packed-days'
import { centsAt, encodeRates } from '@shared/calendar/packed-rates'
import { addDays, fromDayNumber, toDayNumber, type IsoDate } from '@shared/domain/dates'
import { stayDates, stayMissCodes } from '@shared/domain/stay-rules'
import { F, FIGURES, listingFigures, monthSpan } from '@shared/overview/figures'
import { flagsAt, gapRuns } from '@shared/overview/gap-nights'

const TODAY = '2026-11-22'
const T = toDayNumber(TODAY)

/** Day letters from TODAY: o open (in and out allowed), x not available (out allowed). */
function calendar(
  letters: string,
  overrides: Record<number, Partial<AvailabilityDay>> = {}
): Record<IsoDate, AvailabilityDay> {
  const out: Record<IsoDate, AvailabilityDay> = {}
  ;[...letters].forEach((c, i) => {
    out[addDays(TODAY, i)] = {
      available: c === 'o',
      checkInDay: true,
      checkOutDay: true,
      minStay: 1,
      maxStay: 0,
      ...overrides[i]
    }
  })
  return out
}

/** [first night, day after the last, reason] as offsets from TODAY. */
function runs(cal: Record<IsoDate, AvailabilityDay>, horizon = 90, notice = 0) {
  return gapRuns(encodeDays(cal), T, T + horizon, notice).map((r) => [
    r.from - T,
    r.to - T,
    r.reason,
    r.minStay
  ])
}

describe('gap nights', () => {
  it('a lone open night is bookable with a minimum stay of 0 or 1, a gap with 2', () => {
    expect(runs(calendar('xxoxx', { 2: { minStay: 0 } }))).toEqual([])
    expect(runs(calendar('xxoxx', { 2: { minStay: 1 } }))).toEqual([])
    expect(runs(calendar('xxoxx', { 2: { minStay: 2 } }))).toEqual([[2, 3, 'min-stay', 2]])
  })

  it('a two-night run is a gap under a minimum stay of 3 and not under 2', () => {
    expect(runs(calendar('xoox', { 1: { minStay: 3 }, 2: { minStay: 3 } }))).toEqual([
      [1, 3, 'min-stay', 3]
    ])
    expect(runs(calendar('xoox', { 1: { minStay: 2 }, 2: { minStay: 3 } }))).toEqual([])
    // The second night's own minimum of 1 lets a one-night stay arrive then.
    expect(runs(calendar('xoox', { 1: { minStay: 3 }, 2: { minStay: 1 } }))).toEqual([])
  })

  it('no allowed arrival in the run, or no allowed departure, makes a gap', () => {
    const noIn = { checkInDay: false }
    expect(runs(calendar('xooxx', { 1: noIn, 2: noIn }))).toEqual([[1, 3, 'check-in-day', 1]])
    const noOut = { checkOutDay: false }
    expect(runs(calendar('xooxx', { 2: noOut, 3: noOut }))).toEqual([[1, 3, 'check-out-day', 1]])
    // The day after the run allows a departure although it is not available itself.
    expect(runs(calendar('xooxx', { 2: noOut }))).toEqual([])
  })

  it('a maximum stay shorter than every departure that fits makes a gap', () => {
    const cal = calendar('xooox', {
      1: { maxStay: 1 },
      2: { checkInDay: false },
      3: { checkInDay: false }
    })
    cal[addDays(TODAY, 2)].checkOutDay = false
    // Days 3 and 4 allow a departure, but only past the arrival's maximum of one night.
    expect(runs(cal)).toEqual([[1, 4, 'max-stay', 1]])
  })

  it('arrivals inside the advance notice do not count', () => {
    expect(runs(calendar('ooxx'), 90, 0)).toEqual([])
    expect(runs(calendar('ooxx'), 90, 2)).toEqual([[0, 2, 'advance-notice', 1]])
    expect(runs(calendar('ooxx'), 90, 1)).toEqual([])
  })

  it('a run is judged whole, past the window; a run open on today counts from today', () => {
    // 3 open nights from day 88 to 90 with a minimum of 3: bookable, though the window ends at 90.
    const long = 'x'.repeat(88) + 'ooo' + 'x'
    const min = (n: number) => ({ 88: { minStay: n }, 89: { minStay: n }, 90: { minStay: n } })
    expect(runs(calendar(long, min(3)), 90)).toEqual([])
    expect(runs(calendar(long, min(4)), 90)).toEqual([[88, 91, 'min-stay', 4]])
    // A run beginning at the window's end is not the window's.
    expect(runs(calendar('x'.repeat(90) + 'ox', { 90: { minStay: 2 } }), 90)).toEqual([])
    // Open yesterday and today: only today is bookable, and a 2-night minimum can't fit.
    const started = encodeDays({
      ...calendar('oxx', { 0: { minStay: 2 } }),
      [addDays(TODAY, -1)]: {
        available: true,
        checkInDay: true,
        checkOutDay: true,
        minStay: 1,
        maxStay: 0
      }
    })
    expect(gapRuns(started, T, T + 90).map((r) => [r.from - T, r.to - T])).toEqual([[0, 1]])
  })

  it('a run reaching the end of the calendar has no departure day to end on', () => {
    // Day 3 is a departure for a night's stay from day 2; from day 3 on there is none.
    expect(runs(calendar('xxoo'))).toEqual([])
    expect(runs(calendar('xxoo', { 2: { minStay: 2 } }))).toEqual([[2, 4, 'check-out-day', 2]])
  })

  it('gap nights keep their value at published rates and name nights without a rate', () => {
    const cal = calendar('xoox', { 1: { minStay: 3 }, 2: { minStay: 3 } })
    const rate = { [addDays(TODAY, 1)]: 120.5, [addDays(TODAY, 0)]: 99 }
    const span = monthSpan(TODAY)
    const out = new Float64Array(12 * FIGURES)
    listingFigures(
      {
        days: encodeDays(cal),
        rates: encodeRates({ listingId: 1, rate }),
        active: true,
        advanceNotice: 0
      },
      span,
      out,
      0
    )
    expect(out[F.gapNights]).toBe(2)
    expect(out[F.gapValue]).toBe(12_050)
    expect(out[F.gapUnpriced]).toBe(1)
    expect(out[F.open]).toBe(2)
    expect(out[F.openValue]).toBe(12_050)
    expect(out[F.openUnpriced]).toBe(1)
    expect(out[F.unavailable]).toBe(2)
    // Days of the month past the calendar's four are unknown, not unavailable.
    expect(out[F.unknown]).toBe(out[F.days] - 4)
    expect(out[F.priced]).toBe(2)
    expect(out[F.rateSum]).toBe(21_950)
  })

  it('reads every day as flagsAt and centsAt do: packed, verbatim days, sub-cent and missing rates', () => {
    let seed = 11
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    const span = monthSpan(TODAY)
    const end = span.bounds[12]
    for (let t = 0; t < 40; t++) {
      // Calendars and rates starting before today or after it, with holes, some days that only
      // fit verbatim (a minimum stay past 2^32) and prices that are not whole cents.
      const start = Math.floor(rand() * 60) - 30
      const cal: Record<IsoDate, AvailabilityDay> = {}
      const rate: Record<IsoDate, number> = {}
      for (let i = start; i < start + 420; i++) {
        const day = addDays(TODAY, i)
        if (rand() < 0.05) continue
        cal[day] = {
          available: rand() < 0.6,
          checkInDay: rand() < 0.8,
          checkOutDay: rand() < 0.8,
          minStay: t % 3 === 0 && rand() < 0.01 ? 2 ** 33 : Math.floor(rand() * 4),
          maxStay: 0
        }
        if (rand() < 0.9)
          rate[day] = t % 4 === 0 && rand() < 0.02 ? 80.125 : 50 + Math.floor(rand() * 9000) / 100
      }
      const days = encodeDays(cal)
      const rates = encodeRates({ listingId: 1, rate })
      const out = new Float64Array(12 * FIGURES)
      const notice = t % 5
      const found = listingFigures(
        { days, rates, active: true, advanceNotice: notice },
        span,
        out,
        0
      )
      // The same runs, reasons and all, as gapRuns finds over the record itself.
      expect(found.map(({ valueCents: _v, unpriced: _u, ...run }) => run)).toEqual(
        gapRuns(days, span.bounds[0], end, notice)
      )
      const want = new Float64Array(12 * FIGURES)
      for (let k = 0, d = span.bounds[0]; d < end; d++) {
        while (d >= span.bounds[k + 1]) k++
        const at = k * FIGURES
        const f = flagsAt(days, d)
        const c = centsAt(rates, d)
        want[at + F.days]++
        if (c !== null) {
          want[at + F.priced]++
          want[at + F.rateSum] += c
        }
        if ((f & FLAG_PRESENT) === 0) want[at + F.unknown]++
        else if ((f & FLAG_AVAILABLE) === 0) want[at + F.unavailable]++
        else {
          want[at + F.open]++
          if (c === null) want[at + F.openUnpriced]++
          else want[at + F.openValue] += c
        }
      }
      for (const run of gapRuns(days, span.bounds[0], end, notice)) {
        for (let k = 0, d = run.from; d < Math.min(run.to, end); d++) {
          while (d >= span.bounds[k + 1]) k++
          const c = centsAt(rates, d)
          want[k * FIGURES + F.gapNights]++
          if (c === null) want[k * FIGURES + F.gapUnpriced]++
          else want[k * FIGURES + F.gapValue] += c
        }
      }
      expect({ extra: days.extra !== null, exact: rates.exact !== null, out: [...out] }).toEqual({
        extra: days.extra !== null,
        exact: rates.exact !== null,
        out: [...want]
      })
    }
  })

  it('an inactive listing has no gap nights of its own', () => {
    const cal = calendar('xoxx', { 1: { minStay: 2 } })
    const out = new Float64Array(12 * FIGURES)
    const cal2 = { days: encodeDays(cal), rates: undefined, advanceNotice: 0 }
    expect(listingFigures({ ...cal2, active: false }, monthSpan(TODAY), out, 0)).toEqual([])
    expect(listingFigures({ ...cal2, active: true }, monthSpan(TODAY), out, 0)).toHaveLength(1)
  })

  it('agrees with the stay rules on every stay of random calendars', () => {
    let seed = 7
    const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    for (let t = 0; t < 300; t++) {
      const length = 10 + Math.floor(rand() * 30)
      const cal: Record<IsoDate, AvailabilityDay> = {}
      for (let i = 0; i < length; i++) {
        cal[addDays(TODAY, i)] = {
          available: rand() < 0.6,
          checkInDay: rand() < 0.7,
          checkOutDay: rand() < 0.7,
          minStay: Math.floor(rand() * 5),
          maxStay: rand() < 0.3 ? 1 + Math.floor(rand() * 4) : 0
        }
      }
      const notice = rand() < 0.3 ? Math.floor(rand() * 4) : 0
      const gaps = gapRuns(encodeDays(cal), T, T + length, notice)
      const found = gaps.map((r) => r.from)
      // Each gap's reason holds for every stay from its first allowed arrival day.
      for (const g of gaps) {
        if (g.arrival === null) continue
        for (let b = g.arrival + 1; b <= g.to; b++) {
          const stay = { from: fromDayNumber(g.arrival), to: fromDayNumber(b), adults: 1 }
          const codes = stayMissCodes(
            { active: true, advanceNotice: notice },
            (d) => cal[d],
            stay,
            stayDates(stay, TODAY)
          )
          const why = JSON.stringify({ cal, notice, g, codes })
          if (g.reason === 'min-stay') expect(codes, why).toContain('min-stay')
          if (g.reason === 'check-out-day' && !codes.includes('min-stay')) {
            expect(codes, why).toContain('check-out-day')
          }
        }
        if (g.reason === 'max-stay') {
          const ends = [...Array(g.to - g.arrival).keys()].map((k) => g.arrival! + k + 1)
          expect(
            ends.some((b) => {
              const stay = { from: fromDayNumber(g.arrival!), to: fromDayNumber(b), adults: 1 }
              const c = stayMissCodes(
                { advanceNotice: notice },
                (d) => cal[d],
                stay,
                stayDates(stay, TODAY)
              )
              return c.length === 1 && c[0] === 'max-stay'
            })
          ).toBe(true)
        }
      }
      // Brute force: each maximal run of open nights, and every stay inside it.
      const expected: number[] = []
      const open = (d: number) => cal[fromDayNumber(d)]?.available === true
      for (let s = T; s < T + length; s++) {
        if (!open(s) || (s > T && open(s - 1))) continue
        let e = s
        while (open(e + 1)) e++
        let bookable = false
        for (let a = s; a <= e && !bookable; a++) {
          for (let b = a + 1; b <= e + 1 && !bookable; b++) {
            const stay = { from: fromDayNumber(a), to: fromDayNumber(b), adults: 1 }
            const codes = stayMissCodes(
              { active: true, advanceNotice: notice },
              (d) => cal[d],
              stay,
              stayDates(stay, TODAY)
            )
            bookable = codes.length === 0
          }
        }
        if (!bookable) expected.push(s)
      }
      expect(found, JSON.stringify({ cal, notice })).toEqual(expected)
    }
  })
})
