import { describe, expect, it } from 'vitest'
import {
  applyPrefill,
  EMPTY_STAY,
  guestsText,
  prefillIsComplete,
  stayErrors,
  stayNights,
  stayText,
  toQuoteInput,
  type StayValues
} from '../../../../../src-renderer/src/screens/quote/stay-form'
import { resizeAges } from '../../../../../src-renderer/src/components/guest-ages'

const stay = (over: Partial<StayValues> = {}): StayValues => ({
  ...EMPTY_STAY,
  listingId: '100001',
  from: '2030-06-01',
  to: '2030-06-08',
  adults: 2,
  ...over
})

describe('the stay form', () => {
  it('turns into the quote input, leaving out what was not given', () => {
    expect(toQuoteInput(stay())).toEqual({
      listingId: 100001,
      from: '2030-06-01',
      to: '2030-06-08',
      adults: 2
    })
    expect(
      toQuoteInput(stay({ childrenAges: [3, 11], customerCountry: 'de ', customerLanguage: 'DE' }))
    ).toMatchObject({
      children: 2,
      childrenAges: [3, 11],
      customerCountry: 'DE',
      customerLanguage: 'de'
    })
  })

  it('accepts a complete stay', () => {
    expect(stayErrors(stay())).toEqual({})
  })

  it('names every missing field at once, in words', () => {
    expect(stayErrors({ ...EMPTY_STAY, adults: '' })).toEqual({
      listingId: 'Choose a listing',
      from: 'Choose the arrival date',
      to: 'Choose the departure date',
      adults: 'Give the number of adults'
    })
  })

  it('refuses a departure not after the arrival', () => {
    expect(stayErrors(stay({ to: '2030-06-01' }))).toEqual({
      to: 'Departure must be after arrival'
    })
  })

  it('checks one age per child, each from 0 to 12', () => {
    expect(stayErrors(stay({ childrenAges: [4, 13, ''] }))).toEqual({
      'childrenAges.1': 'Age must be from 0 to 12: a guest over 12 counts as an adult',
      'childrenAges.2': 'Give this child’s age (0 to 12)'
    })
  })

  it('wants two letters for the customer country', () => {
    expect(stayErrors(stay({ customerCountry: 'D1' }))).toEqual({
      customerCountry: 'Country must be a two-letter code, such as DE'
    })
    expect(stayErrors(stay({ customerLanguage: 'e' })).customerLanguage).toMatch(/two-letter/)
  })

  it('counts nights only for dates in order', () => {
    expect(stayNights(stay())).toBe(7)
    expect(stayNights(stay({ to: '2030-05-01' }))).toBeUndefined()
    expect(stayNights(stay({ from: null }))).toBeUndefined()
  })

  it('keeps typed ages when the number of children changes', () => {
    expect(resizeAges([5, 7], 3)).toEqual([5, 7, ''])
    expect(resizeAges([5, 7, 9], 1)).toEqual([5])
    expect(resizeAges([5], -2)).toEqual([])
  })
})

describe('a stay handed over by another screen', () => {
  it('replaces what it names and keeps the customer’s country', () => {
    const before = stay({ customerCountry: 'NL' })
    const after = applyPrefill(before, {
      listingId: 100007,
      from: '2030-07-01',
      to: '2030-07-05',
      adults: 3
    })
    expect(after).toMatchObject({
      listingId: '100007',
      from: '2030-07-01',
      to: '2030-07-05',
      adults: 3,
      customerCountry: 'NL'
    })
  })

  it('is asked at once only when complete', () => {
    expect(
      prefillIsComplete({ listingId: 1, from: '2030-01-01', to: '2030-01-02', adults: 2 })
    ).toBe(true)
    expect(prefillIsComplete({ listingId: 1 })).toBe(false)
    expect(prefillIsComplete(undefined)).toBe(false)
  })
})

describe('the stay in one line', () => {
  it('says who stays', () => {
    expect(guestsText(1, [])).toBe('1 adult')
    expect(guestsText(2, [7])).toBe('2 adults, 1 child (age 7)')
    expect(guestsText(2, [4, 9, 12])).toBe('2 adults, 3 children (ages 4, 9 and 12)')
  })

  it('gives the nights and the guests after the dates', () => {
    const text = stayText({ from: '2030-06-01', to: '2030-06-08', adults: 2, childrenAges: [5] })
    expect(text).toMatch(/2030 to .*2030 · 7 nights · 2 adults, 1 child \(age 5\)$/)
  })
})
