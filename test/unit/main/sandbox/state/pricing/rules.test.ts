import { describe, expect, it } from 'vitest'
import type { ListingWire, RateRecordWire } from '@shared/api'
import { sentenceDate } from '@shared/domain/date-words'
import type { StayRequest } from '@shared/domain/stay-rules'
import { clientAnswer, ratesFrom, sandboxAnswer, type QuoteCase, type WireAnswer } from './both'

/**
 * Each pricing rule computed by hand and checked against both implementations: the sandbox's
 * service (src-main/sandbox/state/pricing) and the client (src-shared/domain/pricing). The
 * property test shows they agree with each other; these show that what they agree on is what
 * the spec says (distribution-api.md, Rate record and Get quote, Pricing rules 1-4), with the
 * choices the spec leaves open as docs/pricing.md writes them down. The spec publishes no
 * priced example; the worked example of docs/pricing.md is the last case.
 */

const TODAY = '2026-11-22'
// Tuesday 2026-12-01 to Friday 2026-12-04: 3 nights, check-in 9 days ahead (lead 9).
const STAY: StayRequest = { from: '2026-12-01', to: '2026-12-04', adults: 2 }
// Nightly rates 100.00 + 120.50 + 99.99 = 320.49 EUR (32049 cents).

function quote(
  rates: Partial<RateRecordWire> = {},
  listing: Partial<ListingWire> = {},
  stay: Partial<StayRequest> = {}
): QuoteCase {
  return {
    today: TODAY,
    listing: { id: 7, maxGuest: 6, ...listing },
    rates: { listingId: 7, rate: ratesFrom(STAY.from, 3, [100, 120.5, 99.99]), ...rates },
    stay: { ...STAY, ...stay }
  }
}

/** Both implementations answer `expected` (and therefore the same). */
function expectBoth(c: QuoteCase, expected: Partial<Record<string, unknown>>): WireAnswer {
  const client = clientAnswer(c)
  const sandbox = sandboxAnswer(c)
  expect(sandbox, 'sandbox').toMatchObject(expected)
  expect(client, 'client').toMatchObject(expected)
  expect(sandbox).toEqual(client)
  return sandbox
}

/** Both refuse: each with its own words (the service's, the app's), for the same rule. */
function expectRefused(c: QuoteCase, reasons: { sandbox: string; client: string }): void {
  expect(sandboxAnswer(c)).toEqual({ available: false, reasons: [reasons.sandbox] })
  expect(clientAnswer(c)).toEqual({ available: false, reasons: [reasons.client] })
}

const eur = (cents: number) => cents / 100

describe('nightly rates (Rate record: "the price per night")', () => {
  it('the rental rate is the sum of the stay’s nights; the departure day is not a night', () => {
    // 100.00 + 120.50 + 99.99 = 320.49; lead 9 <= 30: one instalment of the total, due today.
    expectBoth(quote(), {
      rentalRate: 320.49,
      discount: 0,
      cleaningFeeBasis: 'included',
      cleaning: 0,
      taxes: [],
      securityDeposit: 0,
      bookingType: 'instant',
      guestPaymentInstallments: [{ name: 'full', amount: 320.49, dueDate: TODAY }]
    })
  })

  it('a night without a published rate makes the stay unavailable, with the night named', () => {
    const c = quote()
    delete (c.rates.rate as Record<string, number>)['2026-12-02']
    expectRefused(c, {
      sandbox: 'No price is published for the nights of 2026-12-02.',
      client: `No nightly rate is set for ${sentenceDate('2026-12-02')}.`
    })
  })
})

describe('rule 1: the discount is already deducted from rentalRate', () => {
  it('rentalRate = amount before discount - discount; discount reports the amount', () => {
    // longerStay {"3": 10}: 10% of 32049 = 3204.9 -> 3205 cents; 32049 - 3205 = 28844.
    expectBoth(quote({ longerStay: { '3': 10 } }), {
      rentalRate: 288.44,
      discount: 32.05,
      guestPaymentInstallments: [{ name: 'full', amount: 288.44, dueDate: TODAY }]
    })
  })

  it('rounds a percentage to the cent, halves away from zero: 9.2% of 3.75 = 0.345 -> 0.35', () => {
    // One night at 3.75; earlyBird {"1": 9.2}, lead 9 > 1: 375 * 9.2 / 100 = 34.5 -> 35 cents.
    const c = quote(
      { rate: { '2026-12-01': 3.75 }, earlyBird: { '1': 9.2 } },
      {},
      {
        to: '2026-12-02'
      }
    )
    expectBoth(c, { rentalRate: 3.4, discount: 0.35 })
  })
})

