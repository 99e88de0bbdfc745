import fc from 'fast-check'
import type { AvailabilityDay, ListingWire, RateRecordWire } from '@shared/api'
import { addDays } from '@shared/domain/dates'
import type { QuoteCase } from './both'

/**
 * Generated listings, rate records, calendars and stays for the comparisons of the client's and
 * the sandbox's rules (compare.test.ts prices, stay-rules.test.ts bookable or not).
 */

const FEE_BASES = [
  'Per unit',
  'Per stay',
  'Per person',
  'Per person / stay',
  'Per person / night',
  'Per person / day',
  'Per adult / day',
  'Per adult / stay',
  'Per day',
  '% of Rental Amount',
  // The same, spelled loosely, and bases the spec does not list (charged once).
  'per person/night',
  'PER ADULT /DAY',
  ' Per  stay ',
  '% of rental amount',
  'Per week',
  ''
]

/** EUR as published: mostly two decimals, sometimes a third that has to round. */
const eur = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 60_000 }).map((c) => c / 100) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 600_000 }).map((m) => m / 1000) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 400 }) }
)

/** Discount and tax percentages: whole, one or two decimals, some out of range. */
const percent = fc.oneof(
  fc.integer({ min: -5, max: 120 }),
  fc.integer({ min: 1, max: 1_000 }).map((x) => x / 10),
  fc.integer({ min: 1, max: 10_000 }).map((x) => x / 100)
)

const table = fc.dictionary(fc.integer({ min: 0, max: 60 }).map(String), percent, {
  maxKeys: 3,
  noNullPrototype: true
})

const fee = fc.record(
  {
    name: fc.constantFrom('VAT', 'Tourist fee', 'City tax', 'Eco tax'),
    feeBasis: fc.constantFrom(...FEE_BASES),
    fee: eur
  },
  { requiredKeys: ['name', 'fee'] }
)

const cleaning = fc.record({
  feeBasis: fc.constantFrom('included', 'mandatory', 'optional'),
  fee: eur
})

const policy = fc.record(
  {
    name: fc.constantFrom('Flexible', 'Moderate', 'Strict', 'Non-refundable'),
    textList: fc.array(
      fc.record({
        name: fc.constant('tier'),
        value: fc.constantFrom(
          'Full refund up to 30 days before arrival',
          ' 50% refund up to 14 days before arrival. ',
          '',
          'No refund after that!',
          'Questions?'
        )
      }),
      { maxLength: 3 }
    )
  },
  { requiredKeys: [] }
)

const listing: fc.Arbitrary<ListingWire> = fc.record(
  {
    id: fc.constant(7),
    active: fc.oneof({ weight: 19, arbitrary: fc.constant(true) }, fc.constant(false)),
    maxGuest: fc.integer({ min: 2, max: 16 }),
    advanceNotice: fc.integer({ min: 0, max: 3 }),
    bookingType: fc.constantFrom('instant', 'onRequest'),
    cleaning,
    securityDeposit: eur,
    taxes: fc.array(fee, { maxLength: 3 }),
    localTax: fee,
    cancellationPolicy: policy
  },
  { requiredKeys: ['id'] }
)

