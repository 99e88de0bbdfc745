import { describe, expect, it } from 'vitest'
import { sentenceDate as d } from '@shared/domain/date-words'
import { AvailabilityDay } from '@shared/api/availability.schema'
import { Listing, type ListingWire } from '@shared/api/listing.schema'
import { RateRecord, type RateRecordWire } from '@shared/api/rate.schema'
import { addDays, daysBetween, eachNight, type IsoDate } from '@shared/domain/dates'
import { discountTables } from '@shared/domain/discounts'
import {
  priceStay,
  quoteStay,
  stayTotal,
  type PriceInput,
  type QuoteOutcome
} from '@shared/domain/pricing'
import type { StayRequest } from '@shared/domain/stay-rules'

const TODAY = '2026-11-22'
// Tuesday 2026-12-01 to Friday 2026-12-04: three nights, check-in nine days ahead.
const STAY: StayRequest = { from: '2026-12-01', to: '2026-12-04', adults: 2 }

function listing(extra: Partial<ListingWire> = {}): Listing {
  return Listing.parse({
    id: 7,
    active: true,
    maxGuest: 6,
    advanceNotice: 1,
    cleaning: { feeBasis: 'mandatory', fee: 80 },
    securityDeposit: 300,
    cancellationPolicy: {
      name: 'Moderate',
      textList: [
        { name: 'full', value: 'Full refund up to 30 days before arrival' },
        { name: 'half', value: ' 50% refund up to 14 days before arrival. ' },
        { name: 'empty', value: '' }
      ]
    },
    ...extra
  })
}

/** A year of nightly rates at 100 EUR, with the stay's nights at 100.00, 120.50 and 99.99. */
function rates(extra: Partial<RateRecordWire> = {}): RateRecord {
  const rate: Record<IsoDate, number> = {}
  for (const d of eachNight(TODAY, addDays(TODAY, 365))) rate[d] = 100
  rate['2026-12-02'] = 120.5
  rate['2026-12-03'] = 99.99
  return RateRecord.parse({ listingId: 7, rate, ...extra })
}

function input(over: Partial<PriceInput> = {}): PriceInput {
  return { listing: listing(), rates: rates(), stay: STAY, today: TODAY, ...over }
}

const BASE = 10_000 + 12_050 + 9_999 // 32049 cents

describe('priceStay: the plain case', () => {
  it('prices rent, cleaning, deposit and policy, with total = rental rate + mandatory cleaning', () => {
    const p = priceStay(input())
    expect(p.nights).toBe(3)
    expect(p.persons).toBe(2)
    expect(p.nightlyCents).toEqual([10_000, 12_050, 9_999])
    expect(p.baseRentCents).toBe(BASE)
    expect(p.additionalGuestCents).toBe(0)
    expect(p.discount).toBeNull()
    expect(p.rentalRateCents).toBe(BASE)
    expect(p.cleaningFeeBasis).toBe('mandatory')
    expect(p.cleaningCents).toBe(8_000)
    expect(p.totalCents).toBe(40_049)
    expect(p.securityDepositCents).toBe(30_000)
    expect(p.taxes).toEqual([])
    expect(p.localTax).toBeNull()
    expect(p.instalments).toEqual([{ name: 'full', amountCents: 40_049, dueDate: TODAY }])
    expect(p.bookingType).toBe('instant')
    expect(p.cancellationPolicyName).toBe('Moderate')
    expect(p.cancellation).toBe(
      'Full refund up to 30 days before arrival. 50% refund up to 14 days before arrival.'
    )
  })

  it('keeps floats out of sums: 5581.48 + 620.16 is exactly 620164 cents', () => {
    const r = rates()
    r.rate['2026-12-01'] = 5581.48
    r.rate['2026-12-02'] = 620.16
    const p = priceStay(input({ rates: r, stay: { ...STAY, to: '2026-12-03' } }))
    expect(p.baseRentCents).toBe(620_164)
    const tiny = rates()
    tiny.rate['2026-12-01'] = 0.1
    tiny.rate['2026-12-02'] = 0.2
    expect(
      priceStay(input({ rates: tiny, stay: { ...STAY, to: '2026-12-03' } })).baseRentCents
    ).toBe(30)
  })

  it('takes bookingType from the listing, the security deposit from rates first', () => {
    const p = priceStay(
      input({
        listing: listing({ bookingType: 'onRequest' }),
        rates: rates({ securityDeposit: 150.5 })
      })
    )
    expect(p.bookingType).toBe('onRequest')
    expect(p.securityDepositCents).toBe(15_050)
    const none = priceStay(input({ listing: listing({ securityDeposit: undefined }) }))
    expect(none.securityDepositCents).toBe(0)
  })

  it('leaves cancellation fields out when the listing has no policy', () => {
    const p = priceStay(input({ listing: listing({ cancellationPolicy: undefined }) }))
    expect(p).not.toHaveProperty('cancellation')
    expect(p).not.toHaveProperty('cancellationPolicyName')
  })

  it('throws RangeError when a night has no rate or the stay has no nights', () => {
    const r = rates()
    delete r.rate['2026-12-02']
    expect(() => priceStay(input({ rates: r }))).toThrow(
      new RangeError(`no rate for ${d('2026-12-02')}`)
    )
    expect(() => priceStay(input({ stay: { ...STAY, to: STAY.from } }))).toThrow(RangeError)
  })
})