describe('longerStay: "minimum days", discount "when staying more than that many days"', () => {
  it('key 3 is met by a 3-night stay (3 nights span 4 days, more than 3)', () => {
    // 5% of 32049 = 1602.45 -> 1602.
    expectBoth(quote({ longerStay: { '3': 5 } }), { discount: 16.02, rentalRate: 304.47 })
  })

  it('key 4 is not met by a 3-night stay', () => {
    expectBoth(quote({ longerStay: { '4': 5 } }), { discount: 0, rentalRate: 320.49 })
  })

  it('the largest met key of the table counts', () => {
    // {"1": 3, "3": 7, "7": 20}: 1 and 3 are met, 7 is not -> 7% of 32049 = 2243.43 -> 2243.
    expectBoth(quote({ longerStay: { '1': 3, '3': 7, '7': 20 } }), { discount: 22.43 })
  })

  it('not at all when a night lies in an exclusion period (both ends included)', () => {
    // The last night, 2026-12-03, is the period's first day.
    const inside = { startDate: '2026-12-03', endDate: '2026-12-10' }
    expectBoth(quote({ longerStay: { '3': 10 }, longerStayExclusionPeriods: [inside] }), {
      discount: 0
    })
    // A period ending on the first night excludes too.
    const before = { startDate: '2026-11-20', endDate: '2026-12-01' }
    expectBoth(quote({ longerStay: { '3': 10 }, longerStayExclusionPeriods: [before] }), {
      discount: 0
    })
  })

  it('a period starting on the departure day does not matter (it is not a night)', () => {
    const after = { startDate: '2026-12-04', endDate: '2026-12-10' }
    expectBoth(quote({ longerStay: { '3': 10 }, longerStayExclusionPeriods: [after] }), {
      discount: 32.05
    })
  })
})

describe('lastMinute: "when booked less than that many days before check-in"', () => {
  it('key 10 is met 9 days before check-in', () => {
    // 15% of 32049 = 4807.35 -> 4807.
    expectBoth(quote({ lastMinute: { '10': 15 } }), { discount: 48.07, rentalRate: 272.42 })
  })

  it('key 9 is not met 9 days before check-in', () => {
    expectBoth(quote({ lastMinute: { '9': 15 } }), { discount: 0 })
  })
})

describe('earlyBird: "when booked more than that many days before check-in"', () => {
  it('key 8 is met 9 days before check-in', () => {
    // 5% of 32049 = 1602.45 -> 1602.
    expectBoth(quote({ earlyBird: { '8': 5 } }), { discount: 16.02 })
  })

  it('key 9 is not met 9 days before check-in', () => {
    expectBoth(quote({ earlyBird: { '9': 5 } }), { discount: 0 })
  })
})

describe('one discount: the largest percentage of the three tables, never their sum', () => {
  it('takes 12% out of 5%, 12% and 8%', () => {
    // 12% of 32049 = 3845.88 -> 3846 (not 25% = 8012).
    const c = quote({ longerStay: { '3': 5 }, lastMinute: { '10': 12 }, earlyBird: { '1': 8 } })
    expectBoth(c, { discount: 38.46, rentalRate: 282.03 })
  })

  it('counts a percentage over 100 as 100 and ignores 0 or less', () => {
    // 150% -> 100%: the whole 320.49 off, rentalRate 0.
    expectBoth(quote({ longerStay: { '3': 150 } }), { discount: 320.49, rentalRate: 0 })
    expectBoth(quote({ longerStay: { '3': -5 }, earlyBird: { '1': 0 } }), { discount: 0 })
  })
})

