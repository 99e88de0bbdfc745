import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AvailabilityPage,
  ListingPage,
  PricedQuote,
  RatePage,
  type AvailabilityRecord,
  type Listing,
  type RateRecord
} from '@shared/api'
import { addDays } from '@shared/domain/dates'
import { centsToEur, eurToCents, sumCents } from '@shared/domain/money'
import { fromWireQuote, toWireQuote } from '@shared/domain/quote-wire'
import { quoteStay, type PriceBreakdown } from '@shared/domain/pricing'
import type { SandboxHandle } from '../../../src-main/sandbox'
import { post, startTestSandbox, TODAY, walk } from './sandbox-client'

/**
 * Every pricing rule, seen through the service's own answer: for each rule a stay is found in
 * the portfolio the sandbox publishes (listings, rates and availability read over HTTP) where
 * that rule applies, and POST /v1/quote must answer what the rule says. The rules' arithmetic
 * is unit-tested in test/unit/shared/domain; here the question is whether the service applies
 * them.
 */

interface Case {
  listing: Listing
  rates: RateRecord
  stay: { listingId: number; from: string; to: string; adults: number }
  price: PriceBreakdown
}

let sandbox: SandboxHandle
const cases: Case[] = []

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const listings = (await walk(sandbox, '/v1/listings')).flatMap((p) => ListingPage.parse(p))
  const rates = new Map<number, RateRecord>()
  for (const page of await walk(sandbox, '/v1/rates')) {
    for (const r of RatePage.parse(page)) rates.set(r.listingId, r)
  }
  const availability = new Map<number, AvailabilityRecord>()
  for (const page of await walk(sandbox, '/v1/availability')) {
    for (const a of AvailabilityPage.parse(page)) availability.set(a.listingId, a)
  }
  // Stays spread over the year (last-minute, Christmas, early-bird) and over lengths and sizes.
  const offsets = [1, 2, 3, 5, 8, 20, 26, 29, 31, 33, 36, 45, 90, 150, 200, 260]
  for (const listing of listings) {
    const r = rates.get(listing.id)
    const days = availability.get(listing.id)?.availability
    if (!r || !days || listing.active === false) continue
    for (const offset of offsets) {
      for (const nights of [3, 7, 14]) {
        for (const adults of [1, listing.maxGuest ?? 2]) {
          const from = addDays(TODAY, offset)
          const stay = { listingId: listing.id, from, to: addDays(from, nights), adults }
          const outcome = quoteStay({ listing, rates: r, stay, today: TODAY, days: (d) => days[d] })
          if (outcome.available) cases.push({ listing, rates: r, stay, price: outcome.price })
        }
      }
    }
  }
}, 120_000)

afterAll(async () => {
  await sandbox?.close()
})

async function quote(c: Case) {
  const answer = await post(sandbox, '/v1/quote', c.stay)
  expect(answer.status).toBe(200)
  return PricedQuote.parse(answer.body)
}

/** The service's answer for a case equals the published rules applied to the published data. */
async function expectServiceApplies(c: Case) {
  const q = await quote(c)
  expect(q).toEqual(PricedQuote.parse(toWireQuote(c.price)))
  return q
}

function first(description: string, pick: (c: Case) => boolean): Case {
  const found = cases.find(pick)
  if (!found) throw new Error(`the demo portfolio has no bookable stay where ${description}`)
  return found
}