describe('additional guests', () => {
  // maxGuest 6, amount 2: four guests are included, guests five and six pay 15 EUR a night each.
  const extra = rates({ additionalGuests: { amount: 2, price: 15 } })
  const priced = (stay: Partial<StayRequest>) =>
    priceStay(input({ rates: extra, stay: { ...STAY, ...stay } })).additionalGuestCents

  it('charges nothing below or at the included occupancy', () => {
    expect(priced({ adults: 3 })).toBe(0)
    expect(priced({ adults: 4 })).toBe(0)
  })

  it('charges each person above it per night, children included', () => {
    expect(priced({ adults: 5 })).toBe(1_500 * 3)
    expect(priced({ adults: 2, childrenAges: [3, 7, 12, 12] })).toBe(2 * 1_500 * 3)
  })

  it('never prices persons above maxGuest (that is a stay-rule miss)', () => {
    expect(priced({ adults: 9 })).toBe(2 * 1_500 * 3)
  })

  it('charges nothing without additionalGuests or with amount 0', () => {
    const p = priceStay(input({ stay: { ...STAY, adults: 6 } }))
    expect(p.additionalGuestCents).toBe(0)
    const zero = rates({ additionalGuests: { amount: 0, price: 15 } })
    expect(
      priceStay(input({ rates: zero, stay: { ...STAY, adults: 6 } })).additionalGuestCents
    ).toBe(0)
  })

  it('adds to the rental rate', () => {
    const p = priceStay(input({ rates: extra, stay: { ...STAY, adults: 6 } }))
    expect(p.rentalRateCents).toBe(BASE + 9_000)
    expect(p.totalCents).toBe(BASE + 9_000 + 8_000)
  })
})