describe('rule 4: adults and children are persons, inputs to the rentalRate', () => {
  // maxGuest 6 with 2 additional places: 4 persons included, each further one 15.00 a night.
  const extra = { additionalGuests: { amount: 2, price: 15 } }

  it('4 persons pay no additional guest', () => {
    expectBoth(quote(extra, {}, { adults: 4 }), { rentalRate: 320.49 })
  })

  it('4 adults and 1 child: 1 additional guest x 15.00 x 3 nights = 45.00 in the rental rate', () => {
    // 32049 + 1 * 1500 * 3 = 36549.
    expectBoth(quote(extra, {}, { adults: 4, children: 1, childrenAges: [8] }), {
      rentalRate: 365.49
    })
  })

  it('the discount is taken from rent plus additional guests', () => {
    // 6 persons: 2 * 1500 * 3 = 9000; 10% of (32049 + 9000) = 4104.9 -> 4105; 41049 - 4105.
    expectBoth(quote({ ...extra, longerStay: { '3': 10 } }, {}, { adults: 6 }), {
      discount: 41.05,
      rentalRate: 369.44
    })
  })

  it('more persons than the listing sleeps is refused, never priced', () => {
    expectRefused(quote(extra, {}, { adults: 5, children: 2 }), {
      sandbox: 'This listing takes at most 6 guests, children included; the request is for 7.',
      client: 'The listing sleeps at most 6 guests; this stay has 7.'
    })
  })
})

describe('rule 2: cleaning is not in rentalRate; in the total only when mandatory', () => {
  it.each([
    // basis, cleaning reported, the one instalment (= the total)
    ['mandatory', 80, 400.49], // 320.49 + 80.00
    ['optional', 80, 320.49], // reported, not added
    ['included', 0, 320.49] // in the rent already
  ] as const)('%s: cleaning %d, total %d', (feeBasis, cleaning, total) => {
    expectBoth(quote({}, { cleaning: { feeBasis, fee: 80 } }), {
      rentalRate: 320.49,
      cleaningFeeBasis: feeBasis,
      cleaning,
      guestPaymentInstallments: [{ name: 'full', amount: total, dueDate: TODAY }]
    })
  })

  it('the rate record’s cleaning overrides the listing’s', () => {
    const c = quote(
      { cleaning: { feeBasis: 'mandatory', fee: 55.5 } },
      {
        cleaning: { feeBasis: 'optional', fee: 80 }
      }
    )
    expectBoth(c, { cleaningFeeBasis: 'mandatory', cleaning: 55.5 })
  })
})

describe('rule 3: taxes and local tax are paid at check-in, never in the total', () => {
  // 2 adults + 1 child = 3 persons, 3 nights; each fee 1.50 EUR.
  it.each([
    ['Per stay', 1.5], // once
    ['Per unit', 1.5], // once
    ['Per person', 4.5], // 1.50 x 3 persons
    ['Per person / stay', 4.5], // 1.50 x 3 persons
    ['Per person / night', 13.5], // 1.50 x 3 persons x 3 nights
    ['Per person / day', 13.5], // a day is a night of the stay
    ['Per adult / day', 9], // 1.50 x 2 adults x 3 nights
    ['Per adult / stay', 3], // 1.50 x 2 adults
    ['Per day', 4.5], // 1.50 x 3 nights
    ['per PERSON/night', 13.5], // case and spaces around '/' do not matter
    ['Per week', 1.5], // a basis the spec does not list: charged once
    [undefined, 1.5] // no basis: charged once
  ])('%s: %d', (feeBasis, fee) => {
    const tax = { name: 'Tourist fee', fee: 1.5, ...(feeBasis ? { feeBasis } : {}) }
    const c = quote(
      {},
      { taxes: [tax], localTax: { ...tax, name: 'City tax' } },
      {
        children: 1
      }
    )
    expectBoth(c, {
      taxes: [{ name: 'Tourist fee', fee }],
      localTax: fee,
      guestPaymentInstallments: [{ name: 'full', amount: 320.49, dueDate: TODAY }]
    })
  })

  it('% of Rental Amount is a percentage of the rental rate after discount', () => {
    // 10% longer stay: rentalRate 28844; VAT 10% of 28844 = 2884.4 -> 2884.
    const vat = { name: 'VAT', feeBasis: '% of Rental Amount', fee: 10 }
    expectBoth(quote({ longerStay: { '3': 10 }, taxes: [vat] }), {
      rentalRate: 288.44,
      taxes: [{ name: 'VAT', fee: 28.84 }],
      guestPaymentInstallments: [{ name: 'full', amount: 288.44, dueDate: TODAY }]
    })
  })
})

describe('security deposit: "the amount the guest is liable for", never charged', () => {
  it('is reported from the rate record, else the listing, and not in the total', () => {
    expectBoth(quote({}, { securityDeposit: 300 }), {
      securityDeposit: 300,
      guestPaymentInstallments: [{ name: 'full', amount: 320.49, dueDate: TODAY }]
    })
    expectBoth(quote({ securityDeposit: 150 }, { securityDeposit: 300 }), { securityDeposit: 150 })
  })
})

