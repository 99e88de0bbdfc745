import { expect } from 'vitest'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AvailabilityRecord, Listing, RateRecord } from '@shared/api'
import { addDays } from '@shared/domain/dates'
import type { ApiClient } from '../../src-main/api'
import type { Mirror } from '../../src-main/db'

/** A fresh directory for one test's mirror files. */
export function tempDir(prefix = 'staydesk-sync-'): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

interface Snapshot {
  listings: Map<number, Listing>
  availability: Map<number, AvailabilityRecord>
  rates: Map<number, RateRecord>
}

/** The service's whole data set, read over HTTP with a full walk of every resource. */
async function serviceSnapshot(client: ApiClient): Promise<Snapshot> {
  const snap: Snapshot = { listings: new Map(), availability: new Map(), rates: new Map() }
  for await (const page of client.pages('listings')) {
    for (const r of page.items) {
      const l = Listing.parse(r)
      snap.listings.set(l.id, l)
    }
  }
  for await (const page of client.pages('availability')) {
    for (const r of page.items) {
      const a = AvailabilityRecord.parse(r)
      snap.availability.set(a.listingId, a)
    }
  }
  for await (const page of client.pages('rates')) {
    for (const r of page.items) {
      const rate = RateRecord.parse(r)
      snap.rates.set(rate.listingId, rate)
    }
  }
  return snap
}

/** Asserts the mirror holds exactly the service's listings, every day and every night. */
export async function expectMirrorEqualsService(mirror: Mirror, client: ApiClient): Promise<void> {
  const service = await serviceSnapshot(client)
  const counts = mirror.sync.counts()
  expect(counts.listings).toBe(service.listings.size)
  expect(counts.availability).toBe(service.availability.size)
  expect(counts.rates).toBe(service.rates.size)
  for (const [id, listing] of service.listings)
    expect(mirror.listings.get(id), `listing ${id}`).toEqual(listing)
  for (const [id, record] of service.availability) {
    expect(mirror.calendars.availability(id), `availability ${id}`).toEqual(record)
  }
  for (const [id, record] of service.rates)
    expect(mirror.calendars.rates(id), `rates ${id}`).toEqual(record)
}

/** An instant, active listing the mirror says can be booked for 3 nights starting `offset` days out. */
export function findBookableStay(
  mirror: Mirror,
  today: string,
  offset = 40,
  skip: ReadonlySet<number> = new Set()
): { listingId: number; from: string; to: string } {
  for (let start = offset; start < offset + 60; start++) {
    const from = addDays(today, start)
    const to = addDays(from, 3)
    const { bookable } = mirror.calendars.available({ from, to, adults: 2, today })
    const hit = bookable.find(
      (b) => !skip.has(b.listingId) && mirror.listings.get(b.listingId)?.bookingType === 'instant'
    )
    if (hit) return { listingId: hit.listingId, from, to }
  }
  throw new Error('no bookable stay found in the mirror')
}

export const GUEST = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  country: 'US'
}
export const GOOD_CARD = { number: '4242424242424242', cvc: '123', expiration: '12/30' }