describe('discounts', () => {
  const discountOf = (r: Partial<RateRecordWire>, over: Partial<PriceInput> = {}) =>
    priceStay(input({ rates: rates(r), ...over })).discount

  it('longerStay: key N applies from N nights on, the largest satisfied key wins', () => {
    expect(discountOf({ longerStay: { '3': 10, '7': 15 } })).toEqual({
      kind: 'longerStay',
      percent: 10,
      cents: 3_205 // 10% of 32049 = 3204.9
    })
    expect(discountOf({ longerStay: { '4': 10 } })).toBeNull()
    const week = { stay: { ...STAY, to: '2026-12-08' } }
    expect(discountOf({ longerStay: { '3': 10, '7': 15 } }, week)?.percent).toBe(15)
  })

  it('lastMinute: applies when check-in is fewer than N days away', () => {
    // Check-in is 9 days away: both keys are satisfied, the larger percentage wins.
    expect(discountOf({ lastMinute: { '14': 5, '10': 8 } })).toMatchObject({
      kind: 'lastMinute',
      percent: 8
    })
    expect(discountOf({ lastMinute: { '9': 8 } })).toBeNull()
  })

  it('earlyBird: applies when check-in is more than N days away', () => {
    expect(discountOf({ earlyBird: { '8': 6 } })).toMatchObject({ kind: 'earlyBird', percent: 6 })
    expect(discountOf({ earlyBird: { '9': 6 } })).toBeNull()
    expect(discountOf({ earlyBird: { '8': 6 } }, { today: '2026-11-23' })).toBeNull()
  })

  it('applies only the single largest percentage across kinds', () => {
    const d = discountOf({
      longerStay: { '2': 10 },
      lastMinute: { '30': 12 },
      earlyBird: { '1': 11 }
    })
    expect(d).toEqual({ kind: 'lastMinute', percent: 12, cents: 3_846 }) // 12% of 32049 = 3845.88
    const p = priceStay(
      input({ rates: rates({ longerStay: { '2': 10 }, lastMinute: { '30': 12 } }) })
    )
    expect(p.rentalRateCents).toBe(BASE - 3_846)
    expect(p.totalCents).toBe(BASE - 3_846 + 8_000)
  })

  it('breaks ties: longerStay, then earlyBird, then lastMinute', () => {
    expect(
      discountOf({ longerStay: { '2': 10 }, lastMinute: { '30': 10 }, earlyBird: { '1': 10 } })
        ?.kind
    ).toBe('longerStay')
    expect(discountOf({ lastMinute: { '30': 10 }, earlyBird: { '1': 10 } })?.kind).toBe('earlyBird')
  })

  it('switches longerStay off when any night lies in an exclusion period (ends inclusive)', () => {
    const longer = { longerStay: { '2': 10 } }
    const during = { startDate: '2026-12-03', endDate: '2026-12-24' }
    expect(discountOf({ ...longer, longerStayExclusionPeriods: [during] })).toBeNull()
    const endsOnArrival = { startDate: '2026-11-01', endDate: '2026-12-01' }
    expect(discountOf({ ...longer, longerStayExclusionPeriods: [endsOnArrival] })).toBeNull()
    // The departure day is not a night, so a period starting on it does not matter.
    const afterwards = { startDate: '2026-12-04', endDate: '2026-12-24' }
    expect(discountOf({ ...longer, longerStayExclusionPeriods: [afterwards] })?.kind).toBe(
      'longerStay'
    )
  })

  it('lets another kind apply while longerStay is excluded', () => {
    const r = {
      longerStay: { '2': 20 },
      lastMinute: { '30': 5 },
      longerStayExclusionPeriods: [{ startDate: '2026-12-01', endDate: '2026-12-01' }]
    }
    expect(discountOf(r)).toMatchObject({ kind: 'lastMinute', percent: 5 })
  })

  it('discounts base rent plus additional guests', () => {
    const r = rates({ longerStay: { '2': 10 }, additionalGuests: { amount: 2, price: 15 } })
    const p = priceStay(input({ rates: r, stay: { ...STAY, adults: 6 } }))
    expect(p.discount?.cents).toBe(4_105) // 10% of 32049 + 9000 = 4104.9
    expect(p.rentalRateCents).toBe(BASE + 9_000 - 4_105)
  })

  it('caps a percentage above 100 at a full discount', () => {
    const p = priceStay(input({ rates: rates({ longerStay: { '1': 150 } }) }))
    expect(p.discount).toMatchObject({ percent: 100, cents: BASE })
    expect(p.rentalRateCents).toBe(0)
  })

  it('gives the same totals from discount tables built once and kept (the search does)', () => {
    const r = rates({
      longerStay: { '2': 5, '5': 12 },
      earlyBird: { '8': 6, '20': 9 },
      lastMinute: { '10': 7, '3': 150 },
      longerStayExclusionPeriods: [{ startDate: '2026-12-20', endDate: '2026-12-24' }]
    })
    const kept = discountTables(r)
    let discounted = 0
    for (const from of ['2026-11-23', '2026-11-24', '2026-12-01', '2026-12-15', '2026-12-24']) {
      for (const n of [1, 2, 5, 9]) {
        const nights = eachNight(from, addDays(from, n))
        const nightly = nights.map(() => 10_000)
        const lead = daysBetween(TODAY, from)
        const built = stayTotal(listing(), r, nightly, nights, 8, lead)
        expect(stayTotal(listing(), r, nightly, nights, 8, lead, kept), `${from} ${n}`).toEqual(
          built
        )
        if (built.discount) discounted++
      }
    }
    expect(discounted).toBeGreaterThan(10)
  })
})

