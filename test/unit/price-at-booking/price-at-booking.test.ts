import { describe, expect, it } from 'vitest'
import { BookingDetails, Listing, RateRecord } from '@shared/api'
import { centsToEur } from '@shared/domain/money'
import {
  listingAsOf,
  madeAtOf,
  priceAtBooking,
  ratesAsOf,
  type PriceAtBookingInput
} from '@shared/watch/price-at-booking'
import { BookingPriceAtBooking } from '@shared/watch/price-at-booking.schema'

/**
 * Price at booking: the roll-back of today's rates through the recorded changes, and the
 * comparison with what the booking says, by rule (docs/pricing.md for the rules).
 */

const MADE = Date.parse('2026-10-01T09:30:00Z')
const HOUR = 3_600_000

const listing = Listing.parse({
  id: 7,
  maxGuest: 4,
  cleaning: { feeBasis: 'mandatory', fee: 50 }
})

/** Today's rates: the nights have moved since the booking (see CHANGES). */
const ratesNow = RateRecord.parse({
  listingId: 7,
  rate: { '2026-12-01': 130, '2026-12-02': 110, '2026-12-03': 100 },
  earlyBird: { '30': 8 },
  additionalGuests: { amount: 2, price: 15 },
  cleaning: { feeBasis: 'mandatory', fee: 60 }
})

/** Newest first, as the history lists them; two before the booking, four after. */
const CHANGES = [
  { key: '2026-12-01', old: 120, seenAt: MADE + 48 * HOUR },
  { key: 'rule:cleaning', old: { feeBasis: 'mandatory', fee: 50 }, seenAt: MADE + 30 * HOUR },
  { key: 'rule:earlyBird', old: { '30': 10 }, seenAt: MADE + 24 * HOUR },
  { key: '2026-12-01', old: 125, seenAt: MADE + 2 * HOUR },
  { key: '2026-12-02', old: 90, seenAt: MADE - HOUR },
  { key: 'rule:lastMinute', old: { '7': 20 }, seenAt: MADE - 2 * HOUR }
]

/**
 * At the booking: nights 125, 110, 100 = 335.00; 3 adults on maxGuest 4 with 2 charged extra:
 * included 2, 1 extra × 15.00 × 3 nights = 45.00; early bird 10 % (61 days ahead > 30) of
 * 380.00 = 38.00; rental 342.00; cleaning mandatory 50.00; total 392.00.
 */
function booking(payment: { rental: number; discount: number; cleaning: number; amount: number }) {
  return BookingDetails.parse({
    id: 'SB10000001',
    status: 'confirmed',
    checkIn: { date: '2026-12-01' },
    checkOut: { date: '2026-12-04' },
    adults: 3,
    payment: { currency: 'EUR', ...payment, paymentDate: '2026-10-01 09:30:00' },
    instalments: [
      { name: 'deposit', amount: 117.6, dueDate: '2026-10-01', status: 'paid' },
      { name: 'balance', amount: 274.4, dueDate: '2026-11-01', status: 'init' }
    ]
  })
}
const RIGHT = { rental: 342, discount: 38, cleaning: 50, amount: 392 }

function input(over: Partial<PriceAtBookingInput> = {}): PriceAtBookingInput {
  return {
    bookingId: 'SB10000001',
    booking: booking(RIGHT),
    listingId: 7,
    listingName: 'Casa Sette',
    listing,
    rates: ratesNow,
    rateChanges: CHANGES,
    listingChanges: [],
    historyStartsAt: MADE - 30 * 24 * HOUR,
    ratesSeenAt: MADE + 48 * HOUR,
    ...over
  }
}

describe('ratesAsOf', () => {
  it('undoes every change seen after the moment, each key back to its first change after it', () => {
    const { record, undone } = ratesAsOf(ratesNow, CHANGES, MADE)
    expect(undone).toBe(4)
    expect(record.rate).toEqual({ '2026-12-01': 125, '2026-12-02': 110, '2026-12-03': 100 })
    expect(record.earlyBird).toEqual({ '30': 10 })
    expect(record.cleaning).toEqual({ feeBasis: 'mandatory', fee: 50 })
    // A change seen before the booking stays: it was already the rate of the day.
    expect(record).not.toHaveProperty('lastMinute')
    expect(ratesAsOf(ratesNow, CHANGES, MADE + 100 * HOUR).record).toEqual(ratesNow)
  })

  it('removes a night or a rule that did not exist then, and puts back one since removed', () => {
    const changes = [
      { key: '2026-12-03', old: undefined, seenAt: MADE + HOUR },
      { key: 'rule:additionalGuests', old: undefined, seenAt: MADE + HOUR },
      { key: 'rule:longerStay', old: { '7': 5 }, seenAt: MADE + HOUR }
    ]
    const { record } = ratesAsOf(ratesNow, changes, MADE)
    expect(record.rate).not.toHaveProperty('2026-12-03')
    expect(record).not.toHaveProperty('additionalGuests')
    expect(record.longerStay).toEqual({ '7': 5 })
  })

  it('takes the changes in any order: the newest is undone first', () => {
    const shuffled = [CHANGES[3], CHANGES[0], CHANGES[5], CHANGES[2], CHANGES[1], CHANGES[4]]
    expect(ratesAsOf(ratesNow, shuffled, MADE)).toEqual(ratesAsOf(ratesNow, CHANGES, MADE))
  })

  it('rolls a listing field back the same way', () => {
    const { listing: then } = listingAsOf(
      listing,
      [{ key: 'maxGuest', old: 6, seenAt: MADE + HOUR }],
      MADE
    )
    expect(then.maxGuest).toBe(6)
  })
})

