import { describe, expect, it } from 'vitest'
import { BookingDetails } from '@shared/api/booking.schema'
import {
  addressLines,
  airportText,
  cardTypeLabel,
  coordinatesText,
  endedTierWords,
  endedWhy,
  extraLines,
  guestName,
  instalmentState,
  instalmentStateOn,
  phoneText,
  tierWords
} from '../../../../../src-renderer/src/screens/bookings/booking-words'
import {
  instantOf,
  nightsOf,
  policyTier
} from '../../../../../src-renderer/src/screens/bookings/booking-model'

/** A booking as the service sends it (the spec's Booking details object), parsed as main does. */
const booking = BookingDetails.parse({
  id: 'SB00012345',
  status: 'confirmed',
  guest: { firstName: 'Zoë', lastName: 'de Vries', email: 'zoe.devries@example.com' },
  checkIn: { date: '2026-12-20', time: '16:00' },
  checkOut: { date: '2026-12-27', time: '10:00' },
  adults: '2',
  propertyAddress: {
    zip: '06000',
    city: 'Nice',
    street: 'Rue de France',
    number: '12',
    country: 'France',
    region: "Provence-Alpes-Côte d'Azur",
    latitude: '43.6961',
    longitude: 7.2556
  },
  instalments: [
    {
      name: 'deposit',
      amount: 620.16,
      status: 'paid',
      paidAt: '2026-11-20 06:30:00',
      refundedAmount: 310.08
    },
    { name: 'balance', amount: '5581.48', status: 'init', dueDate: '2026-11-20' }
  ],
  cancellationPolicy: { name: 'Moderate', refund: { dayPeriod: 14, percentage: 100 } }
})

