import { describe, expect, it } from 'vitest'
import { AvailabilityDay } from '@shared/api/availability.schema'
import { Listing } from '@shared/api/listing.schema'
import { sentenceDate, sentenceDate as d } from '@shared/domain/date-words'
import { addDays, type IsoDate } from '@shared/domain/dates'
import {
  checkStayRules,
  dayLabel,
  formatDates,
  isAllowedWeekday,
  personsOf,
  stayDates,
  stayMissCodes,
  type DayLookup,
  type StayRequest
} from '@shared/domain/stay-rules'

const TODAY = '2026-11-22' // a Sunday
const OPEN = { available: true, checkInDay: true, checkOutDay: true, minStay: 0, maxStay: 0 }

/** A calendar open every day from TODAY for `length` days, with per-date overrides. */
function calendar(
  overrides: Record<IsoDate, Partial<AvailabilityDay>> = {},
  length = 60
): DayLookup {
  const days = new Map<IsoDate, AvailabilityDay>()
  for (let i = 0; i < length; i++) {
    const d = addDays(TODAY, i)
    days.set(d, AvailabilityDay.parse({ ...OPEN, ...overrides[d] }))
  }
  return (d) => days.get(d)
}

const listing = Listing.parse({ id: 7, active: true, maxGuest: 4, advanceNotice: 2 })
// Tuesday 2026-12-01 to Friday 2026-12-04: three nights, nine days ahead.
const stay: StayRequest = { from: '2026-12-01', to: '2026-12-04', adults: 2 }

describe('personsOf', () => {
  it('adds children to adults, preferring one age per child over the count', () => {
    expect(personsOf({ ...stay, adults: 2 })).toBe(2)
    expect(personsOf({ ...stay, adults: 2, children: 3 })).toBe(5)
    expect(personsOf({ ...stay, adults: 1, children: 5, childrenAges: [4, 11] })).toBe(3)
    expect(personsOf({ ...stay, adults: 1, childrenAges: [] })).toBe(1)
  })
})

describe('weekday numbers', () => {
  it('reads 0 as Sunday in labels and basicRates day lists', () => {
    expect(dayLabel('2026-11-22')).toBe(d('2026-11-22'))
    expect(sentenceDate('2026-11-22', 'en-US')).toBe('Sun, Nov 22, 2026')
    expect(sentenceDate('2026-12-01', 'en-US')).toBe('Tue, Dec 1, 2026')
    expect(isAllowedWeekday([0, 6], '2026-11-22')).toBe(true)
    expect(isAllowedWeekday([1, 2, 3, 4, 5, 6], '2026-11-22')).toBe(false)
    expect(isAllowedWeekday([], '2026-11-22')).toBe(true)
    expect(isAllowedWeekday(undefined, '2026-11-22')).toBe(true)
  })
})