describe('cleaning', () => {
  const withCleaning = (feeBasis: string, fee = 80) =>
    priceStay(input({ rates: rates({ cleaning: { feeBasis, fee } }) }))

  it('adds mandatory cleaning to the total', () => {
    const p = withCleaning('mandatory', 45.5)
    expect(p.cleaningCents).toBe(4_550)
    expect(p.totalCents).toBe(BASE + 4_550)
  })

  it('reports optional cleaning without adding it', () => {
    const p = withCleaning('optional')
    expect([p.cleaningFeeBasis, p.cleaningCents, p.totalCents]).toEqual(['optional', 8_000, BASE])
  })

  it('reports included cleaning as 0', () => {
    const p = withCleaning('included')
    expect([p.cleaningFeeBasis, p.cleaningCents, p.totalCents]).toEqual(['included', 0, BASE])
  })

  it('falls back to the listing, and to included when neither has cleaning', () => {
    expect(priceStay(input()).cleaningCents).toBe(8_000)
    const p = priceStay(input({ listing: listing({ cleaning: undefined }) }))
    expect([p.cleaningFeeBasis, p.cleaningCents, p.totalCents]).toEqual(['included', 0, BASE])
  })
})

describe('taxes', () => {
  it('prices taxes and local tax by basis and never adds them to the total', () => {
    const r = rates({
      longerStay: { '2': 10 },
      taxes: [
        { name: 'VAT', feeBasis: '% of Rental Amount', fee: 10 },
        { name: 'Eco', feeBasis: 'Per person / night', fee: 1.15 }
      ],
      localTax: { name: 'City tax', feeBasis: 'Per adult / day', fee: 2.5 }
    })
    const p = priceStay(input({ rates: r, stay: { ...STAY, children: 1 } }))
    expect(p.rentalRateCents).toBe(BASE - 3_205) // 28844
    expect(p.taxes).toEqual([
      { name: 'VAT', feeBasis: '% of Rental Amount', cents: 2_884 }, // 10% of the discounted rate
      { name: 'Eco', feeBasis: 'Per person / night', cents: 115 * 3 * 3 }
    ])
    expect(p.localTax).toEqual({
      name: 'City tax',
      feeBasis: 'Per adult / day',
      cents: 250 * 2 * 3
    })
    expect(p.totalCents).toBe(BASE - 3_205 + 8_000)
  })

  it('prefers the rate record over the listing, field by field', () => {
    const l = listing({
      taxes: [{ name: 'Listing tax', feeBasis: 'Per stay', fee: 5 }],
      localTax: { name: 'Listing local', feeBasis: 'Per stay', fee: 3 }
    })
    const p = priceStay(
      input({ listing: l, rates: rates({ taxes: [{ name: 'Rate tax', fee: 7 }] }) })
    )
    expect(p.taxes).toEqual([{ name: 'Rate tax', cents: 700 }])
    expect(p.localTax).toEqual({ name: 'Listing local', feeBasis: 'Per stay', cents: 300 })
  })
})

