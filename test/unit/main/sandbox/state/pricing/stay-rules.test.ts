import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AvailabilityDay, ListingWire } from '@shared/api'
import { addDays } from '@shared/domain/dates'
import type { StayRequest } from '@shared/domain/stay-rules'
import { MISS_CODES } from '@shared/ipc/availability.schema'
import { stayRefusals } from '../../../../../../src-main/sandbox/state/pricing/stay-rules'
import { brokenRules, clientAnswer, ratesFrom, sandboxAnswer, type QuoteCase } from './both'
import { stayCase } from './generators'

/**
 * Whether a stay may be booked at all, decided twice: by the client (checkStayRules and the
 * rate check of quoteStay, src-shared/domain) and by the sandbox's service
 * (src-main/sandbox/state/pricing/stay-rules.ts), written apart from the spec and
 * docs/pricing.md. The property holds them to the same verdict and the same broken rules on
 * generated stays; the cases below hold each rule to the spec, in the sandbox's own words.
 */

const SEED = Number(process.env.STAY_RULES_SEED ?? 20_261_123)
const RUNS = Number(process.env.STAY_RULES_RUNS ?? 6_000)

const TODAY = '2026-11-22'
// Tuesday 2026-12-01 to Friday 2026-12-04: 3 nights, 9 days ahead.
const STAY: StayRequest = { from: '2026-12-01', to: '2026-12-04', adults: 2 }
const OPEN: AvailabilityDay = {
  available: true,
  checkInDay: true,
  checkOutDay: true,
  minStay: 0,
  maxStay: 0
}

/** The stay on a calendar open from 2026-11-22 to 2026-12-31, with `changes` to some days. */
function stayOf(
  changes: Record<string, Partial<AvailabilityDay> | null> = {},
  listing: Partial<ListingWire> = {},
  stay: Partial<StayRequest> = {}
): QuoteCase {
  const days: Record<string, AvailabilityDay> = {}
  for (let k = 0; k < 40; k++) days[addDays(TODAY, k)] = OPEN
  for (const [date, change] of Object.entries(changes)) {
    if (change === null) delete days[date]
    else days[date] = { ...OPEN, ...change }
  }
  return {
    today: TODAY,
    listing: { id: 7, maxGuest: 4, ...listing },
    rates: { listingId: 7, rate: ratesFrom(TODAY, 40, [100]) },
    stay: { ...STAY, ...stay },
    days
  }
}

/** The sandbox refuses with exactly `reasons`, and the client refuses too, for the same rules. */
function expectRefused(c: QuoteCase, reasons: string[]): void {
  expect(sandboxAnswer(c)).toEqual({ available: false, reasons })
  expect(clientAnswer(c)).toMatchObject({ available: false })
  const rules = brokenRules(c)
  expect(rules.sandbox).toEqual(rules.client)
}

function expectBookable(c: QuoteCase): void {
  expect(sandboxAnswer(c)).not.toHaveProperty('available')
  expect(clientAnswer(c)).not.toHaveProperty('available')
}

describe('the sandbox and the client agree on which stays can be booked', () => {
  it(`on ${RUNS} generated listings and stays (seed ${SEED})`, { timeout: 120_000 }, () => {
    const counts = new Map<string, number>()
    fc.assert(
      fc.property(stayCase, (c) => {
        const rules = brokenRules(c)
        expect(rules.sandbox).toEqual(rules.client)
        const seen = rules.client.length ? rules.client : ['bookable']
        for (const k of seen) counts.set(k, (counts.get(k) ?? 0) + 1)
      }),
      { numRuns: RUNS, seed: SEED }
    )
    // Both verdicts are common, and every rule is broken many times over.
    for (const k of ['bookable', ...MISS_CODES]) {
      expect(counts.get(k) ?? 0, k).toBeGreaterThan(RUNS / 100)
    }
  })
})