describe('formatDates', () => {
  it('lists short runs and collapses runs of three or more days; three or more parts by semicolons, since each date has commas', () => {
    expect(formatDates(['2026-12-03'])).toBe(d('2026-12-03'))
    expect(formatDates(['2026-12-03', '2026-12-04'])).toBe(
      `${d('2026-12-03')} and ${d('2026-12-04')}`
    )
    expect(
      formatDates(['2026-12-01', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-09'])
    ).toBe(`${d('2026-12-01')}; ${d('2026-12-03')} to ${d('2026-12-05')}; and ${d('2026-12-09')}`)
  })
})

describe('checkStayRules', () => {
  it('passes a stay that keeps every rule', () => {
    expect(checkStayRules(listing, calendar(), stay, TODAY)).toEqual([])
  })

  it('refuses an inactive listing', () => {
    const misses = checkStayRules({ ...listing, active: false }, calendar(), stay, TODAY)
    expect(misses).toEqual([{ code: 'inactive', message: 'The listing is not active.' }])
  })

  it('treats a listing without `active` as active', () => {
    expect(checkStayRules({ maxGuest: 4 }, calendar(), stay, TODAY)).toEqual([])
  })

  it('lists every unavailable night in one message', () => {
    const days = calendar({
      '2026-12-02': { available: false },
      '2026-12-03': { available: false },
      // The departure day is not a night of the stay: being booked does not matter.
      '2026-12-04': { available: false }
    })
    expect(checkStayRules(listing, days, stay, TODAY)).toEqual([
      {
        code: 'not-available',
        message: `Not available on ${d('2026-12-02')} and ${d('2026-12-03')}.`
      }
    ])
  })

  it('counts nights without a day record as unavailable', () => {
    // The calendar ends on 2026-12-01; nights 12-02 and 12-03 and the departure are beyond it.
    const days = calendar({}, 10)
    const misses = checkStayRules(listing, days, stay, TODAY)
    expect(misses).toEqual([
      {
        code: 'not-available',
        message: `Not available on ${d('2026-12-02')} and ${d('2026-12-03')}.`
      },
      {
        code: 'check-out-day',
        message: `Check-out is not allowed on ${d('2026-12-04')}: the calendar has no data for that day.`
      }
    ])
  })

  it('requires checkInDay on the arrival date', () => {
    const days = calendar({ '2026-12-01': { checkInDay: false } })
    expect(checkStayRules(listing, days, stay, TODAY)).toEqual([
      { code: 'check-in-day', message: `Check-in is not allowed on ${d('2026-12-01')}.` }
    ])
  })

  it('requires checkOutDay on the departure date, not on the last night', () => {
    const lastNight = calendar({ '2026-12-03': { checkOutDay: false } })
    expect(checkStayRules(listing, lastNight, stay, TODAY)).toEqual([])
    const departure = calendar({ '2026-12-04': { checkOutDay: false } })
    expect(checkStayRules(listing, departure, stay, TODAY)).toEqual([
      { code: 'check-out-day', message: `Check-out is not allowed on ${d('2026-12-04')}.` }
    ])
  })

  it('takes the minimum stay from the arrival day only', () => {
    const arrival = calendar({ '2026-12-01': { minStay: 7 } })
    expect(checkStayRules(listing, arrival, stay, TODAY)).toEqual([
      {
        code: 'min-stay',
        message: `Minimum stay from ${d('2026-12-01')} is 7 nights; this stay has 3.`
      }
    ])
    const later = calendar({ '2026-12-02': { minStay: 7 } })
    expect(checkStayRules(listing, later, stay, TODAY)).toEqual([])
    const exact = calendar({ '2026-12-01': { minStay: 3 } })
    expect(checkStayRules(listing, exact, stay, TODAY)).toEqual([])
  })

  it('refuses a stay of zero nights as a minimum-stay miss', () => {
    const misses = checkStayRules(listing, calendar(), { ...stay, to: stay.from }, TODAY)
    expect(misses).toEqual([
      {
        code: 'min-stay',
        message: `A stay must be at least 1 night; ${d('2026-12-01')} to ${d('2026-12-01')} has 0.`
      }
    ])
  })

  it('takes the maximum stay from the arrival day, 0 meaning no maximum', () => {
    const capped = calendar({ '2026-12-01': { maxStay: 2 } })
    expect(checkStayRules(listing, capped, stay, TODAY)).toEqual([
      {
        code: 'max-stay',
        message: `Maximum stay from ${d('2026-12-01')} is 2 nights; this stay has 3.`
      }
    ])
    const long: StayRequest = { ...stay, to: '2027-01-10' }
    expect(checkStayRules(listing, calendar({}, 60), long, TODAY)).toEqual([])
    const exact = calendar({ '2026-12-01': { maxStay: 3 } })
    expect(checkStayRules(listing, exact, stay, TODAY)).toEqual([])
  })

  it('counts children as guests against maxGuest', () => {
    expect(checkStayRules(listing, calendar(), { ...stay, children: 2 }, TODAY)).toEqual([])
    const misses = checkStayRules(listing, calendar(), { ...stay, childrenAges: [3, 5, 9] }, TODAY)
    expect(misses).toEqual([
      {
        code: 'too-many-guests',
        message: 'The listing sleeps at most 4 guests; this stay has 5.'
      }
    ])
  })

  it('needs advanceNotice days between today and check-in', () => {
    const tomorrow: StayRequest = { ...stay, from: '2026-11-23', to: '2026-11-26' }
    expect(checkStayRules(listing, calendar(), tomorrow, TODAY)).toEqual([
      {
        code: 'advance-notice',
        message: `Check-in must be at least 2 days from today (earliest ${d('2026-11-24')}); ${d('2026-11-23')} is 1 day away.`
      }
    ])
    const onTime: StayRequest = { ...stay, from: '2026-11-24', to: '2026-11-26' }
    expect(checkStayRules(listing, calendar(), onTime, TODAY)).toEqual([])
    const noNotice = { ...listing, advanceNotice: 0 }
    const today: StayRequest = { ...stay, from: TODAY, to: '2026-11-25' }
    expect(checkStayRules(noNotice, calendar(), today, TODAY)).toEqual([])
  })

  it('always refuses a check-in before today', () => {
    const past: StayRequest = { ...stay, from: '2026-11-21', to: '2026-11-24' }
    const misses = checkStayRules({ ...listing, advanceNotice: 0 }, calendar(), past, TODAY)
    expect(misses).toContainEqual({
      code: 'advance-notice',
      message: `Check-in ${d('2026-11-21')} is in the past (today is ${d('2026-11-22')}).`
    })
  })

  it('reports every broken rule at once, one miss per rule', () => {
    const days = calendar({
      '2026-12-01': { checkInDay: false, minStay: 5, available: false },
      '2026-12-02': { available: false },
      '2026-12-04': { checkOutDay: false }
    })
    const misses = checkStayRules(
      { active: false, maxGuest: 2, advanceNotice: 30 },
      days,
      { ...stay, children: 1 },
      TODAY
    )
    expect(misses.map((m) => m.code)).toEqual([
      'inactive',
      'not-available',
      'check-in-day',
      'check-out-day',
      'min-stay',
      'too-many-guests',
      'advance-notice'
    ])
    expect(misses[1].message).toBe(`Not available on ${d('2026-12-01')} and ${d('2026-12-02')}.`)
    expect(misses[6].message).toBe(
      `Check-in must be at least 30 days from today (earliest ${d('2026-12-22')}); ${d('2026-12-01')} is 9 days away.`
    )
  })
})

/** A small deterministic generator, so a failing case can be run again. */
function prng(seed: number): () => number {
  let x = seed >>> 0
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    return x / 4294967296
  }
}

describe('stayMissCodes', () => {
  it('gives the codes of checkStayRules, in its order, on varied listings, calendars and stays', () => {
    const r = prng(22)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]
    const seen = new Set<string>()
    for (let n = 0; n < 3000; n++) {
      const length = pick([0, 5, 20, 60])
      const overrides: Record<IsoDate, Partial<AvailabilityDay>> = {}
      for (let i = 0; i < length; i++) {
        overrides[addDays(TODAY, i)] = {
          available: r() > 0.1,
          checkInDay: r() > 0.2,
          checkOutDay: r() > 0.2,
          minStay: pick([0, 1, 2, 4, 9]),
          maxStay: pick([0, 0, 3, 6])
        }
      }
      const days = calendar(overrides, length)
      const from = addDays(TODAY, pick([-2, -1, 0, 1, 3, 9, 18]))
      const asked: StayRequest = {
        from,
        to: addDays(from, pick([-1, 0, 1, 2, 3, 7, 12])),
        adults: pick([1, 2, 5]),
        ...(r() > 0.5 ? { childrenAges: [4] } : {})
      }
      const rules = {
        ...(r() > 0.2 ? { active: r() > 0.15 } : {}),
        ...(r() > 0.2 ? { maxGuest: pick([1, 2, 4]) } : {}),
        ...(r() > 0.2 ? { advanceNotice: pick([0, 1, 3, 10]) } : {})
      }
      const full = checkStayRules(rules, days, asked, TODAY).map((m) => m.code)
      const dates = stayDates(asked, TODAY)
      expect(stayMissCodes(rules, days, asked, dates), JSON.stringify({ n, asked, rules })).toEqual(
        full
      )
      for (const code of full) seen.add(code)
    }
    // Every rule was broken somewhere, so every test of the two was compared.
    expect([...seen].sort()).toEqual([
      'advance-notice',
      'check-in-day',
      'check-out-day',
      'inactive',
      'max-stay',
      'min-stay',
      'not-available',
      'too-many-guests'
    ])
  })

  it('reports a stay from the day before today as the rules do, and refuses a malformed date', () => {
    // The calendar starts today: the first night and the arrival have no day record.
    const past = { ...stay, from: addDays(TODAY, -1), to: addDays(TODAY, 2) }
    expect(stayMissCodes(listing, calendar(), past, stayDates(past, TODAY))).toEqual([
      'not-available',
      'check-in-day',
      'advance-notice'
    ])
    expect(() => stayDates({ ...stay, to: '2026-12-4' }, TODAY)).toThrow(RangeError)
  })
})