describe('madeAtOf', () => {
  it('is the first payment when it was made the day the first instalment fell due', () => {
    expect(madeAtOf(booking(RIGHT))).toEqual({
      at: MADE,
      spanMs: 1000,
      on: '2026-10-01',
      from: 'payment-date'
    })
  })

  it('is only the day when the first payment came on another day, or never', () => {
    const later = BookingDetails.parse({
      ...booking(RIGHT),
      payment: { ...booking(RIGHT).payment, paymentDate: '2026-10-03 08:00:00' }
    })
    expect(madeAtOf(later)).toEqual({
      at: Date.parse('2026-10-01T00:00:00Z'),
      spanMs: 86_400_000,
      on: '2026-10-01',
      from: 'first-instalment'
    })
    expect(madeAtOf(BookingDetails.parse({ ...booking(RIGHT), instalments: [] }))).toBeNull()
  })
})

describe('priceAtBooking', () => {
  it('equals the booking when priced at the rates of the day, with lines that add up', () => {
    const out = BookingPriceAtBooking.parse(priceAtBooking(input()))
    expect(out.verdict).toBe('same')
    expect(out.differences).toEqual([])
    expect(out.changesRolledBack).toBe(4)
    const cents = Object.fromEntries(out.lines.map((l) => [l.key, l.cents]))
    expect(cents).toEqual({
      nightly: 33500,
      'extra-guests': 4500,
      discount: -3800,
      rental: 34200,
      cleaning: 5000,
      total: 39200
    })
    const parts = out.lines.filter((l) => !l.subtotal)
    expect(parts.slice(0, 3).reduce((s, l) => s + l.cents!, 0)).toBe(cents.rental)
    expect(cents.rental! + cents.cleaning!).toBe(cents.total)
    expect(out.lines.find((l) => l.key === 'total')!.bookingCents).toBe(39200)
    expect(out.nights).toEqual([
      { date: '2026-12-01', cents: 12500, nowCents: 13000 },
      { date: '2026-12-02', cents: 11000, nowCents: 11000 },
      { date: '2026-12-03', cents: 10000, nowCents: 10000 }
    ])
    expect(out.summary).toBe(
      'Priced at the rates of Oct 1, 2026, the stay comes to €392.00, as the booking says.'
    )
  })

  it('on today’s rates it would not: the roll-back is what makes them equal', () => {
    const out = priceAtBooking(input({ rateChanges: [] }))
    expect(out.verdict).toBe('differs')
  })

  it('names the discount when the booking took another one off', () => {
    const out = priceAtBooking(
      input({ booking: booking({ rental: 349.6, discount: 30.4, cleaning: 50, amount: 399.6 }) })
    )
    expect(out.verdict).toBe('differs')
    expect(out.differences.map((d) => d.rule)).toEqual(['discount'])
    expect(out.differences[0]).toMatchObject({
      deltaCents: -760,
      words:
        'Discount: the booking took off €30.40; the rules of Oct 1, 2026 give the early-bird discount of 10 % (€38.00).'
    })
  })

  it('names extra guests when the rent before discount leaves them out', () => {
    // 335.00 before a 10 % discount of 33.50: the booking charged no extra guest.
    const out = priceAtBooking(
      input({ booking: booking({ rental: 301.5, discount: 33.5, cleaning: 50, amount: 351.5 }) })
    )
    expect(out.differences.map((d) => d.rule)).toEqual(['discount', 'extra-guests'])
    expect(out.differences[1]).toMatchObject({ deltaCents: -4500 })
    expect(out.differences[1].words).toContain('Extra guests: the booking charges €45.00 less')
  })

  it('names extra guests when the booking charged for more guests than its read lists', () => {
    // 2 extra guests × 15.00 × 3 nights = 90.00 more than the 45.00 for one: children, unlisted.
    const out = priceAtBooking(
      input({ booking: booking({ rental: 423, discount: 47, cleaning: 50, amount: 473 }) })
    )
    expect(out.differences.map((d) => d.rule)).toEqual(['discount', 'extra-guests'])
    expect(out.differences[1].words).toBe(
      'Extra guests: the booking charges €90.00 more, 2 extra guests at €15.00 a night beyond the 3 adults its read lists (the service’s read does not list children).'
    )
  })

  it('names the nightly rates when the rent before discount differs otherwise', () => {
    const out = priceAtBooking(
      input({ booking: booking({ rental: 352.8, discount: 39.2, cleaning: 50, amount: 402.8 }) })
    )
    expect(out.differences.map((d) => d.rule)).toEqual(['discount', 'nightly-rates'])
    expect(out.differences[1].words).toBe(
      'Nightly rates: the booking’s rent before discount is €392.00; the nightly rates of Oct 1, 2026 with extra guests add up to €380.00.'
    )
  })

  it('names cleaning when the total holds another cleaning fee', () => {
    const out = priceAtBooking(
      input({ booking: booking({ rental: 342, discount: 38, cleaning: 60, amount: 402 }) })
    )
    expect(out.differences.map((d) => d.rule)).toEqual(['cleaning'])
    expect(out.differences[0].deltaCents).toBe(1000)
  })

  it('says not known, with the day the history starts, when it starts after the booking', () => {
    const out = priceAtBooking(input({ historyStartsAt: Date.parse('2026-11-26T10:00:00Z') }))
    expect(out.verdict).toBe('not-known')
    expect(out.lines.every((l) => l.cents === null)).toBe(true)
    expect(out.lines.find((l) => l.key === 'total')!.bookingCents).toBe(39200)
    expect(out.unknowns).toEqual([
      'Nightly rates, discounts, extra guests and cleaning on Oct 1, 2026: not known: the history starts on Nov 26, 2026.'
    ])
    expect(out.summary).toBe('The price at booking is not known.')
  })

  it('says not known when only the day is known and the rates changed that day', () => {
    const dayOnly = BookingDetails.parse({
      ...booking(RIGHT),
      payment: { ...booking(RIGHT).payment, paymentDate: null }
    })
    const out = priceAtBooking(input({ booking: dayOnly }))
    expect(out.madeFrom).toBe('first-instalment')
    expect(out.verdict).toBe('not-known')
    expect(out.unknowns[0]).toContain('they changed that day')
    // Without a change that day, the day is enough.
    const quiet = CHANGES.filter((c) => c.seenAt - MADE > 24 * HOUR || c.seenAt < MADE - 10 * HOUR)
    expect(priceAtBooking(input({ booking: dayOnly, rateChanges: quiet })).verdict).not.toBe(
      'not-known'
    )
  })

  it('says not known when a rate changed in the very second the booking was made', () => {
    const out = priceAtBooking(
      input({ rateChanges: [{ key: '2026-12-02', old: 95, seenAt: MADE + 400 }, ...CHANGES] })
    )
    expect(out.verdict).toBe('not-known')
    expect(out.unknowns).toEqual([
      'The rates of Oct 1, 2026: not known: they changed within seconds of the booking, too close to tell which came first.'
    ])
  })

  it('moves the booking’s time onto this computer’s clock before comparing it with the history', () => {
    // The service's clock two hours ahead: the booking at 09:30 on its clock is 07:30 here, so
    // a change seen at 08:30 here came after it.
    const here = [...CHANGES.slice(0, 4), { key: '2026-12-02', old: 95, seenAt: MADE - HOUR }]
    const ahead = { aheadMs: 2 * HOUR, uncertaintyMs: 3_000 }
    const shifted = priceAtBooking(input({ rateChanges: here, serviceClock: ahead }))
    expect(shifted.nights[1].cents).toBe(9500)
    expect(shifted.changesRolledBack).toBe(5)
    expect(priceAtBooking(input({ rateChanges: here })).nights[1].cents).toBe(11000)
    // The history must start before the booking on this computer's clock.
    const late = priceAtBooking(input({ serviceClock: ahead, historyStartsAt: MADE - HOUR }))
    expect(late.verdict).toBe('not-known')
  })

  it('says not known for nights the copy no longer holds, and without a listing', () => {
    const past = RateRecord.parse({ ...ratesNow, rate: { '2026-12-03': 100, '2026-12-04': 90 } })
    const out = priceAtBooking(input({ rates: past, rateChanges: [] }))
    expect(out.unknowns[0]).toBe(
      'Nightly rates of Dec 1, 2026; Dec 2, 2026: not known: the offline copy keeps no rates for nights before Dec 3, 2026.'
    )
    const none = priceAtBooking(input({ listingId: null, listing: undefined, rates: undefined }))
    expect(none.verdict).toBe('not-known')
    expect(none.unknowns[0]).toContain('The listing: not known')
  })

  it('keeps cents exact for prices with odd cents', () => {
    const odd = RateRecord.parse({ listingId: 7, rate: { '2026-12-01': 0.1, '2026-12-02': 0.2 } })
    const l = Listing.parse({ id: 7, maxGuest: 2 })
    const b = BookingDetails.parse({
      ...booking(RIGHT),
      checkOut: { date: '2026-12-03' },
      adults: 2,
      payment: { rental: centsToEur(30), discount: 0, cleaning: 0, amount: 0.3 }
    })
    const out = priceAtBooking(
      input({ booking: b, listing: l, rates: odd, rateChanges: [], historyStartsAt: 0 })
    )
    expect(out.verdict).toBe('same')
  })
})
