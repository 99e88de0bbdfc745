import { describe, expect, it } from 'vitest'
import { feeText, weekdaysText } from '../../../../../src-renderer/src/components/rule-words'
import { isPercentOfRental } from '@shared/domain/fees'
import { FEE_BASES } from '@shared/api/listing.schema'
import {
  cleaningText,
  daysNoticeText,
  imageAlt,
  languageName,
  languageOrder,
  liveChangeText,
  stayLengthText,
  refreshText,
  timeText
} from '../../../../../src-renderer/src/screens/listings/listing-words'
import { recordText } from '../../../../../src-renderer/src/components/season-words'

describe('fees and what they are charged by', () => {
  it('words every basis the spec names; a % of the rent is a percentage, others euros', () => {
    const words = FEE_BASES.map((feeBasis) => feeText({ fee: 2.5, feeBasis }))
    expect(words).toEqual([
      '€2.50 per unit',
      '€2.50 per stay',
      '€2.50 per person',
      '€2.50 per person, once per stay',
      '€2.50 per person per night',
      '€2.50 per person per day',
      '€2.50 per adult per day',
      '€2.50 per adult, once per stay',
      '€2.50 per day',
      '2.5% of the rental amount'
    ])
  })

  it('reads bases whatever their case and spacing, as the quote prices them', () => {
    expect(isPercentOfRental('% of rental amount')).toBe(true)
    expect(isPercentOfRental('Per stay')).toBe(false)
    expect(isPercentOfRental(undefined)).toBe(false)
    expect(feeText({ fee: 1.65, feeBasis: 'per adult/day' })).toBe('€1.65 per adult per day')
    expect(feeText({ fee: 10, feeBasis: '% OF RENTAL AMOUNT' })).toBe('10% of the rental amount')
  })

  it('charges a fee without a basis once, and quotes an unknown basis as published', () => {
    expect(feeText({ fee: 65 })).toBe('€65.00, once per stay')
    expect(feeText({ fee: 8.5, feeBasis: 'Per pet / week' })).toBe('€8.50 (Per pet / week)')
  })

  it('words cleaning as included, mandatory or optional', () => {
    expect(cleaningText({ feeBasis: 'included', fee: 0 })).toBe('Included in the rent')
    expect(cleaningText({ feeBasis: 'mandatory', fee: 62 })).toBe(
      '€62.00, mandatory (added to every stay)'
    )
    expect(cleaningText({ feeBasis: 'optional', fee: 40.5 })).toBe(
      '€40.50, optional (the guest may choose it)'
    )
    expect(cleaningText(undefined)).toMatch(/read as included/)
  })
})

describe('stay rules in words', () => {
  it('names weekdays (0 = Sunday), Monday first; no list or an empty one is any day', () => {
    expect(weekdaysText([6])).toBe('Saturday')
    expect(weekdaysText([0, 6])).toBe('Saturday and Sunday')
    expect(weekdaysText([5, 1, 3])).toBe('Monday, Wednesday and Friday')
    expect(weekdaysText([0, 1, 2, 3, 4, 5, 6])).toBe('Every day')
    expect(weekdaysText([])).toBe('Any day')
    expect(weekdaysText(undefined)).toBe('Any day')
    expect(weekdaysText([6, 6])).toBe('Saturday')
  })

  it('words nights, notice and times, 0 meaning no limit', () => {
    expect(stayLengthText(7, 'No limit')).toBe('7 nights')
    expect(stayLengthText(1, 'No limit')).toBe('1 night')
    expect(stayLengthText(0, 'No limit')).toBe('No limit')
    expect(stayLengthText(undefined, '1 night')).toBe('1 night')
    expect(daysNoticeText(0)).toBe('None: bookable for today')
    expect(daysNoticeText(1)).toBe('1 day before check-in')
    expect(daysNoticeText(3)).toBe('3 days before check-in')
    expect(timeText(' 15:00 ')).toBe('15:00')
    expect(timeText(undefined)).toBe('Not published')
  })
})

describe('what a live check changed', () => {
  const changed = (listings: boolean, availability: boolean, rates: boolean) => ({
    found: true,
    changed: { listings, availability, rates }
  })

  it('says prices changed, or that nothing did', () => {
    expect(refreshText(changed(false, false, true))).toBe(
      'Prices changed. The offline copy now has the service’s values.'
    )
    expect(refreshText(changed(true, true, true))).toBe(
      'Prices changed. Availability changed. Listing details changed. The offline copy now has the service’s values.'
    )
    expect(refreshText(changed(false, false, false))).toBe(
      'Nothing changed: the offline copy matches the service.'
    )
  })

  it('says when the service no longer publishes the listing', () => {
    expect(
      refreshText({ found: false, changed: { listings: false, availability: false, rates: false } })
    ).toMatch(/no longer publishes this listing/)
  })
})

describe('texts, photos and published records', () => {
  it('names languages, English first', () => {
    expect(languageName('EN')).toBe('English')
    expect(languageName('DE')).toBe('German')
    expect(languageName('XX')).toBe('XX')
    expect(languageOrder(['IT', 'FR', 'EN', 'DE'])).toEqual(['EN', 'DE', 'FR', 'IT'])
  })

  it('gives each photo an alt text with its place and labels', () => {
    expect(imageAlt(0, 8, ['exterior'])).toBe('Photo 1 of 8: exterior')
    expect(imageAlt(2, 3, ['pool', ' garden '])).toBe('Photo 3 of 3: pool, garden')
    expect(imageAlt(1, 2, undefined)).toBe('Photo 2 of 2')
  })

  it('reads an object the spec leaves open as key: value pairs', () => {
    expect(recordText({ system: 'pms', id: 'PMS-1' })).toBe('system: pms, id: PMS-1')
    expect(recordText([{ name: 'High season', priceIncreasePercent: 20 }])).toBe(
      'name: High season, priceIncreasePercent: 20'
    )
    expect(recordText(null)).toBe('—')
  })
})

describe('what a live check changed, one change at a time', () => {
  const day = (iso: string) => `day ${iso}`

  it('names the night and the old and new price', () => {
    expect(
      liveChangeText({ kind: 'price', key: '2027-02-14', before: '€120.00', after: '€137.00' }, day)
    ).toBe('Price of day 2027-02-14: €120.00 → €137.00')
  })

  it('names the day of an availability change, a rate rule and a listing field', () => {
    expect(
      liveChangeText(
        { kind: 'availability', key: '2027-02-15', before: 'open, check-in', after: 'closed' },
        day
      )
    ).toBe('Availability of day 2027-02-15: open, check-in → closed')
    expect(
      liveChangeText({ kind: 'price', key: 'rule:longerStay', before: 'a', after: 'b' }, day)
    ).toBe('Rate rule longer stay: a → b')
    expect(liveChangeText({ kind: 'listing', key: 'maxGuest', before: '4', after: '6' }, day)).toBe(
      'Maximum guests: 4 → 6'
    )
  })
})