describe('each stay rule, as the service words it (spec: Availability record, Listing, Limits)', () => {
  it('a stay on open nights with check-in and check-out allowed is priced', () => {
    expectBookable(stayOf())
  })

  it('a night the calendar marks not available refuses the stay; the departure day is no night', () => {
    expectRefused(
      stayOf({ '2026-12-02': { available: false }, '2026-12-03': { available: false } }),
      ['Booked or closed on the nights of 2026-12-02, 2026-12-03.']
    )
    expectBookable(stayOf({ '2026-12-04': { available: false } }))
  })

  it('a night with no published day record inside the window is unknown, and not sold', () => {
    expectRefused(stayOf({ '2026-12-02': null }), [
      'No availability is published for the nights of 2026-12-02.'
    ])
  })

  it('the arrival must be a check-in day and the departure a check-out day', () => {
    expectRefused(stayOf({ '2026-12-01': { checkInDay: false } }), [
      '2026-12-01 is not a check-in day for this listing.'
    ])
    expectRefused(stayOf({ '2026-12-04': { checkOutDay: false } }), [
      '2026-12-04 is not a check-out day for this listing.'
    ])
    // The flags of the days between do not matter.
    expectBookable(stayOf({ '2026-12-02': { checkInDay: false, checkOutDay: false } }))
  })

  it('minStay and maxStay of the arrival day bound the stay; 0 is no limit', () => {
    expectRefused(stayOf({ '2026-12-01': { minStay: 4 } }), [
      'Stays arriving on 2026-12-01 are at least 4 nights; this one is 3 nights.'
    ])
    expectBookable(stayOf({ '2026-12-01': { minStay: 3 } }))
    expectRefused(stayOf({ '2026-12-01': { maxStay: 2 } }), [
      'Stays arriving on 2026-12-01 are at most 2 nights; this one is 3 nights.'
    ])
    expectBookable(stayOf({ '2026-12-01': { maxStay: 3 } }))
    // Another day's limits do not apply to a stay arriving on the 1st.
    expectBookable(stayOf({ '2026-12-02': { minStay: 7, maxStay: 1 } }))
  })

  it('a stay has at least one night', () => {
    expectRefused(stayOf({}, {}, { to: '2026-12-01' }), [
      'The departure 2026-12-01 must be after the arrival 2026-12-01.'
    ])
  })

  it('adults and children together are at most maxGuest', () => {
    expectBookable(stayOf({}, {}, { adults: 2, children: 2, childrenAges: [3, 12] }))
    expectRefused(stayOf({}, {}, { adults: 3, children: 2, childrenAges: [3, 12] }), [
      'This listing takes at most 4 guests, children included; the request is for 5.'
    ])
  })

  it('an inactive listing takes no booking', () => {
    expectRefused(stayOf({}, { active: false }), [
      'This listing is not active: it takes no bookings.'
    ])
  })

  it('the arrival is at least advanceNotice days after today; never in the past', () => {
    // 2026-12-01 is 9 days after 2026-11-22.
    expectBookable(stayOf({}, { advanceNotice: 9 }))
    expectRefused(stayOf({}, { advanceNotice: 10 }), [
      "This listing needs 10 days' notice: the earliest arrival is 2026-12-02, and 2026-12-01 is 9 days away."
    ])
    expectBookable(stayOf({}, { advanceNotice: 0 }, { from: TODAY, to: '2026-11-25' }))
    expectRefused(stayOf({}, {}, { from: '2026-11-21', to: '2026-11-25' }), [
      'The arrival 2026-11-21 is in the past; today is 2026-11-22.',
      'No availability is published for the nights of 2026-11-21.',
      'Check-in on 2026-11-21 is not possible: no availability is published for that day.',
      'No price is published for the nights of 2026-11-21.'
    ])
  })

  it('every night needs a published price', () => {
    const c = stayOf()
    delete (c.rates.rate as Record<string, number>)['2026-12-03']
    expectRefused(c, ['No price is published for the nights of 2026-12-03.'])
  })

  it('nights past the one-year rates window are answered with the window', () => {
    // Today + 365 = 2027-11-22 is the first day past the rates window.
    const from = '2027-11-20'
    const c: QuoteCase = {
      today: TODAY,
      listing: { id: 7, maxGuest: 4 },
      rates: { listingId: 7, rate: ratesFrom(from, 2, [100]) },
      stay: { from, to: '2027-11-26', adults: 2 }
    }
    expectRefused(c, [
      'Rates are published one year ahead, to 2027-11-21; the nights of 2027-11-22 to 2027-11-25 have no price yet.'
    ])
  })

  it('days past the two-year availability window are answered with the window, not as booked', () => {
    // Today + 730 = 2028-11-21 is the first day past the availability window.
    const c: QuoteCase = {
      today: TODAY,
      listing: { id: 7, maxGuest: 4 },
      rates: { listingId: 7, rate: {} },
      stay: { from: '2028-11-19', to: '2028-11-23', adults: 2 }
    }
    const answer = sandboxAnswer(c)
    expect(answer).toEqual({
      available: false,
      reasons: [
        'Availability is published two years ahead, to 2028-11-20; the nights of 2028-11-21, 2028-11-22 are past it.',
        'Check-out on 2028-11-23 is not possible: it is past the availability published to 2028-11-20.',
        'Rates are published one year ahead, to 2027-11-21; the nights of 2028-11-19 to 2028-11-22 have no price yet.'
      ]
    })
    expect(clientAnswer(c)).toMatchObject({ available: false })
    expect(brokenRules(c).sandbox).toEqual(brokenRules(c).client)
  })

  it('lists every broken rule at once', () => {
    const c = stayOf(
      { '2026-12-01': { checkInDay: false, minStay: 5 }, '2026-12-02': { available: false } },
      { active: false, advanceNotice: 10 },
      { adults: 5 }
    )
    const broken = ['advance-notice', 'check-in-day', 'inactive', 'min-stay', 'not-available']
    expect(brokenRules(c)).toEqual({
      client: [...broken, 'too-many-guests'],
      sandbox: [...broken, 'too-many-guests']
    })
    expect(sandboxAnswer(c)).toMatchObject({ reasons: { length: 6 } })
  })
})

describe('the party the spec allows (Create booking: adults positive; Limits: ages 0 to 12)', () => {
  // The wire schema answers such a request 400 before it is quoted; the service's own check
  // refuses it too, so no other path (a demo booking, a later caller) can take it.
  const calendar = {
    day: () => OPEN,
    nightly: () => 100,
    availabilityEnd: '2028-11-21',
    ratesEnd: '2027-11-22'
  }
  const refusals = (stay: Partial<StayRequest>) =>
    stayRefusals({ maxGuest: 8 }, calendar, { ...STAY, ...stay }, TODAY)

  it('refuses no adults, a child older than 12 and ages that do not match the children', () => {
    expect(refusals({ adults: 0 })).toEqual([
      { rule: 'party', reason: 'adults must be a positive number; the request has 0.' }
    ])
    expect(refusals({ children: 1, childrenAges: [13] })).toEqual([
      {
        rule: 'party',
        reason: 'childrenAges go from 0 to 12 (an older guest is an adult); the request has 13.'
      }
    ])
    expect(refusals({ children: 2, childrenAges: [4] })).toEqual([
      { rule: 'party', reason: 'childrenAges must give one age for each of the 2 children.' }
    ])
    expect(refusals({ children: 2, childrenAges: [0, 12] })).toEqual([])
  })
})