/** Everything a stay needs to be quoted, from one draw. */
export const quoteCase: fc.Arbitrary<QuoteCase> = fc
  .record({
    todayOffset: fc.integer({ min: 0, max: 500 }),
    lead: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 0, max: 420 }) },
      fc.integer({ min: -2, max: -1 })
    ),
    nights: fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 1, max: 35 }) }, fc.constant(0)),
    adults: fc.integer({ min: 1, max: 6 }),
    children: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    agesGiven: fc.boolean(),
    listing,
    nightly: fc.array(eur, { minLength: 36, maxLength: 36 }),
    unrated: fc.oneof(
      { weight: 15, arbitrary: fc.constant(undefined) },
      fc.integer({ min: 0, max: 40 })
    ),
    rules: fc.record(
      {
        longerStay: table,
        lastMinute: table,
        earlyBird: table,
        additionalGuests: fc.record({ amount: fc.integer({ min: 0, max: 6 }), price: eur }),
        exclusions: fc.array(
          fc.record({
            start: fc.integer({ min: -20, max: 40 }),
            length: fc.integer({ min: 0, max: 15 })
          }),
          { maxLength: 2 }
        ),
        cleaning,
        securityDeposit: eur,
        taxes: fc.array(fee, { maxLength: 2 }),
        localTax: fee
      },
      { requiredKeys: [] }
    ),
    days: fc.array(
      fc.record({
        available: fc.oneof({ weight: 400, arbitrary: fc.constant(true) }, fc.constant(false)),
        checkInDay: fc.oneof({ weight: 40, arbitrary: fc.constant(true) }, fc.constant(false)),
        checkOutDay: fc.oneof({ weight: 40, arbitrary: fc.constant(true) }, fc.constant(false)),
        minStay: fc.oneof(
          { weight: 6, arbitrary: fc.constant(0) },
          fc.integer({ min: 1, max: 10 })
        ),
        maxStay: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 60 }))
      }),
      { minLength: 37, maxLength: 37 }
    )
  })
  .map((d) => {
    const today = addDays('2026-11-22', d.todayOffset)
    const from = addDays(today, d.lead)
    const to = addDays(from, d.nights)
    const rate: Record<string, number> = {}
    for (let k = 0; k < d.nights; k++) {
      if (k !== d.unrated) rate[addDays(from, k)] = d.nightly[k]
    }
    const { exclusions, ...rules } = d.rules
    const rates: RateRecordWire = { listingId: 7, rate, ...rules }
    if (exclusions) {
      rates.longerStayExclusionPeriods = exclusions.map((p) => ({
        startDate: addDays(from, p.start),
        endDate: addDays(from, p.start + p.length)
      }))
    }
    const days: Record<string, AvailabilityDay> = {}
    for (let k = 0; k <= d.nights; k++) days[addDays(from, k)] = d.days[k]
    const childrenAges =
      d.agesGiven && d.children !== undefined
        ? Array.from({ length: d.children }, (_, i) => (i * 5) % 13)
        : undefined
    const stay = {
      from,
      to,
      adults: d.adults,
      ...(d.children !== undefined ? { children: d.children } : {}),
      ...(childrenAges ? { childrenAges } : {})
    }
    return { today, listing: d.listing, rates, stay, days }
  })

/**
 * A quote case bent towards refusals, for the stay rules: gaps in the calendar, notice up to
 * twelve days, small listings, inactive ones, and stays reaching past the one-year rates window
 * and the two-year availability window (each published as the service publishes it: open days
 * for two years, rates for one).
 */
export const stayCase: fc.Arbitrary<QuoteCase> = fc
  .record({
    base: quoteCase,
    gaps: fc.array(fc.integer({ min: 0, max: 36 }), { maxLength: 2 }),
    notice: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
    maxGuest: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
    inactive: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, fc.constant(true)),
    far: fc.option(
      fc.record({
        lead: fc.integer({ min: 330, max: 760 }),
        nights: fc.integer({ min: 1, max: 40 })
      }),
      { nil: undefined, freq: 4 }
    )
  })
  .map(({ base, gaps, notice, maxGuest, inactive, far }) => {
    const listing: ListingWire = { ...base.listing }
    if (notice !== undefined) listing.advanceNotice = notice
    if (maxGuest !== undefined) listing.maxGuest = maxGuest
    if (inactive) listing.active = false
    if (far) {
      const from = addDays(base.today, far.lead)
      const to = addDays(from, far.nights)
      const rate: Record<string, number> = {}
      for (let k = 0; k < far.nights; k++) {
        if (far.lead + k < 365) rate[addDays(from, k)] = 80 + k
      }
      return {
        today: base.today,
        listing,
        rates: { ...base.rates, rate, longerStayExclusionPeriods: [] },
        stay: { ...base.stay, from, to }
      }
    }
    const days = { ...base.days }
    for (const k of gaps) delete days[addDays(base.stay.from, k)]
    return { ...base, listing, days }
  })
