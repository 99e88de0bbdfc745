import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ListingPage, type AvailabilityRecord } from '@shared/api'
import { daysBetween } from '@shared/domain/dates'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'

/** The client against the real sandbox: the whole path a sync and a booking take. */

const PAN = '4242424242424242'
let sandbox: SandboxHandle
let api: ApiClient

beforeAll(async () => {
  sandbox = await startSandbox({
    listings: 450,
    seed: 1,
    today: '2026-11-23',
    log: () => undefined
  })
  api = createApiClient({ baseUrl: sandbox.url, token: 'demo-token', salesChannel: 'DEMO' })
})
afterAll(async () => {
  await api?.close()
  await sandbox?.close()
})

function stayIn(record: AvailabilityRecord): { from: string; to: string } | undefined {
  const dates = Object.keys(record.availability).sort()
  for (let i = 30; i < dates.length - 30; i++) {
    const arrival = record.availability[dates[i]]
    if (!arrival.available || !arrival.checkInDay) continue
    for (let n = Math.max(1, arrival.minStay); n <= Math.min(arrival.maxStay, 14); n++) {
      const to = dates[i + n]
      if (daysBetween(dates[i], to) !== n) break
      if (!dates.slice(i, i + n).every((d) => record.availability[d].available)) break
      if (record.availability[to].checkOutDay) return { from: dates[i], to }
    }
  }
  return undefined
}

describe('against the sandbox', () => {
  it('walks every listings page (200, 200, 50) and each parses with ListingPage', async () => {
    const sizes: number[] = []
    const ids = new Set<number>()
    for await (const page of api.pages('listings')) {
      const listings = ListingPage.parse(page.items)
      listings.forEach((l) => ids.add(l.id))
      sizes.push(listings.length)
      expect(page.serverTime).toBeGreaterThan(0)
    }
    expect(sizes).toEqual([200, 200, 50])
    expect(ids.size).toBe(450)
    expect(await api.totalListings()).toBe(450)
  })

  it('creates a booking with card 4242 4242 4242 4242 and reads it back', async () => {
    let found: { listingId: number; from: string; to: string } | undefined
    for await (const page of api.pages('listings')) {
      for (const listing of ListingPage.parse(page.items)) {
        if (listing.bookingType !== 'instant' || listing.active === false) continue
        const calendar = await api.availability(listing.id)
        const stay = calendar && stayIn(calendar)
        if (stay) {
          found = { listingId: listing.id, ...stay }
          break
        }
      }
      if (found) break
    }
    expect(found).toBeDefined()
    const stay = found!
    const quote = await api.quote({ ...stay, adults: 2 })
    expect('available' in quote ? quote.available : true).toBe(true)
    const created = await api.createBooking({
      ...stay,
      adults: 2,
      guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', country: 'GB' },
      creditCard: { number: PAN, cvc: '123', expiration: '12/30' },
      ownReference: 'SD-IT-1'
    })
    expect(created.status).toBe('confirmed')
    const details = await api.booking(created.bookingId)
    expect(details.id).toBe(created.bookingId)
    expect(details.checkIn.date).toBe(stay.from)
    expect(details.checkOut.date).toBe(stay.to)
    expect(JSON.stringify(details)).not.toContain(PAN)
  })

  it('unknown ids: listing is undefined, a booking is not-found, a wrong token is unauthorized', async () => {
    expect(await api.listing(999_999)).toBeUndefined()
    expect((await api.booking('no-such-booking').catch((e) => e)).code).toBe('not-found')
    const wrong = createApiClient({ baseUrl: sandbox.url, token: 'wrong-token' })
    const err = await wrong.listing(1).catch((e) => e)
    await wrong.close()
    expect(err.code).toBe('unauthorized')
  })
})
