import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  eachNight,
  fromDayNumber,
  isIsoDate,
  isKnownIsoDate,
  toDayNumber,
  utcDateOf,
  weekday
} from '@shared/domain/dates'

describe('calendar dates', () => {
  it('remembers the dates it checked, and still refuses a date that is not real', () => {
    for (let i = 0; i < 3; i++) {
      expect(isKnownIsoDate('2026-11-22')).toBe(true)
      expect(isKnownIsoDate('2026-02-30')).toBe(false)
    }
    // Past its memory's cap it starts again, and answers the same.
    for (let d = 0; d < 12_000; d++) isKnownIsoDate(fromDayNumber(20_000 + d))
    expect(isKnownIsoDate('2026-11-22')).toBe(true)
    expect(isKnownIsoDate('2027-02-29')).toBe(false)
  })

  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isIsoDate('2026-11-22')).toBe(true)
    expect(isIsoDate('2028-02-29')).toBe(true)
    for (const bad of [
      '2026-02-30',
      '2027-02-29',
      '2026-13-01',
      '2026-1-01',
      '22.11.2026',
      '',
      20261122,
      null
    ]) {
      expect(isIsoDate(bad)).toBe(false)
    }
  })

  it('does day arithmetic in UTC across month, year and DST boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30') // EU DST change
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(daysBetween('2026-11-22', '2027-11-22')).toBe(365)
    expect(daysBetween('2026-11-29', '2026-11-22')).toBe(-7)
  })

  it('numbers days from 1970-01-01 and back', () => {
    expect(toDayNumber('1970-01-01')).toBe(0)
    expect(fromDayNumber(toDayNumber('2026-11-22'))).toBe('2026-11-22')
    expect(() => toDayNumber('2026-02-30')).toThrow(RangeError)
  })

  it('gives weekdays with 0 = Sunday', () => {
    expect(weekday('2026-11-22')).toBe(0) // a Sunday
    expect(weekday('2026-11-28')).toBe(6)
    expect(weekday('1970-01-01')).toBe(4)
  })

  it('lists the nights of a stay, departure day excluded', () => {
    expect(eachNight('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01'
    ])
    expect(eachNight('2026-12-30', '2026-12-30')).toEqual([])
  })

  it('takes the UTC date of an instant', () => {
    expect(utcDateOf(Date.parse('2026-11-22T23:59:59Z'))).toBe('2026-11-22')
    expect(utcDateOf(Date.parse('2026-11-23T00:30:00+02:00'))).toBe('2026-11-22')
  })
})