describe('POST /v1/quote applies every pricing rule', () => {
  it.each(['longerStay', 'lastMinute', 'earlyBird'] as const)(
    'the %s discount is deducted inside rentalRate',
    async (kind) => {
      const c = first(`a ${kind} discount applies`, (x) => x.price.discount?.kind === kind)
      const q = await expectServiceApplies(c)
      expect(q.discount).toBeGreaterThan(0)
      const before = c.price.baseRentCents + c.price.additionalGuestCents
      expect(eurToCents(q.rentalRate)).toBe(before - eurToCents(q.discount))
    }
  )

  it('a longer-stay exclusion period switches the longer-stay discount off', async () => {
    // The same listing and length of stay: outside the period it earns the longer-stay
    // discount, inside it does not.
    const inside = first('a long stay overlaps a longer-stay exclusion period', (x) => {
      if (!overlapsExclusion(x) || x.price.discount?.kind === 'longerStay') return false
      return cases.some(
        (y) => sameListingAndLength(x, y) && y.price.discount?.kind === 'longerStay'
      )
    })
    const outside = cases.find(
      (y) => sameListingAndLength(inside, y) && y.price.discount?.kind === 'longerStay'
    )!
    const qIn = await expectServiceApplies(inside)
    const qOut = await expectServiceApplies(outside)
    expect(qOut.discount).toBeGreaterThan(0)
    expect(qIn.discount).toBe(centsToEur(inside.price.discount?.cents ?? 0))
  })

  it('guests beyond the included occupancy pay the additional-guest price per night', async () => {
    const c = first('additional guests are charged', (x) => x.price.additionalGuestCents > 0)
    const q = await expectServiceApplies(c)
    const smaller = cases.find(
      (x) =>
        x.stay.listingId === c.stay.listingId &&
        x.stay.from === c.stay.from &&
        x.stay.to === c.stay.to &&
        x.stay.adults === 1
    )
    expect(smaller).toBeDefined()
    expect(q.rentalRate).toBeGreaterThan((await quote(smaller!)).rentalRate)
  })

  it.each(['included', 'mandatory', 'optional'] as const)(
    'cleaning with basis %s is reported, and is in the total only when mandatory',
    async (basis) => {
      const c = first(`cleaning is ${basis}`, (x) => x.price.cleaningFeeBasis === basis)
      const q = await expectServiceApplies(c)
      expect(q.cleaningFeeBasis).toBe(basis)
      const total = fromWireQuote(q).totalCents
      const rental = eurToCents(q.rentalRate)
      expect(total).toBe(basis === 'mandatory' ? rental + eurToCents(q.cleaning) : rental)
    }
  )

  it('every tax basis in the portfolio is charged at check-in, never in the total', async () => {
    const bases = new Set<string>()
    for (const c of cases) {
      for (const t of [...c.price.taxes, ...(c.price.localTax ? [c.price.localTax] : [])]) {
        if (t.feeBasis && t.cents > 0) bases.add(t.feeBasis)
      }
    }
    expect(bases.size).toBeGreaterThanOrEqual(4)
    for (const basis of bases) {
      const c = first(`a tax with basis ${basis} is charged`, (x) =>
        [...x.price.taxes, ...(x.price.localTax ? [x.price.localTax] : [])].some(
          (t) => t.feeBasis === basis && t.cents > 0
        )
      )
      const q = await expectServiceApplies(c)
      const taxCents = sumCents(q.taxes.map((t) => eurToCents(t.fee)))
      expect(taxCents + eurToCents(q.localTax ?? 0)).toBeGreaterThan(0)
      const total = fromWireQuote(q).totalCents
      const cleaning = q.cleaningFeeBasis === 'mandatory' ? eurToCents(q.cleaning) : 0
      expect(total).toBe(eurToCents(q.rentalRate) + cleaning)
    }
  })

  it('guest payment instalments add up to the total to the cent, deposit and balance or in full', async () => {
    const early = first(
      'check-in is more than 30 days away',
      (x) => x.price.instalments.length === 2
    )
    const soon = first('check-in is within 30 days', (x) => x.price.instalments.length === 1)
    for (const c of [early, soon, ...cases.filter((_, i) => i % 97 === 0)]) {
      const q = await expectServiceApplies(c)
      const sum = sumCents(q.guestPaymentInstallments.map((i) => eurToCents(i.amount)))
      expect(sum).toBe(fromWireQuote(q).totalCents)
    }
    expect((await quote(early)).guestPaymentInstallments.map((i) => i.name)).toEqual([
      'deposit',
      'balance'
    ])
  })
})

function overlapsExclusion(c: Case): boolean {
  return (c.rates.longerStayExclusionPeriods ?? []).some(
    (p) => p.startDate < c.stay.to && c.stay.from <= p.endDate
  )
}

function sameListingAndLength(a: Case, b: Case): boolean {
  return (
    a.stay.listingId === b.stay.listingId &&
    a.stay.adults === b.stay.adults &&
    a.price.nights === b.price.nights &&
    !overlapsExclusion(b)
  )
}
