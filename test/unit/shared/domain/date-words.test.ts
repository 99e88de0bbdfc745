import { describe, expect, it } from 'vitest'
import { dateRange, plainDate, sentenceDate } from '@shared/domain/date-words'
import { checkStayRules } from '@shared/domain/stay-rules'
import { stayWindowProblem } from '@shared/domain/stay-limits'

const ISO = /\d{4}-\d{2}-\d{2}/

describe('one date format in sentences', () => {
  it('writes a day with its weekday, in the reader’s locale, never shifted by a time zone', () => {
    expect(sentenceDate('2026-12-11', 'en-US')).toBe('Fri, Dec 11, 2026')
    expect(sentenceDate('2026-12-11', 'en-GB')).toBe('Fri, 11 Dec 2026')
    expect(plainDate('2027-01-01', 'en-US')).toBe('Jan 1, 2027')
  })

  it('writes a period with its shared year once', () => {
    // formatRange puts thin spaces around the dash.
    const flat = (s: string) => s.replace(/\s/g, ' ')
    expect(flat(dateRange('2027-07-01', '2027-08-31', 'en-GB'))).toBe('1 Jul – 31 Aug 2027')
    expect(flat(dateRange('2027-07-01', '2027-08-31', 'en-US'))).toBe('Jul 1 – Aug 31, 2027')
    expect(flat(dateRange('2027-12-20', '2028-01-06', 'en-US'))).toBe('Dec 20, 2027 – Jan 6, 2028')
    expect(dateRange('2027-07-01', '2027-07-01', 'en-US')).toBe('Jul 1, 2027')
  })

  it('leaves what is not a date as it is', () => {
    expect(sentenceDate('07-01')).toBe('07-01')
    expect(dateRange('07-01', '08-31')).toBe('07-01 – 08-31')
  })

  it('main’s stay messages name their days in it, with no YYYY-MM-DD left', () => {
    const misses = checkStayRules(
      { active: true, maxGuest: 2, advanceNotice: 40 },
      (d) =>
        d === '2026-12-02'
          ? { available: false, checkInDay: false, checkOutDay: false, minStay: 0, maxStay: 0 }
          : d === '2026-12-01'
            ? { available: true, checkInDay: false, checkOutDay: true, minStay: 7, maxStay: 2 }
            : undefined,
      { from: '2026-12-01', to: '2026-12-04', adults: 3 },
      '2026-11-22'
    )
    expect(misses.map((m) => m.code)).toEqual([
      'not-available',
      'check-in-day',
      'check-out-day',
      'min-stay',
      'max-stay',
      'too-many-guests',
      'advance-notice'
    ])
    for (const m of misses) expect(m.message).not.toMatch(ISO)
    expect(misses[1].message).toBe(`Check-in is not allowed on ${sentenceDate('2026-12-01')}.`)
    const past = stayWindowProblem({ from: '2026-11-20', to: '2026-11-27' }, '2026-11-23')
    const far = stayWindowProblem({ from: '2027-01-01', to: '9027-01-01' }, '2026-11-23')
    for (const p of [past, far]) expect(p?.message).not.toMatch(ISO)
  })
})
