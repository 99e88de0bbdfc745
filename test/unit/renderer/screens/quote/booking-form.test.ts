import { describe, expect, it } from 'vitest'
import { CreateInput } from '@shared/ipc/bookings.schema'
import { IpcError } from '../../../../../src-renderer/src/ipc/client'
import {
  bookingErrors,
  errorFieldOf,
  formPathOf,
  initialBookingValues,
  toCreateInput,
  type BookingValues
} from '../../../../../src-renderer/src/screens/quote/booking-form'

const STAY = {
  listingId: 100001,
  from: '2030-06-01',
  to: '2030-06-08',
  adults: 2,
  childrenAges: [6],
  customerCountry: 'DE',
  customerLanguage: 'de'
}

const filled = (over: Partial<BookingValues> = {}): BookingValues => {
  const v = initialBookingValues(STAY, 'Brand')
  return {
    ...v,
    guest: { ...v.guest, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    ...over
  }
}

const TODAY = '2026-11-22'

describe('the booking form', () => {
  it('starts from the quoted stay, the customer’s country and language, and the profile’s brand', () => {
    const v = initialBookingValues(STAY, 'Brand')
    expect(v).toMatchObject({ adults: 2, childrenAges: [6], salesBrand: 'Brand' })
    expect(v.guest).toMatchObject({ country: 'DE', language: 'de' })
    expect(v.card).toEqual({ name: '', number: '', expiration: '', cvc: '' })
  })

  it('checks the guest with the shared Guest schema, every problem named by its field', () => {
    const v = initialBookingValues(STAY, '')
    const errors = bookingErrors(
      { ...v, guest: { ...v.guest, email: 'nope', country: 'Deu' } },
      TODAY
    )
    expect(errors).toMatchObject({
      'guest.firstName': 'First name is required',
      'guest.lastName': 'Last name is required',
      'guest.email': 'E-mail must be an e-mail address',
      'guest.country': 'Country must be a two-letter country code'
    })
  })

  it('accepts a guest without phone, country or language, and no card', () => {
    const v = filled()
    expect(
      bookingErrors({ ...v, guest: { ...v.guest, country: '', language: '' } }, TODAY)
    ).toEqual({})
  })

  it('checks a typed card: Luhn, expiry passed, CVC length for the brand', () => {
    const card = { name: '', number: '4242 4242 4242 4241', expiration: '01/20', cvc: '12' }
    const errors = bookingErrors(filled({ card }), TODAY)
    expect(errors['card.number']).toMatch(/^Card number is not a valid card number/)
    expect(errors['card.expiration']).toBe('Expiry has passed')
    expect(errors['card.cvc']).toBe('Security code must be 3 or 4 digits')
  })

  it('keeps a message that is already a sentence', async () => {
    const { labelled } = await import('../../../../../src-renderer/src/screens/quote/booking-form')
    expect(labelled('guest.email', 'must be an e-mail address')).toBe(
      'E-mail must be an e-mail address'
    )
    expect(labelled('adults', 'Give the number of adults')).toBe('Give the number of adults')
  })

  it('checks the children’s ages', () => {
    expect(bookingErrors(filled({ childrenAges: [13, ''] }), TODAY)).toEqual({
      'childrenAges.0': 'Age must be from 0 to 12: a guest over 12 counts as an adult',
      'childrenAges.1': 'Give this child’s age (0 to 12)'
    })
  })

  it('makes input main accepts, with the card only when typed', () => {
    const input = toCreateInput(filled(), STAY)
    expect(CreateInput.safeParse(input).success).toBe(true)
    expect(input).toEqual({
      stay: {
        listingId: 100001,
        from: '2030-06-01',
        to: '2030-06-08',
        adults: 2,
        children: 1,
        childrenAges: [6]
      },
      guest: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        country: 'DE',
        language: 'de'
      },
      salesBrand: 'Brand'
    })
    const card = { name: 'Ada', number: '4242 4242 4242 4242', expiration: '12/30', cvc: '123' }
    const withCard = toCreateInput(filled({ card, ownReference: ' R-1 ' }), STAY, '100001')
    expect(withCard).toMatchObject({
      ownReference: 'R-1',
      confirmation: '100001',
      card: { name: 'Ada', number: '4242 4242 4242 4242', expiration: '12/30', cvc: '123' }
    })
    expect(CreateInput.safeParse(withCard).success).toBe(true)
  })
})

describe('a refusal lands on its field', () => {
  it('maps main’s field paths to the form', () => {
    expect(formPathOf('stay.adults')).toBe('adults')
    expect(formPathOf('stay.childrenAges.1')).toBe('childrenAges.1')
    expect(formPathOf('guest.email')).toBe('guest.email')
    expect(formPathOf('card.cvc')).toBe('card.cvc')
    expect(formPathOf('creditCard.number')).toBe('card.number')
    expect(formPathOf('guest.country')).toBe('guest.country')
    expect(formPathOf('stay.listingId')).toBeUndefined()
  })

  it('takes the field from main’s bad-input error', () => {
    expect(errorFieldOf(new IpcError('bad-input', 'bad', 'guest.email'))).toBe('guest.email')
    expect(errorFieldOf(new IpcError('offline', 'away', 'guest.email'))).toBeUndefined()
    expect(errorFieldOf(new Error('x'))).toBeUndefined()
  })
})
