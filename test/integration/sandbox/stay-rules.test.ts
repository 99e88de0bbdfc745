import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AvailabilityPage,
  ListingPage,
  RatePage,
  UnavailableQuote,
  type AvailabilityRecord,
  type Listing,
  type RateRecord
} from '@shared/api'
import { addDays } from '@shared/domain/dates'
import { quoteStay } from '@shared/domain/pricing'
import type { SandboxHandle } from '../../../src-main/sandbox'
import { clientCodesOf } from '../../unit/main/sandbox/state/pricing/rule-codes'
import { GUEST, post, startTestSandbox, TODAY, walk } from './sandbox-client'

/**
 * Whether a stay can be booked, seen through the service's own answer: the client's rules
 * (quoteStay) on the listings, availability and rates the sandbox publishes over HTTP, against
 * POST /v1/quote and POST /v1/booking. Both must refuse the same stays for the same rules; the
 * reasons are the service's own sentences, which the app shows as the service words them.
 */

let sandbox: SandboxHandle
const listings: Listing[] = []
const rates = new Map<number, RateRecord>()
const availability = new Map<number, AvailabilityRecord>()

beforeAll(async () => {
  sandbox = await startTestSandbox({ listings: 120 })
  for (const page of await walk(sandbox, '/v1/listings')) listings.push(...ListingPage.parse(page))
  for (const page of await walk(sandbox, '/v1/rates')) {
    for (const r of RatePage.parse(page)) rates.set(r.listingId, r)
  }
  for (const page of await walk(sandbox, '/v1/availability')) {
    for (const a of AvailabilityPage.parse(page)) availability.set(a.listingId, a)
  }
}, 120_000)

afterAll(async () => {
  await sandbox?.close()
})

function clientCodes(listing: Listing, stay: { from: string; to: string; adults: number }) {
  const days = availability.get(listing.id)?.availability ?? {}
  const outcome = quoteStay({
    listing,
    rates: rates.get(listing.id) ?? { listingId: listing.id, rate: {} },
    stay,
    today: TODAY,
    days: (d) => days[d]
  })
  return outcome.available ? [] : [...new Set(outcome.misses.map((m) => m.code))].sort()
}

describe('the service and the client refuse the same stays for the same rules', () => {
  it('on stays across the published windows, short and long, small and large parties', async () => {
    // Inside the notice, the next weeks, the rates window's end (365) and the availability's (730).
    const offsets = [0, 1, 2, 9, 30, 120, 360, 363, 370, 725, 728]
    let refused = 0
    let priced = 0
    for (const listing of listings.slice(0, 40)) {
      for (const offset of offsets) {
        for (const [nights, adults] of [
          [2, 1],
          [7, 2],
          [7, (listing.maxGuest ?? 2) + 1]
        ]) {
          const from = addDays(TODAY, offset)
          const stay = { from, to: addDays(from, nights), adults }
          const answer = await post(sandbox, '/v1/quote', { listingId: listing.id, ...stay })
          expect(answer.status).toBe(200)
          const service = UnavailableQuote.safeParse(answer.body)
          const rules = sandbox.store.refusals({ listingId: listing.id, ...stay })
          expect(clientCodesOf(rules), `${listing.id} ${from} +${nights} ×${adults}`).toEqual(
            clientCodes(listing, stay)
          )
          if (service.success) {
            refused++
            expect(service.data.reasons).toEqual(rules.map((r) => r.reason))
          } else {
            priced++
            expect(rules).toEqual([])
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(100)
    expect(priced).toBeGreaterThan(20)
  })

  it('a refused booking is a 409 whose message is the quote’s reasons', async () => {
    const listing = listings.find((l) => l.active !== false && l.maxGuest !== undefined)!
    const from = addDays(TODAY, 380)
    const stay = { listingId: listing.id, from, to: addDays(from, 3), adults: 99 }
    const quote = UnavailableQuote.parse((await post(sandbox, '/v1/quote', stay)).body)
    // Past the rates window, and more guests than it sleeps (besides the calendar's own rules).
    expect(clientCodesOf(sandbox.store.refusals(stay))).toEqual(
      expect.arrayContaining(['no-rate', 'too-many-guests'])
    )
    expect(quote.reasons).toContain(
      `This listing takes at most ${listing.maxGuest} guests, children included; the request is for 99.`
    )
    const booking = await post(sandbox, '/v1/booking', { ...stay, guest: GUEST })
    expect(booking.status).toBe(409)
    expect(booking.text).toContain(quote.reasons.join(' '))
  })
})
