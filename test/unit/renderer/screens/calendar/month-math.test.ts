import { describe, expect, it } from 'vitest'
import {
  addMonths,
  daysInMonth,
  firstMonthShowing,
  isMonth,
  lastDayOf,
  mondayColumn,
  monthBounds,
  monthsAround,
  monthsBetween,
  monthsDrawn,
  monthWeeks,
  sameDayMonthsOn,
  shownMonths
} from '../../../../../src-renderer/src/screens/calendar/month-math'

describe('month arithmetic for the rate calendar', () => {
  it('adds months across years, both ways', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12')
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2027-01', -1)).toBe('2026-12')
    expect(addMonths('2026-03', 25)).toBe('2028-04')
    expect(addMonths('2026-03', -15)).toBe('2024-12')
    expect(monthsBetween('2026-11', '2028-02')).toBe(15)
    expect(monthsBetween('2028-02', '2026-11')).toBe(-15)
  })

  it('knows the length of every month, leap Februaries included', () => {
    expect(daysInMonth('2027-02')).toBe(28)
    expect(daysInMonth('2028-02')).toBe(29)
    expect(daysInMonth('2026-04')).toBe(30)
    expect(daysInMonth('2026-12')).toBe(31)
    expect(lastDayOf('2028-02')).toBe('2028-02-29')
  })

  it('lays a month out in Monday-first weeks, other months’ days empty', () => {
    // 1 March 2027 is a Monday; 1 November 2026 a Sunday.
    const march = monthWeeks('2027-03')
    expect(march[0][0]).toBe('2027-03-01')
    expect(march).toHaveLength(5)
    expect(march[4].slice(0, 3)).toEqual(['2027-03-29', '2027-03-30', '2027-03-31'])
    expect(march[4][3]).toBeNull()
    const november = monthWeeks('2026-11')
    expect(november[0].slice(0, 6)).toEqual([null, null, null, null, null, null])
    expect(november[0][6]).toBe('2026-11-01')
    expect(november).toHaveLength(6)
    expect(november.flat().filter(Boolean)).toHaveLength(30)
    expect(mondayColumn('2026-11-01')).toBe(6)
    expect(mondayColumn('2026-11-02')).toBe(0)
  })

  it('moves a day by months, keeping the day of the month where it exists', () => {
    expect(sameDayMonthsOn('2027-01-31', 1)).toBe('2027-02-28')
    expect(sameDayMonthsOn('2027-03-15', -1)).toBe('2027-02-15')
    expect(sameDayMonthsOn('2027-12-10', 1)).toBe('2028-01-10')
  })

  it('scrolls from this month to the last month the copy covers', () => {
    const coverage = {
      availability: { from: '2026-11-23', to: '2028-11-21' },
      rates: { from: '2026-11-23', to: '2027-11-22' }
    }
    expect(monthBounds(coverage, '2026-11-23')).toEqual({ min: '2026-11', max: '2028-11' })
    // Nothing in the copy yet: two years from this month.
    expect(monthBounds(null, '2026-11-23')).toEqual({ min: '2026-11', max: '2028-10' })
    const bounds = { min: '2026-11', max: '2028-11' }
    expect(shownMonths('2028-11', 2, bounds)).toEqual(['2028-10', '2028-11'])
    expect(shownMonths('2025-01', 1, bounds)).toEqual(['2026-11'])
    expect(shownMonths('2027-05', 2, bounds)).toEqual(['2027-05', '2027-06'])
  })

  it('moves the view only as far as needed to show the active day', () => {
    expect(firstMonthShowing('2027-06-01', '2027-05', 2)).toBe('2027-05')
    expect(firstMonthShowing('2027-07-01', '2027-05', 2)).toBe('2027-06')
    expect(firstMonthShowing('2027-04-30', '2027-05', 2)).toBe('2027-04')
    expect(firstMonthShowing('2027-06-01', '2027-05', 1)).toBe('2027-06')
  })

  it('draws the months either side of those shown, within the bounds', () => {
    const bounds = { min: '2026-11', max: '2028-10' }
    expect(monthsAround(['2027-05'], bounds)).toEqual(['2027-04', '2027-05', '2027-06'])
    expect(monthsAround(['2027-05', '2027-06'], bounds)).toEqual([
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07'
    ])
    // At either end of what the copy covers, only the side that exists.
    expect(monthsAround(['2026-11'], bounds)).toEqual(['2026-11', '2026-12'])
    expect(monthsAround(['2028-09', '2028-10'], bounds)).toEqual(['2028-08', '2028-09', '2028-10'])
    expect(monthsAround(['2026-11'], { min: '2026-11', max: '2026-11' })).toEqual(['2026-11'])
  })

  it('keeps the months drawn before a switch until it is painted, each once, in order', () => {
    // "Next month" from December 2026: January is shown; November to January stay drawn.
    const before = monthsAround(['2026-12'], { min: '2026-01', max: '2027-12' })
    expect(monthsDrawn(['2027-01'], before)).toEqual(['2026-11', '2026-12', '2027-01'])
    // "Today" far from there: the month shown is drawn at once, beside the old ones.
    expect(monthsDrawn(['2027-09'], before)).toEqual(['2026-11', '2026-12', '2027-01', '2027-09'])
    expect(monthsDrawn(['2027-05'], [])).toEqual(['2027-05'])
  })

  it('tells a month from other strings', () => {
    expect(isMonth('2027-03')).toBe(true)
    expect(isMonth('2027-13')).toBe(false)
    expect(isMonth('2027-3')).toBe(false)
    expect(isMonth(undefined)).toBe(false)
  })
})
