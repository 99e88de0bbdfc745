import { describe, expect, it } from 'vitest'
import { feeText, weekdaysText } from '../../../../../src-renderer/src/components/rule-words'
import type { CalendarDay, PricingRules } from '@shared/ipc/calendar.schema'
import {
  availabilityWords,
  coverageText,
  dayAccessibleName,
  stayLimitSentence,
  stayLimitText
} from '../../../../../src-renderer/src/screens/calendar/day-words'
import {
  dayMarks,
  dayState,
  priceLevel
} from '../../../../../src-renderer/src/screens/calendar/day-model'
import { dateRange } from '@shared/domain/date-words'
import { ruleText } from '../../../../../src-renderer/src/components/season-words'
import {
  ruleLines,
  seasonsLine,
  stayRangeText
} from '../../../../../src-renderer/src/screens/calendar/rules-words'

const day = (over: Partial<CalendarDay> = {}): CalendarDay => ({
  date: '2027-05-03',
  known: true,
  available: true,
  checkInDay: true,
  checkOutDay: false,
  minStay: 2,
  maxStay: 14,
  priceCents: 12000,
  ...over
})

const range = { lowCents: 9000, highCents: 15000 }

describe('a calendar day in words', () => {
  it('places a night’s price in thirds of the listing’s year', () => {
    expect(priceLevel(9000, range)).toBe('low')
    expect(priceLevel(10999, range)).toBe('low')
    expect(priceLevel(11000, range)).toBe('mid')
    expect(priceLevel(13000, range)).toBe('high')
    expect(priceLevel(15000, range)).toBe('high')
    expect(priceLevel(12000, { lowCents: 12000, highCents: 12000 })).toBe('mid')
    expect(priceLevel(null, range)).toBeNull()
    expect(priceLevel(12000, null)).toBeNull()
  })

  it('says the stays that may arrive on a day, or none when any length will do', () => {
    expect(stayLimitText(2, 14)).toBe('2–14 nights')
    expect(stayLimitText(0, 14)).toBe('1–14 nights')
    expect(stayLimitText(7, 7)).toBe('7 nights only')
    expect(stayLimitText(1, 1)).toBe('1 night only')
    expect(stayLimitText(3, 0)).toBe('from 3 nights')
    expect(stayLimitText(1, 0)).toBeNull()
    expect(stayLimitSentence(day({ minStay: 0, maxStay: 0 }))).toBe(
      'Stays arriving this day: any length (no minimum or maximum).'
    )
    expect(stayLimitSentence(day({ known: false }))).toContain('Not known')
  })

  it('names availability, check-in and check-out; no check-in mark on a closed day', () => {
    const today = '2027-01-01'
    expect(availabilityWords(day(), today)).toBe('open, check-in allowed, no check-out')
    expect(availabilityWords(day({ available: false, checkOutDay: true }), today)).toBe(
      'closed, check-out allowed'
    )
    expect(dayMarks(day({ available: false, checkOutDay: true }))).toEqual({
      checkIn: false,
      checkOut: true
    })
    expect(dayState(day({ known: false }), today)).toBe('unknown')
    expect(dayState(day({ known: false, date: '2026-12-30' }), today)).toBe('past')
    expect(availabilityWords(day({ known: false }), today)).toBe('not in the offline copy')
  })

  it('says a day before today is past even where an older copy still has it open', () => {
    const today = '2027-01-01'
    const yesterday = day({ date: '2026-12-31', available: true, checkInDay: true })
    expect(dayState(yesterday, today)).toBe('past')
    expect(availabilityWords(yesterday, today, today)).toBe('past')
    expect(availabilityWords(day({ known: false, date: '2026-12-31' }), today)).toBe(
      'past, not in the offline copy'
    )
    // No stay limits or price from the copy are read out for it.
    expect(dayAccessibleName(yesterday, 'Thu, 31 Dec 2026', range, today)).toBe(
      'Thu, 31 Dec 2026, past'
    )
  })

  it('gives a screen reader the whole cell: date, state, stay, price and its level', () => {
    expect(dayAccessibleName(day(), 'Mon, 3 May 2027', range, '2027-01-01')).toBe(
      'Mon, 3 May 2027, open, check-in allowed, no check-out, stays of 2–14 nights, €120.00 (mid price for this listing)'
    )
    expect(
      dayAccessibleName(day({ priceCents: null }), 'Mon, 3 May 2027', range, '2027-05-03')
    ).toBe(
      'Mon, 3 May 2027, open, check-in allowed, no check-out, stays of 2–14 nights, no rate, today'
    )
  })

  it('says how far the copy reaches and where the rates end', () => {
    const text = coverageText(
      {
        availability: { from: '2026-11-23', to: '2028-11-21' },
        rates: { from: '2026-11-23', to: '2027-11-22' }
      },
      (d) => d
    )
    expect(text).toBe(
      'Availability from 2026-11-23 to 2028-11-21; rates to 2027-11-22: later nights show “no rate”.'
    )
    expect(coverageText({ availability: null, rates: null }, (d) => d)).toBe(
      'No availability in the offline copy for this listing; no rates in the offline copy for this listing.'
    )
  })
})

