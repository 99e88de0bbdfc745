import { describe, expect, it } from 'vitest'
import { Listing } from '@shared/api/listing.schema'
import { PricedQuote } from '@shared/api/quote.schema'
import { RateRecord } from '@shared/api/rate.schema'
import { fromWireQuote, summarizePrice, toWireQuote } from '@shared/domain/quote-wire'
import { priceStay, type PriceBreakdown } from '@shared/domain/pricing'

const TODAY = '2026-11-22'

function price(extra: { localTax?: boolean; policy?: boolean } = {}): PriceBreakdown {
  const listing = Listing.parse({
    id: 3,
    maxGuest: 4,
    bookingType: 'onRequest',
    cleaning: { feeBasis: 'mandatory', fee: 620.16 },
    securityDeposit: 250,
    ...(extra.policy === false
      ? {}
      : {
          cancellationPolicy: {
            name: 'Strict',
            textList: [{ name: 'a', value: 'No refund after booking' }]
          }
        })
  })
  const rates = RateRecord.parse({
    listingId: 3,
    rate: { '2027-01-10': 5581.48, '2027-01-11': '0.10' },
    longerStay: { '2': 7.5 },
    taxes: [
      { name: 'VAT', feeBasis: '% of Rental Amount', fee: 21 },
      { name: 'Tourism', feeBasis: 'Per person / night', fee: 0.2 }
    ],
    ...(extra.localTax === false
      ? {}
      : { localTax: { name: 'City tax', feeBasis: 'Per stay', fee: 1.01 } })
  })
  return priceStay({
    listing,
    rates,
    stay: { from: '2027-01-10', to: '2027-01-12', adults: 2, childrenAges: [6] },
    today: TODAY
  })
}

describe('toWireQuote', () => {
  it('writes EUR floats exact to the cent and the spec field names', () => {
    const p = price()
    // 558148 + 10 = 558158; 7.5% = 41861.85 -> 41862; rental 516296
    expect(p.rentalRateCents).toBe(516_296)
    expect(p.totalCents).toBe(516_296 + 62_016)
    expect(toWireQuote(p)).toEqual({
      rentalRate: 5162.96,
      discount: 418.62,
      bookingType: 'onRequest',
      cancellation: 'No refund after booking.',
      cancellationPolicyName: 'Strict',
      taxes: [
        { name: 'VAT', fee: 1084.22 }, // 21% of 516296 = 108422.16
        { name: 'Tourism', fee: 1.2 } // 20 cents * 3 persons * 2 nights
      ],
      localTax: 1.01,
      cleaningFeeBasis: 'mandatory',
      cleaning: 620.16,
      securityDeposit: 250,
      guestPaymentInstallments: [
        { name: 'deposit', amount: 1734.94, dueDate: TODAY }, // 30% of 578312 = 173493.6
        { name: 'balance', amount: 4048.18, dueDate: '2026-12-11' }
      ]
    })
  })

  it('leaves localTax and the policy out when there are none, and sends discount 0', () => {
    const wire = toWireQuote(price({ localTax: false, policy: false }))
    expect(wire).not.toHaveProperty('localTax')
    expect(wire).not.toHaveProperty('cancellation')
    expect(wire).not.toHaveProperty('cancellationPolicyName')
    const undiscounted = { ...price(), discount: null }
    expect(toWireQuote(undiscounted).discount).toBe(0)
  })
})

describe('fromWireQuote', () => {
  it('round-trips a local price through the wire schema unchanged', () => {
    for (const p of [price(), price({ localTax: false, policy: false })]) {
      const back = fromWireQuote(PricedQuote.parse(JSON.parse(JSON.stringify(toWireQuote(p)))))
      expect(back).toEqual(summarizePrice(p))
      expect(back.totalCents).toBe(p.totalCents)
      expect(back.discountCents).toBe(41_862)
    }
  })

  it('reads a service quote, deriving the total by the spec rules', () => {
    const q = PricedQuote.parse({
      rentalRate: '1200.10',
      discount: 0.3,
      bookingType: 'instant',
      taxes: [{ name: 'VAT', fee: 0.1 }],
      cleaningFeeBasis: 'optional',
      cleaning: 75.2,
      guestPaymentInstallments: [{ name: 'full', amount: 1200.1, dueDate: '2026-11-22' }]
    })
    expect(fromWireQuote(q)).toEqual({
      rentalRateCents: 120_010,
      discountCents: 30,
      cleaningFeeBasis: 'optional',
      cleaningCents: 7_520,
      totalCents: 120_010, // optional cleaning and taxes stay out
      taxes: [{ name: 'VAT', cents: 10 }],
      localTaxCents: null,
      securityDepositCents: 0,
      instalments: [{ name: 'full', amountCents: 120_010, dueDate: '2026-11-22' }],
      bookingType: 'instant'
    })
    const mandatory = fromWireQuote({ ...q, cleaningFeeBasis: 'mandatory' })
    expect(mandatory.totalCents).toBe(120_010 + 7_520)
  })
})
