import { describe, expect, it } from 'vitest'
import type { QuoteView } from '@shared/ipc/quotes.schema'
import {
  guestErrors,
  guestsText,
  stayInput
} from '../../../../../src-renderer/src/screens/calendar/guests-form'
import { sumOfLines } from '@shared/domain/money-lines'
import {
  besideLines,
  totalLines
} from '../../../../../src-renderer/src/screens/calendar/stay-words'
import {
  offlineDiscountNote,
  totalLines as quoteTotalLines
} from '../../../../../src-renderer/src/screens/quote/breakdown'
import { placeOf, routeOf } from '../../../../../src-renderer/src/screens/calendar/calendar-place'

const range = { from: '2027-05-03', to: '2027-05-10', nights: 7 }

describe('the guests of a selected stay', () => {
  it('build calendar:stay’s input, with one age per child', () => {
    expect(stayInput(7, range, { adults: 2, childrenAges: [4, 9] })).toEqual({
      listingId: 7,
      from: '2027-05-03',
      to: '2027-05-10',
      adults: 2,
      children: 2,
      childrenAges: [4, 9]
    })
    expect(stayInput(7, range, { adults: 1, childrenAges: [] })).toEqual({
      listingId: 7,
      from: '2027-05-03',
      to: '2027-05-10',
      adults: 1
    })
  })

  it('name the field of each problem, and ask nothing until they are right', () => {
    expect(guestErrors({ adults: '', childrenAges: [] })).toEqual({
      adults: 'Give the number of adults'
    })
    expect(guestErrors({ adults: 0, childrenAges: [] }).adults).toBe(
      'Adults must be a whole number, at least 1'
    )
    expect(guestErrors({ adults: 2, childrenAges: [13, ''] })).toEqual({
      'childrenAges.0': 'Age must be from 0 to 12: a guest over 12 counts as an adult',
      'childrenAges.1': 'Give this child’s age (0 to 12)'
    })
    expect(stayInput(7, range, { adults: 2, childrenAges: [13] })).toBeNull()
    expect(guestsText({ adults: 2, childrenAges: [4, 9, 11] })).toBe(
      '2 adults, 3 children (ages 4, 9 and 11)'
    )
    expect(guestsText({ adults: 1, childrenAges: [3] })).toBe('1 adult, 1 child (age 3)')
  })
})

const view: QuoteView = {
  beforeDiscountCents: 100000,
  discountCents: 10000,
  discountRule: { kind: 'longerStay', percent: 10 },
  rentalRateCents: 90000,
  cleaningFeeBasis: 'mandatory',
  cleaningCents: 8000,
  totalCents: 98000,
  taxes: [{ name: 'City tax', cents: 2800 }],
  localTaxCents: null,
  securityDepositCents: 30000,
  instalments: [],
  bookingType: 'instant',
  cancellationPolicyName: null,
  cancellation: null,
  nightly: null
}

const totalOf = (lines: { key: string; cents: number }[]) =>
  lines.find((l) => l.key === 'total')!.cents

describe('the estimate’s lines', () => {
  it('deduct the discount with its rule and end with the total to pay', () => {
    expect(totalLines(view).map((l) => [l.key, l.label, l.cents, l.note])).toEqual([
      ['beforeDiscount', 'Nightly total before discount', 100000, undefined],
      ['discount', 'Discount', 10000, 'Longer-stay discount, 10%'],
      ['rental', 'Rental amount', 90000, undefined],
      ['cleaning', 'Cleaning (mandatory, in the total)', 8000, undefined],
      ['total', 'Total to pay', 98000, undefined]
    ])
    const plain = {
      ...view,
      discountCents: 0,
      discountRule: null,
      cleaningFeeBasis: 'included',
      cleaningCents: 0,
      totalCents: 90000
    }
    expect(totalLines(plain).map((l) => l.key)).toEqual(['beforeDiscount', 'rental', 'total'])
  })

  it('are the lines the Quote screen shows for the same estimate', () => {
    const quoteScreen = quoteTotalLines(view, offlineDiscountNote(view))
    expect(totalLines(view)).toEqual(quoteScreen)
  })

  it('add up to the total they show, whatever the cleaning basis', () => {
    const cases: QuoteView[] = [
      view,
      // Optional cleaning is shown, not added: the total is the rental alone.
      { ...view, cleaningFeeBasis: 'optional', totalCents: 90000 },
      { ...view, discountCents: 0, discountRule: null, beforeDiscountCents: 90000 },
      // A total holding more than the lines itemise: the rest is a line of its own.
      { ...view, totalCents: 99500 }
    ]
    for (const c of cases) {
      const lines = totalLines(c)
      expect(sumOfLines(lines)).toBe(totalOf(lines))
      expect(totalOf(lines)).toBe(c.totalCents)
    }
    const optional = totalLines(cases[1]).find((l) => l.key === 'cleaning')!
    expect(optional).toMatchObject({ label: 'Cleaning (optional, not in the total)', aside: true })
    expect(totalLines(cases[3]).find((l) => l.key === 'other')).toMatchObject({ cents: 1500 })
  })

  it('keep taxes and the deposit apart from the total', () => {
    expect(besideLines(view).map((l) => [l.label, l.cents])).toEqual([
      ['City tax (at check-in)', 2800],
      ['Security deposit (refundable)', 30000]
    ])
    expect(
      besideLines({ ...view, localTaxCents: 450, securityDepositCents: 0 }).map((l) => l.label)
    ).toEqual(['City tax (at check-in)', 'Local tax (at check-in)'])
  })
})

describe('where the calendar is', () => {
  const saved = { view: 'timeline' as const, listingId: 5, month: '2027-05', from: '2027-01-04' }

  it('is as it was left when the route names nothing', () => {
    expect(placeOf(saved, { screen: 'calendar' })).toEqual(saved)
  })

  it('follows a route that opens a listing, at its month or at the current one', () => {
    expect(placeOf(saved, { screen: 'calendar', listingId: 9, view: 'months' })).toEqual({
      ...saved,
      view: 'months',
      listingId: 9,
      month: null
    })
    expect(
      placeOf(saved, { screen: 'calendar', listingId: 9, view: 'months', month: '2027-08' })
    ).toEqual({ ...saved, view: 'months', listingId: 9, month: '2027-08' })
    // A month that is not one is ignored.
    expect(placeOf(saved, { screen: 'calendar', month: '2027-8' }).month).toBe('2027-05')
  })

  it('writes itself back as a route', () => {
    expect(routeOf(saved)).toEqual({
      screen: 'calendar',
      view: 'timeline',
      listingId: 5,
      month: '2027-05',
      from: '2027-01-04'
    })
  })
})