describe('instalments in a price', () => {
  it('splits deposit and balance when check-in is more than 30 days away', () => {
    const stay = { ...STAY, from: '2027-01-05', to: '2027-01-08' } // 44 days ahead, 30000 + 8000
    const p = priceStay(input({ stay }))
    expect(p.totalCents).toBe(38_000)
    expect(p.instalments).toEqual([
      { name: 'deposit', amountCents: 11_400, dueDate: TODAY },
      { name: 'balance', amountCents: 26_600, dueDate: '2026-12-06' }
    ])
  })

  it('asks for everything now when check-in is 30 days away or less', () => {
    const stay = { ...STAY, from: '2026-12-22', to: '2026-12-25' }
    const p = priceStay(input({ stay }))
    expect(p.instalments).toEqual([{ name: 'full', amountCents: p.totalCents, dueDate: TODAY }])
  })
})

describe('quoteStay', () => {
  const open = AvailabilityDay.parse({
    available: true,
    checkInDay: true,
    checkOutDay: true,
    minStay: 0,
    maxStay: 0
  })
  const days = () => open

  it('prices a stay that keeps every rule', () => {
    const q = quoteStay({ ...input(), days })
    expect(q).toEqual({ available: true, price: priceStay(input()) })
  })

  it('adds no-rate to the stay-rule misses instead of pricing', () => {
    const r = rates()
    delete r.rate['2026-12-02']
    delete r.rate['2026-12-03']
    const q: QuoteOutcome = quoteStay({
      ...input({ rates: r, listing: listing({ maxGuest: 1 }) }),
      days
    })
    expect(q).toEqual({
      available: false,
      misses: [
        {
          code: 'too-many-guests',
          message: 'The listing sleeps at most 1 guest; this stay has 2.'
        },
        {
          code: 'no-rate',
          message: `No nightly rate is set for ${d('2026-12-02')} and ${d('2026-12-03')}.`
        }
      ]
    })
  })

  it('reports stay-rule misses alone when every night has a rate', () => {
    const q = quoteStay({ ...input(), days: (d) => (d === '2026-12-02' ? undefined : open) })
    expect(q).toEqual({
      available: false,
      misses: [{ code: 'not-available', message: `Not available on ${d('2026-12-02')}.` }]
    })
  })
})

describe('the worked example in docs/pricing.md', () => {
  it('gives the documented cents', () => {
    const l = Listing.parse({
      id: 1,
      maxGuest: 6,
      cleaning: { feeBasis: 'mandatory', fee: 80 },
      securityDeposit: 300,
      taxes: [
        { name: 'VAT', feeBasis: '% of Rental Amount', fee: 10 },
        { name: 'Tourist fee', feeBasis: 'Per person / night', fee: 1.5 }
      ],
      localTax: { name: 'City tax', feeBasis: 'Per adult / day', fee: 2 }
    })
    const r = RateRecord.parse({
      listingId: 1,
      rate: { '2027-01-05': 120, '2027-01-06': 120, '2027-01-07': 135.5, '2027-01-08': 150.25 },
      additionalGuests: { amount: 2, price: 15 },
      longerStay: { '4': 5, '7': 10 },
      earlyBird: { '30': 8 },
      lastMinute: { '7': 15 }
    })
    const stay = { from: '2027-01-05', to: '2027-01-09', adults: 4, childrenAges: [8] }
    const p = priceStay({ listing: l, rates: r, stay, today: TODAY })
    expect(p).toMatchObject({
      baseRentCents: 52_575,
      additionalGuestCents: 6_000,
      discount: { kind: 'earlyBird', percent: 8, cents: 4_686 },
      rentalRateCents: 53_889,
      cleaningCents: 8_000,
      totalCents: 61_889,
      taxes: [{ cents: 5_389 }, { cents: 3_000 }],
      localTax: { cents: 3_200 },
      securityDepositCents: 30_000,
      instalments: [
        { name: 'deposit', amountCents: 18_567, dueDate: '2026-11-22' },
        { name: 'balance', amountCents: 43_322, dueDate: '2026-12-06' }
      ]
    })
  })
})
