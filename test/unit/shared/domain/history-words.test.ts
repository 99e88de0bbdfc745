import { describe, expect, it } from 'vitest'
import { dateRange, sentenceDate } from '@shared/domain/date-words'
import { changePair, changeSubject, changeWords } from '@shared/domain/history-words'

/**
 * A listing field or rate rule that is an object or a list, changed: said by the members that
 * changed, with the listing page's labels, never as JSON.
 */

const LOCATION = {
  rentalLicenseNumber: 'NL-428521',
  address: 'Duinweg 65',
  city: 'Domburg',
  region: 'Zeeland',
  zip: '4357 AA',
  country: 'Nederland',
  latitude: 51.56,
  longitude: 3.5,
  countryISO: 'NL',
  en: { country: 'Netherlands', street: 'Duinweg', number: '65', city: 'Domburg' }
}

const NO_JSON = /[{}[\]"]/

describe('a changed object-valued listing field', () => {
  it('says which members of the location changed, by their labels', () => {
    const moved = {
      ...LOCATION,
      address: 'Duinweg 67',
      city: 'Veere',
      en: { ...LOCATION.en, number: '67', city: 'Veere' }
    }
    expect(changePair('listing', 'location', LOCATION, moved)).toEqual({
      before:
        'Address: Duinweg 65; City: Domburg; English address › Number: 65; English address › City: Domburg',
      after:
        'Address: Duinweg 67; City: Veere; English address › Number: 67; English address › City: Veere'
    })
  })

  it('says a member that appears or goes as not set', () => {
    const { rentalLicenseNumber: _gone, ...rest } = LOCATION
    expect(
      changePair('listing', 'location', LOCATION, { ...rest, addressDetails: 'Back door' })
    ).toEqual({
      before: 'Rental licence: NL-428521; Address details: not set',
      after: 'Rental licence: not set; Address details: Back door'
    })
  })

  it('matches extras and taxes by name and says their fees in euros', () => {
    const before = [
      { name: 'Towels', feeBasis: 'Per person', fee: 10 },
      { name: 'Firewood', feeBasis: 'Per stay', fee: 15 }
    ]
    const after = [
      { name: 'Towels', feeBasis: 'Per person', fee: 12 },
      { name: 'Bikes', feeBasis: 'Per day', fee: 8.5 }
    ]
    expect(changePair('listing', 'extras', before, after)).toEqual({
      before: 'Towels: €10.00, per person; Firewood: €15.00, per stay; Bikes: none',
      after: 'Towels: €12.00, per person; Firewood: removed; Bikes: €8.50, per day'
    })
    expect(changeSubject('listing', 'extras')).toBe('Extras')
  })

  it('counts images added and removed, matched by address', () => {
    const img = (n: number) => ({ url: `https://img.example/${n}.jpg`, labels: ['pool'] })
    const before = [img(1), img(2), img(3)]
    const after = [img(1), { ...img(2), labels: ['garden'] }, img(4), img(5)]
    expect(changePair('listing', 'images', before, after)).toEqual({
      before: '3 images',
      after: '4 images: 2 added, 1 removed, labels changed on 1'
    })
  })

  it('says nested members, lists of words, days, money and yes/no in words', () => {
    expect(
      changePair(
        'listing',
        'basicRates',
        { basicNight: 120, checkInDays: [6], minimumStay: 3 },
        { basicNight: 137.5, checkInDays: [6, 0], minimumStay: 3 }
      )
    ).toEqual({
      before: 'Basic night: €120.00; Check-in days: Saturday',
      after: 'Basic night: €137.50; Check-in days: Saturday, Sunday'
    })
    expect(
      changePair(
        'listing',
        'facilities',
        { outdoor: ['Garden', 'Terrace'], swimmingPool: 'Private' },
        { outdoor: ['Terrace', 'Barbecue'], swimmingPool: 'Private' }
      )
    ).toEqual({ before: 'Outdoor: Garden, Terrace', after: 'Outdoor: Terrace, Barbecue' })
    expect(
      changePair(
        'listing',
        'description',
        { EN: { headline: 'Sea view', autoTranslated: false } },
        { EN: { headline: 'Sea view!', autoTranslated: true } }
      )
    ).toEqual({
      before: 'English › Headline: Sea view; English › Machine-translated: no',
      after: 'English › Headline: Sea view!; English › Machine-translated: yes'
    })
  })

  it('says the rate rules in words, their periods as dates', () => {
    expect(changePair('price', 'rule:longerStay', { '7': 10 }, { '7': 12, '14': 15 })).toEqual({
      before: 'Stays over 7 days: 10% off; Stays over 14 days: not set',
      after: 'Stays over 7 days: 12% off; Stays over 14 days: 15% off'
    })
    expect(changeSubject('price', 'rule:longerStay')).toBe('Rate rule longer stay')
    const period = { startDate: '2027-07-01', endDate: '2027-08-31' }
    expect(changePair('price', 'rule:longerStayExclusionPeriods', [], [period])).toEqual({
      before: 'none',
      after: dateRange('2027-07-01', '2027-08-31')
    })
    expect(
      changePair(
        'price',
        'rule:cleaning',
        { feeBasis: 'mandatory', fee: 50 },
        { feeBasis: 'optional', fee: 50 }
      )
    ).toEqual({ before: '€50.00, mandatory', after: '€50.00, optional' })
  })

  it('says a long list by what was added and removed', () => {
    const codes = ['AAAA', 'BBBB', 'CCCC', 'DDDD', 'EEEE', 'FFFF', 'GGGG']
    expect(
      changePair('listing', 'salesChannelExcludedList', codes, [...codes.slice(1), 'HHHH'])
    ).toEqual({ before: '7 entries', after: '7 entries: added HHHH; removed AAAA' })
  })

  it('says a whole object in words when the other side is missing, and never JSON', () => {
    const words = changeWords('listing', 'location', LOCATION)
    expect(words).toContain('Rental licence: NL-428521; Address: Duinweg 65; City: Domburg')
    expect(words).toContain('English address: Country: Netherlands, Street: Duinweg')
    expect(words).not.toMatch(NO_JSON)
    expect(changePair('listing', 'cleaning', undefined, { feeBasis: 'included', fee: 0 })).toEqual({
      before: 'not set',
      after: '€0.00, included'
    })
    expect(changeWords('listing', 'externalIds', [{ system: 'pms', id: 'A7' }])).toBe(
      '(System: pms, Id: A7)'
    )
  })

  it('keeps scalar fields, nights and days as they were said', () => {
    expect(changePair('listing', 'maxGuest', 4, 6)).toEqual({ before: '4', after: '6' })
    expect(changePair('price', '2027-02-14', 120, undefined)).toEqual({
      before: '€120.00',
      after: 'no rate'
    })
    expect(changeSubject('listing', 'houseRules')).toBe('House rules')
    expect(changeSubject('listing', 'location')).toBe('Location')
    expect(changeSubject('price', '2027-02-14')).toBe('Price of 2027-02-14')
    expect(changeSubject('availability', '2027-02-14', (d) => sentenceDate(d))).toBe(
      `Availability of ${sentenceDate('2027-02-14')}`
    )
  })
})