describe('instalments: a 30% deposit and the balance 30 days before check-in, past 30 days', () => {
  const far = { from: '2027-01-05', to: '2027-01-06' } // lead 44, one night

  it('adds up to the total exactly; the deposit takes the odd cent (30% of 0.05 = 0.015)', () => {
    // Total 5 cents: deposit 1.5 -> 2, balance 3.
    const c = quote({ rate: { '2027-01-05': 0.05 } }, {}, far)
    expectBoth(c, {
      guestPaymentInstallments: [
        { name: 'deposit', amount: 0.02, dueDate: TODAY },
        { name: 'balance', amount: 0.03, dueDate: '2026-12-06' }
      ]
    })
  })

  it('one cent is all balance; two cents split 1 + 1', () => {
    for (const [rate, deposit, balance] of [
      [0.01, 0, 0.01],
      [0.02, 0.01, 0.01]
    ]) {
      expectBoth(quote({ rate: { '2027-01-05': rate } }, {}, far), {
        guestPaymentInstallments: [
          { name: 'deposit', amount: deposit, dueDate: TODAY },
          { name: 'balance', amount: balance, dueDate: '2026-12-06' }
        ]
      })
    }
  })

  it('exactly 30 days ahead is paid in full today', () => {
    const c = quote({ rate: { '2026-12-22': 100 } }, {}, { from: '2026-12-22', to: '2026-12-23' })
    expectBoth(c, { guestPaymentInstallments: [{ name: 'full', amount: 100, dueDate: TODAY }] })
  })
})

describe('booking type and cancellation policy', () => {
  it('are the listing’s, the policy texts joined as sentences', () => {
    const listing: Partial<ListingWire> = {
      bookingType: 'onRequest',
      cancellationPolicy: {
        name: 'Moderate',
        textList: [
          { name: 'a', value: 'Full refund up to 14 days before arrival' },
          { name: 'b', value: ' 50% refund up to 7 days before arrival. ' },
          { name: 'c', value: '' }
        ]
      }
    }
    expectBoth(quote({}, listing), {
      bookingType: 'onRequest',
      cancellationPolicyName: 'Moderate',
      cancellation:
        'Full refund up to 14 days before arrival. 50% refund up to 7 days before arrival.'
    })
  })
})

describe('the worked example of docs/pricing.md', () => {
  it('prices 2027-01-05 to 2027-01-09 for 4 adults and a child, booked 2026-11-22', () => {
    const c: QuoteCase = {
      today: TODAY,
      listing: {
        id: 7,
        maxGuest: 6,
        cleaning: { feeBasis: 'mandatory', fee: 80 },
        securityDeposit: 300,
        taxes: [
          { name: 'VAT', feeBasis: '% of Rental Amount', fee: 10 },
          { name: 'Tourist fee', feeBasis: 'Per person / night', fee: 1.5 }
        ],
        localTax: { name: 'City tax', feeBasis: 'Per adult / day', fee: 2 }
      },
      rates: {
        listingId: 7,
        rate: ratesFrom('2027-01-05', 4, [120, 120, 135.5, 150.25]),
        additionalGuests: { amount: 2, price: 15 },
        longerStay: { '4': 5, '7': 10 },
        earlyBird: { '30': 8 },
        lastMinute: { '7': 15 }
      },
      stay: { from: '2027-01-05', to: '2027-01-09', adults: 4, children: 1, childrenAges: [8] }
    }
    // rent 52575; extra guest 1 x 1500 x 4 = 6000; earlyBird 8% (44 > 30) beats longerStay
    // 5%: 8% of 58575 = 4686; rentalRate 53889; total + mandatory cleaning 8000 = 61889;
    // VAT 10% of 53889 = 5388.9 -> 5389; tourist fee 150 x 5 x 4 = 3000; city tax 200 x 4 x 4
    // = 3200; deposit 30% of 61889 = 18566.7 -> 18567, balance 43322 due 2026-12-06.
    expectBoth(c, {
      rentalRate: eur(53_889),
      discount: eur(4_686),
      cleaningFeeBasis: 'mandatory',
      cleaning: 80,
      taxes: [
        { name: 'VAT', fee: 53.89 },
        { name: 'Tourist fee', fee: 30 }
      ],
      localTax: 32,
      securityDeposit: 300,
      guestPaymentInstallments: [
        { name: 'deposit', amount: 185.67, dueDate: '2026-11-22' },
        { name: 'balance', amount: 433.22, dueDate: '2026-12-06' }
      ]
    })
  })
})
