import { describe, expect, it } from 'vitest'
import { sentenceDate as d } from '@shared/domain/date-words'
import type { CalendarDay } from '@shared/ipc/calendar.schema'
import { availabilityWords } from '../../../src-renderer/src/screens/calendar/day-words'
import { dayMarks } from '../../../src-renderer/src/screens/calendar/day-model'
import { guestErrors } from '../../../src-renderer/src/screens/calendar/guests-form'
import {
  NO_FILTERS,
  searchErrors
} from '../../../src-renderer/src/screens/availability/search-form'
import {
  EMPTY_STAY,
  stayErrors,
  typedDate,
  type StayValues
} from '../../../src-renderer/src/screens/quote/stay-form'
import { bookingErrors } from '../../../src-renderer/src/screens/quote/booking-form'
import { listingLabel } from '../../../src-renderer/src/components/listing-label'

/**
 * The forms at the edges of what the service takes: a guest party is never changed without a
 * word (each value out of range is an error on its field), dates outside the two-year window
 * are said with the window, and the calendar marks no check-in inside the advance notice.
 */

const TODAY = '2026-11-23'
const AGE = 'Age must be from 0 to 12: a guest over 12 counts as an adult'
const ADULTS = 'Adults must be a whole number, at least 1'

const stay = (over: Partial<StayValues> = {}): StayValues => ({
  ...EMPTY_STAY,
  listingId: '100001',
  from: '2027-02-10',
  to: '2027-02-17',
  adults: 2,
  ...over
})

describe('a guest party out of range', () => {
  it('is an error on its field in the quote form: 0 adults, a child of 13', () => {
    const errors = stayErrors(stay({ adults: 0, childrenAges: [4, 13] }), TODAY)
    expect(errors.adults).toBe(ADULTS)
    expect(errors['childrenAges.1']).toBe(AGE)
    expect(errors['childrenAges.0']).toBeUndefined()
  })

  it('is an error on its field in the availability search and the calendar’s guests', () => {
    const search = searchErrors(
      { dates: ['2027-02-10', '2027-02-17'], adults: 0, childrenAges: [13], ...NO_FILTERS },
      TODAY
    )
    expect(search.adults).toBe(ADULTS)
    expect(search['childrenAges.0']).toBe(AGE)
    const calendar = guestErrors({ adults: 0, childrenAges: [13] })
    expect(calendar.adults).toBe(ADULTS)
    expect(calendar['childrenAges.0']).toBe(AGE)
  })

  it('is an error on its field in the booking form', () => {
    const errors = bookingErrors({
      guest: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '',
        country: '',
        language: ''
      },
      adults: 2,
      childrenAges: [13],
      notes: '',
      ownReference: '',
      salesBrand: '',
      card: { name: '', number: '', expiration: '', cvc: '' }
    } as Parameters<typeof bookingErrors>[0])
    expect(errors['childrenAges.0']).toBe(AGE)
  })
})

describe('dates outside the windows', () => {
  it('a past arrival typed into the quote form is said on the arrival', () => {
    expect(stayErrors(stay({ from: '2026-11-20', to: '2026-11-27' }), TODAY).from).toBe(
      `Arrival ${d('2026-11-20')} is in the past (today is ${d('2026-11-23')}).`
    )
  })

  it('a departure past the two-year window is said with the window, not with bookings', () => {
    const quote = stayErrors(stay({ from: '2028-11-15', to: '2028-11-25' }), TODAY)
    expect(quote.to).toBe(
      `Departure ${d('2028-11-25')} is past the availability window: the service publishes availability from today, ${d('2026-11-23')}, to ${d('2028-11-21')} (two years).`
    )
    const search = searchErrors(
      { dates: ['2028-11-15', '2028-11-25'], adults: 2, childrenAges: [], ...NO_FILTERS },
      TODAY
    )
    expect(search.dates).toMatch(/past the availability window/)
  })

  it('a departure thousands of years ahead is refused for its length too', () => {
    const errors = stayErrors(stay({ from: '2027-01-01', to: '9027-01-01' }), TODAY)
    expect(errors.to).toMatch(/past the availability window/)
    const search = searchErrors(
      { dates: ['2027-01-01', '9027-01-01'], adults: 2, childrenAges: [], ...NO_FILTERS },
      TODAY
    )
    expect(search.dates).toMatch(/past the availability window/)
  })

  it('a date typed into a date field is taken as typed, so the form can refuse it', () => {
    expect(typedDate('2020-01-01', '2027-02-10')).toBe('2020-01-01')
    expect(typedDate(' 2027-02-10 ', '2027-02-10')).toBeUndefined()
    expect(typedDate('2027-02-3', '2027-02-10')).toBeUndefined()
  })
})

describe('the calendar inside the advance notice', () => {
  const day = (date: string): CalendarDay => ({
    date,
    known: true,
    available: true,
    checkInDay: true,
    checkOutDay: true,
    minStay: 0,
    maxStay: 0,
    priceCents: 10000
  })

  it('marks no check-in before the first day a stay may arrive', () => {
    expect(dayMarks(day('2026-11-24'), '2026-11-26')).toEqual({ checkIn: false, checkOut: true })
    expect(dayMarks(day('2026-11-26'), '2026-11-26').checkIn).toBe(true)
    expect(availabilityWords(day('2026-11-24'), TODAY, '2026-11-26')).toBe(
      'open, no check-in (inside the advance notice), check-out allowed'
    )
  })
})

describe('listings with the same name', () => {
  it('are named with their id beside the name', () => {
    expect(listingLabel('Casa Lucca', 100023)).toBe('Casa Lucca (100023)')
  })
})