const rules: PricingRules = {
  listingId: 1,
  longerStay: [
    { minNights: 4, percent: 5 },
    { minNights: 7, percent: 10 }
  ],
  longerStayExclusions: [{ from: '2026-12-20', to: '2027-01-05' }],
  lastMinute: [{ withinDays: 7, percent: 15 }],
  earlyBird: [],
  additionalGuests: { upTo: 2, perNightCents: 1500, includedGuests: 4 },
  cleaning: { basis: 'mandatory', cents: 8000 },
  extras: [{ name: 'Firewood', basis: 'Per stay', fee: 20 }],
  taxes: [{ name: 'City tax', basis: 'Per person / night', fee: 2.5 }],
  localTax: { name: 'Local tax', basis: '% of Rental Amount', fee: 3 },
  securityDepositCents: 30000,
  checkInDays: [6, 0],
  checkOutDays: [],
  minimumStay: 3,
  maximumStay: 28,
  advanceNoticeDays: 2,
  maxGuest: 6,
  seasons: [
    { name: 'High season', priceIncreasePercent: 50 },
    { name: 'Low season', startDate: '2027-11-01', endDate: '2028-03-31', priceDecreasePercent: 20 }
  ],
  sameRatesAllYear: false
}

describe('the pricing rules in words', () => {
  it('words each rule in the order pricing applies them', () => {
    const lines = Object.fromEntries(ruleLines(rules, (d) => d).map((l) => [l.key, l.text]))
    expect(lines.longerStay).toBe(
      '5% off from 4 nights; 10% off from 7 nights. Not for stays with a night from 2026-12-20 to 2027-01-05'
    )
    expect(lines.lastMinute).toBe('15% off when booked less than 7 days before arrival')
    expect(lines.earlyBird).toBeUndefined()
    expect(lines.oneDiscount).toBe('only the largest one that applies is given, never two')
    expect(lines.additionalGuests).toBe('€15.00 a night for each guest beyond 4, up to 2 more')
    expect(lines.cleaning).toBe('€80.00, mandatory, in the total')
    expect(lines.taxes).toBe(
      'City tax €2.50 per person per night; Local tax 3% of the rental amount (not in the total)'
    )
    expect(lines.extras).toBe('Firewood €20.00 per stay')
    expect(lines.deposit).toBe('€300.00')
    expect(lines.checkInDays).toBe('Saturday and Sunday')
    expect(lines.checkOutDays).toBe('Any day')
    expect(lines.stay).toBe('3 nights to 28 nights')
    expect(lines.advanceNotice).toBe('2 days before arrival')
    expect(lines.maxGuest).toBe('at most 6')
  })

  it('gives each season its dates and effect in the listing page’s words, first', () => {
    const all = ruleLines(rules, (d) => d)
    expect(all[0].key).toBe('seasons')
    const flat = (t: string) => t.replace(/\s/g, ' ')
    // The listing page's words, from the same function: never "price increase percent 50".
    expect(all[0].items?.map(flat)).toEqual([
      'High season, dates not published: prices +50%',
      `Low season, ${flat(dateRange('2027-11-01', '2028-03-31'))}: prices −20%`
    ])
    expect(all[0].items).toEqual(rules.seasons.map(ruleText))
    expect(seasonsLine({ seasons: [], sameRatesAllYear: true }).text).toBe(
      'same rates all year round'
    )
    expect(seasonsLine({ seasons: [], sameRatesAllYear: false }).text).toBe('none published')
  })

  it('says "none" rather than leaving a rule out that a manager looks for', () => {
    const bare = {
      ...rules,
      longerStay: [],
      lastMinute: [],
      cleaning: null,
      taxes: [],
      localTax: null,
      extras: [],
      securityDepositCents: null,
      additionalGuests: null
    }
    const lines = Object.fromEntries(ruleLines(bare, (d) => d).map((l) => [l.key, l.text]))
    expect(lines.discounts).toBe('none')
    expect(lines.cleaning).toBe('not stated (counted as included)')
    expect(lines.taxes).toBe('no taxes')
    expect(lines.deposit).toBe('none')
    expect(lines.extras).toBeUndefined()
  })

  it('words fees, weekdays and stay lengths', () => {
    expect(feeText({ feeBasis: null, fee: 40 })).toBe('€40.00, once per stay')
    expect(weekdaysText([1, 2, 3, 4, 5, 6, 0])).toBe('Every day')
    expect(weekdaysText([5, 1, 3])).toBe('Monday, Wednesday and Friday')
    expect(weekdaysText(null)).toBe('Any day')
    expect(stayRangeText(null, null)).toBe('any length')
    expect(stayRangeText(2, 0)).toBe('at least 2 nights')
    expect(stayRangeText(1, 14)).toBe('at most 14 nights')
  })
})