describe('the booking in words', () => {
  it('names the guest from the parts given', () => {
    expect(guestName(booking.guest)).toBe('Zoë de Vries')
    expect(guestName({ lastName: 'Chen' })).toBe('Chen')
    expect(guestName(undefined)).toBeNull()
  })

  it('counts nights between the stay’s dates, across a month end', () => {
    expect(nightsOf('2026-12-20', '2026-12-27')).toBe(7)
    expect(nightsOf('2026-01-30', '2026-02-02')).toBe(3)
    expect(nightsOf('2026-02-30', '2026-03-02')).toBeNull()
  })

  it('writes the property address as lines, without saying the city twice', () => {
    expect(addressLines(booking.propertyAddress)).toEqual([
      'Rue de France 12',
      '06000 Nice',
      "Provence-Alpes-Côte d'Azur",
      'France'
    ])
    expect(
      addressLines({
        address: '12 Rue de France, 06000 Nice',
        zip: '06000',
        city: 'Nice',
        country: 'France'
      })
    ).toEqual(['12 Rue de France, 06000 Nice', 'France'])
    expect(addressLines(undefined)).toEqual([])
  })

  it('gives map coordinates with their hemisphere, and nothing for a missing position', () => {
    expect(coordinatesText(43.6961, 7.2556)).toBe('43.69610° N, 7.25560° E')
    expect(coordinatesText(-33.9, -18.4)).toBe('33.90000° S, 18.40000° W')
    expect(coordinatesText(undefined, 7)).toBeNull()
  })

  it('writes the check-in phone and the airports from their parts', () => {
    expect(phoneText({ code: 39, number: 5550142, country: 'IT' })).toBe('+39 5550142 (IT)')
    expect(phoneText({ country: 'IT' })).toBeNull()
    expect(
      airportText({
        name: 'Nice Côte d’Azur',
        iata: 'NCE',
        city: 'Nice',
        country: 'France',
        distance: 7
      })
    ).toBe('Nice Côte d’Azur (NCE), Nice, France · 7 km')
    expect(airportText({})).toBe('—')
  })

  it('shows only brand and last four of a card, and an unknown brand verbatim', () => {
    expect(cardTypeLabel('visa')).toBe('Visa')
    expect(cardTypeLabel('VISA-4242')).toBe('Visa •••• 4242')
    expect(cardTypeLabel('mastercard 5555555555554444')).toBe('Mastercard •••• 4444')
    expect(cardTypeLabel('American Express')).toBe('American Express')
    expect(cardTypeLabel('Diners')).toBe('Diners')
    expect(cardTypeLabel('')).toBeNull()
    expect(cardTypeLabel(null)).toBeNull()
  })

  it('says each instalment’s state in words, an unknown one verbatim', () => {
    expect(booking.instalments.map(instalmentState)).toEqual(['Paid', 'Not paid yet'])
    expect(instalmentState({ amount: 1, status: 'chargedBack' })).toBe('chargedBack')
    expect(instalmentState({ amount: 1, paidAt: '2026-01-01 10:00:00' })).toBe('Paid')
  })

  it('says an unpaid instalment is overdue past its due date, and no longer due on an ended booking', () => {
    const balance = { amount: 710.51, dueDate: '2026-12-17', status: 'init' }
    const confirmed = { status: 'confirmed' }
    expect(instalmentStateOn(balance, confirmed, '2026-12-17')).toBe('Not paid yet')
    expect(instalmentStateOn(balance, confirmed, '2026-12-19')).toMatch(
      /^Overdue by 2 days: due .*2026, not paid$/
    )
    expect(instalmentStateOn(balance, { status: 'cancelledByGuest' }, '2026-12-19')).toBe(
      'Not paid: the booking was cancelled, nothing is due'
    )
    expect(instalmentStateOn(balance, { status: 'expired' }, '2026-11-01')).toBe(
      'Not paid: the booking expired, nothing is due'
    )
    expect(instalmentStateOn({ ...balance, status: 'paid' }, confirmed, '2027-01-01')).toBe('Paid')
  })

  it('says why nothing more is due in the words of the ended status, "cancelled" for a cancellation', () => {
    expect(endedWhy('cancelledByPm')).toBe('the booking was cancelled')
    expect(endedWhy('cancelled')).toBe('the booking was cancelled')
    expect(endedWhy('declined')).toBe('the booking was declined')
    expect(endedWhy('completed')).toBe('the stay is over')
    expect(endedWhy('expired')).toBe('the booking expired')
  })

  it('reads the service’s zone-less timestamps as UTC', () => {
    expect(instantOf('2026-11-20 06:30:00')).toBe(Date.UTC(2026, 10, 20, 6, 30))
    expect(instantOf('2026-11-20T06:30:00+01:00')).toBe(Date.UTC(2026, 10, 20, 5, 30))
    expect(instantOf('yesterday')).toBeNull()
    expect(instantOf(null)).toBeNull()
  })

  it('says the refund tier that applies now', () => {
    expect(policyTier(booking.cancellationPolicy)).toEqual({ percent: 100, fromDaysBefore: 14 })
    expect(tierWords(policyTier(booking.cancellationPolicy))).toBe(
      '100% back to the guest (the tier for cancelling 14 days or more before arrival)'
    )
    expect(tierWords({ percent: 0, fromDaysBefore: 0 })).toBe(
      'Nothing back to the guest (the tier that applies until arrival)'
    )
    expect(tierWords({ percent: 50, fromDaysBefore: 1 })).toContain('1 day or more')
    expect(tierWords(null)).toMatch(/not known/)
    expect(policyTier({ name: 'Strict' })).toBeNull()
  })

  it('names the guest’s tier of an ended booking only when the guest cancelled it', () => {
    const policy = booking.cancellationPolicy
    expect(endedTierWords('cancelledByGuest', policy)).toBe(tierWords(policyTier(policy)))
    // A decline or a property manager's or the service's cancellation refunds what was paid.
    for (const status of ['declined', 'cancelledByPm', 'cancelledByYR']) {
      expect(endedTierWords(status, policy)).toBe(
        'None: the guest did not cancel; what came back is under Refunded'
      )
    }
    expect(endedTierWords('cancelled', policy)).toMatch(/^Not known: .*who cancelled/)
    expect(endedTierWords('completed', policy)).toBe('None: the booking was not cancelled')
    expect(endedTierWords('expired', policy)).toMatch(/^None: the booking expired unpaid/)
  })

  it('lists extras whatever shape the service gives them', () => {
    expect(extraLines([{ name: 'Towels', amount: 12 }, 'Late check-out', { code: 7 }])).toEqual([
      expect.stringMatching(/^Towels: .*12\.00/),
      'Late check-out',
      '{"code":7}'
    ])
    expect(extraLines(undefined)).toEqual([])
  })
})
