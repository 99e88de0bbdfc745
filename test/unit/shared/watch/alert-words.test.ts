import { describe, expect, it } from 'vitest'
import { dateRange } from '@shared/domain/date-words'
import { alertReason, checkWords, type AlertFacts } from '@shared/watch/alert-words'
import type { PriceRule } from '@shared/watch/price-at-booking.schema'

/** One sentence per alert, the same on the screen, in the CLI and in a notification. */

const base: AlertFacts = {
  kind: 'double-booking',
  listingId: 100023,
  listingName: 'Villa Alba',
  bookingId: 'SB10322106',
  nights: ['2027-08-14'],
  oldValue: null,
  newValue: null,
  limit: null
}
const words = (facts: Partial<AlertFacts>) => alertReason({ ...base, ...facts }, 'en-US')

describe('alert reasons', () => {
  it('a reopened booked night, as the issue words it', () => {
    expect(words({})).toBe(
      'SB10322106: Sat, Aug 14, 2027 is bookable again at Villa Alba (100023): cancelled elsewhere, or a calendar error'
    )
    expect(words({ nights: ['2027-08-14', '2027-08-15', '2027-08-16'] })).toBe(
      `SB10322106: ${dateRange('2027-08-14', '2027-08-16', 'en-US')} (3 nights) are bookable ` +
        'again at Villa Alba (100023): cancelled elsewhere, or a calendar error'
    )
  })

  it('names old and new values, in euros or nights, and the limit crossed', () => {
    expect(
      words({ kind: 'price-drop', bookingId: null, oldValue: 12000, newValue: 7200, limit: 30 })
    ).toBe(
      'Villa Alba (100023): the price of Sat, Aug 14, 2027 fell 40% from €120.00 to €72.00 a night, more than the 30% limit'
    )
    expect(words({ kind: 'price-floor', bookingId: null, newValue: 2500, limit: 3000 })).toBe(
      'Villa Alba (100023): Sat, Aug 14, 2027 is priced at €25.00 a night, under the floor of €30.00'
    )
    expect(
      words({ kind: 'min-stay-jump', bookingId: null, oldValue: 1, newValue: 21, limit: 14 })
    ).toBe(
      'Villa Alba (100023): the minimum stay from Sat, Aug 14, 2027 rose from 1 night to 21 nights, above the limit of 14 nights'
    )
  })

  it('a floor hit says which of its nights are open for booking now (it guards them all)', () => {
    const floor = {
      kind: 'price-floor' as const,
      bookingId: null,
      listingName: 'Sunny chalet',
      listingId: 100001,
      nights: ['2026-12-10', '2026-12-11', '2026-12-12'],
      newValue: 793,
      limit: 3000
    }
    const run = `${dateRange('2026-12-10', '2026-12-12', 'en-US')} (3 nights)`
    expect(words({ ...floor, openNights: ['2026-12-12'] })).toBe(
      `Sunny chalet (100001): ${run} are priced from €7.93 a night, under the floor of €30.00 ` +
        '(1 of them open for booking now: Sat, Dec 12, 2026)'
    )
    expect(words({ ...floor, openNights: [] })).toMatch(
      /under the floor of €30\.00 \(none of them open for booking now\)$/
    )
    expect(words({ ...floor, openNights: floor.nights })).toMatch(
      /\(all of them open for booking now\)$/
    )
    expect(words({ ...floor, nights: ['2026-12-10'], openNights: [] })).toBe(
      'Sunny chalet (100001): Thu, Dec 10, 2026 is priced at €7.93 a night, under the floor of ' +
        '€30.00 (not open for booking now)'
    )
    expect(words({ ...floor, nights: ['2026-12-12'], openNights: ['2026-12-12'] })).toMatch(
      /€30\.00 \(open for booking now\)$/
    )
  })

  it('a price at booking names both totals, the day of the rates and the rules that differ', () => {
    const priced = {
      kind: 'price-at-booking' as const,
      nights: ['2027-08-14', '2027-08-15'],
      oldValue: 118000,
      newValue: 124000
    }
    const on = (rules: PriceRule[]) =>
      words({ ...priced, priceAtBooking: { madeOn: '2026-11-09', rules } })
    expect(on(['nightly-rates'])).toBe(
      'SB10322106 at Villa Alba (100023): charged €1,240.00, the rates of Mon, Nov 9, 2026 give €1,180.00: the nightly rates differ'
    )
    expect(on(['discount'])).toMatch(/: the discount differs$/)
    expect(on(['extra-guests'])).toMatch(/: the extra guests differ$/)
    expect(on(['discount', 'cleaning'])).toMatch(/: the discount and the cleaning differ$/)
    expect(on(['extra-guests', 'discount', 'cleaning'])).toMatch(
      /: the extra guests, the discount and the cleaning differ$/
    )
    expect(on(['total'])).toMatch(/: the total differs$/)
  })

  it('a listing the copy no longer has is named by its id', () => {
    expect(words({ kind: 'no-rate', bookingId: null, listingName: null })).toBe(
      'listing 100023: Sat, Aug 14, 2027 is open for booking with no published rate'
    )
  })
})

