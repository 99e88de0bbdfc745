import { describe, expect, it } from 'vitest'
import { holdsCardNumber } from '@shared/domain/card'

/** The one rule for card numbers typed into free text (issue 20): Luhn-valid, 13 to 19 digits. */
describe('holdsCardNumber', () => {
  it('finds a card number as people type it: plain, in groups of four, with dashes, amid words', () => {
    for (const text of [
      '4242424242424242',
      'paid with 4242 4242 4242 4242 yesterday',
      'card: 5555-5555-5555-4444.',
      'Amex 3782 822463 10005 declined',
      '4000000000000002',
      'entry 0aaa41f1-1704-4859-8199-1ae8454ff6b8: 4242424242424242',
      '3f2a41f1-1704-4859-8199-1aefb2c3d4e0 4111 1111 1111 1111'
    ]) {
      expect(holdsCardNumber(text), text).toBe(true)
    }
  })

  it('leaves alone what only looks long: a wrong check digit, too few or too many digits, phones, ids', () => {
    for (const text of [
      '4242 4242 4242 4241',
      'booking SB10112648, phone +49 30 1234567',
      '424242424242',
      // 20 digits: no card has that many, and a part of a longer number is not taken for one.
      '42424242424242424242',
      'IBAN DE89 3704 0044 0532 0130 00',
      'Guest asked to cancel',
      // A UUID whose digit groups "1-1704-4859-8199-1" make a Luhn-valid run of 14.
      'profile 0aaa41f1-1704-4859-8199-1ae8454ff6b8'
    ]) {
      expect(holdsCardNumber(text), text).toBe(false)
    }
  })
})