describe('live check words', () => {
  it('says what the service says now, and an outage as such', () => {
    const facts = { bookingId: 'SB10322106', bookingStatus: 'confirmed', nights: ['2027-08-14'] }
    expect(checkWords({ ...facts, outcome: 'still-bookable' }, 'en-US')).toBe(
      'Sat, Aug 14, 2027 is still bookable at the service, while it says SB10322106 is confirmed.'
    )
    expect(checkWords({ ...facts, outcome: 'closed-again' }, 'en-US')).toBe(
      'Sat, Aug 14, 2027 is unavailable again at the service.'
    )
    expect(checkWords({ ...facts, outcome: 'unknown', bookingStatus: null }, 'en-US')).toBe(
      'The service did not answer, so nothing is known yet: check again when it is reachable.'
    )
  })

  it('a price or minimum-stay check names the value the service answered', () => {
    const facts = { bookingId: null, bookingStatus: null, nights: ['2026-12-26'] }
    const drop = { kind: 'price-drop' as const, oldValue: 70725, newValue: 42435, limit: 30 }
    expect(
      checkWords(
        { ...facts, outcome: 'still-applies', answered: { ...drop, values: [42435] } },
        'en-US'
      )
    ).toBe(
      'The service still publishes €424.35 for Sat, Dec 26, 2026 (the drop from €707.25 stands).'
    )
    expect(
      checkWords({ ...facts, outcome: 'resolved', answered: { ...drop, values: [70725] } }, 'en-US')
    ).toBe('The service now publishes €707.25 for Sat, Dec 26, 2026, not the dropped €424.35.')
    const floor = { kind: 'price-floor' as const, oldValue: null, newValue: 793, limit: 3000 }
    const run = ['2026-12-10', '2026-12-11', '2026-12-12']
    expect(
      checkWords(
        {
          ...facts,
          nights: run,
          outcome: 'still-applies',
          answered: { ...floor, values: [793, 1500, 800] }
        },
        'en-US'
      )
    ).toBe(
      `The service still publishes €7.93 to €15.00 for ${dateRange('2026-12-10', '2026-12-12', 'en-US')} ` +
        '(3 nights), under the floor of €30.00.'
    )
    expect(
      checkWords({ ...facts, outcome: 'resolved', answered: { ...floor, values: [null] } }, 'en-US')
    ).toBe(
      'The service now publishes no rate for Sat, Dec 26, 2026, no longer under the floor of €30.00.'
    )
    const stay = { kind: 'min-stay-jump' as const, oldValue: 7, newValue: 21, limit: 14 }
    expect(
      checkWords(
        { ...facts, outcome: 'still-applies', answered: { ...stay, values: [21] } },
        'en-US'
      )
    ).toBe(
      'The service still asks a minimum stay of 21 nights from Sat, Dec 26, 2026 (the rise from 7 nights stands).'
    )
    expect(
      checkWords({ ...facts, outcome: 'resolved', answered: { ...stay, values: [7] } }, 'en-US')
    ).toBe('The service now asks a minimum stay of 7 nights from Sat, Dec 26, 2026, not 21 nights.')
  })

  it('a price at booking is checked against what the booking says it cost now', () => {
    const facts = { bookingId: 'SB10112648', bookingStatus: 'confirmed', nights: ['2027-08-14'] }
    const priced = { ...facts, charged: 124000, wasCharged: 124000 }
    expect(checkWords({ ...priced, outcome: 'still-applies' }, 'en-US')).toBe(
      'The service still says SB10112648 cost €1,240.00.'
    )
    expect(checkWords({ ...priced, charged: 118000, outcome: 'resolved' }, 'en-US')).toBe(
      'The service now says SB10112648 cost €1,180.00, not €1,240.00: the watch prices it again after the next sync.'
    )
    expect(checkWords({ ...priced, charged: null, outcome: 'resolved' }, 'en-US')).toBe(
      "The service's read of SB10112648 states no price now."
    )
  })
})
