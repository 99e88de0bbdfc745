import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AvailabilityDay, AvailabilityRecord } from '@shared/api/availability.schema'
import type { Listing } from '@shared/api/listing.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import { addDays } from '@shared/domain/dates'

/** Small hand-made generators: the mirror tests must not depend on the sandbox's code. */

export const TODAY = '2026-03-01'

export function tempDir(): { dir: string; file: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-mirror-'))
  return { dir, file: join(dir, 'mirror.db'), cleanup: () => rmSync(dir, { recursive: true }) }
}

export function makeListing(id: number, over: Partial<Listing> = {}): Listing {
  return {
    id,
    active: true,
    referenceNumber: `REF-${id}`,
    bookingType: id % 2 === 0 ? 'instant' : 'onRequest',
    maxGuest: 2 + (id % 5),
    advanceNotice: 1,
    description: {
      EN: {
        headline: `Villa ${id} by the sea`,
        summary: 's',
        description: 'd',
        autoTranslated: false
      },
      DE: { headline: `Ferienhaus ${id} am Meer`, autoTranslated: true }
    },
    rooms: { bedrooms: { numbers: 1 + (id % 4) }, others: [] },
    location: {
      city: ['Split', 'Lisbon', 'Nice'][id % 3],
      region: ['Dalmatia', 'Lisboa', 'Provence'][id % 3],
      country: ['Croatia', 'Portugal', 'France'][id % 3],
      latitude: 43.5,
      longitude: 16.4
    },
    cleaning: { feeBasis: 'mandatory', fee: 50 },
    securityDeposit: 200,
    cancellationPolicy: {
      name: 'flexible',
      textList: [{ name: 'a', value: 'Free until 14 days' }]
    },
    created: 1_700_000_000,
    lastModified: 1_760_000_000,
    ...over
  }
}

export const openDay: AvailabilityDay = {
  available: true,
  checkInDay: true,
  checkOutDay: true,
  minStay: 1,
  maxStay: 28
}

export function makeAvailability(
  listingId: number,
  days = 730,
  dayFor: (date: string, i: number) => AvailabilityDay = () => openDay,
  start = TODAY
): AvailabilityRecord {
  const availability: Record<string, AvailabilityDay> = {}
  for (let i = 0; i < days; i++) {
    const date = addDays(start, i)
    availability[date] = dayFor(date, i)
  }
  return { listingId, availability }
}

export function makeRates(
  listingId: number,
  nights = 365,
  priceFor: (date: string, i: number) => number = (_d, i) => 100 + (i % 7) * 10.5,
  start = TODAY
): RateRecord {
  const rate: Record<string, number> = {}
  for (let i = 0; i < nights; i++) {
    const date = addDays(start, i)
    rate[date] = priceFor(date, i)
  }
  return {
    listingId,
    rate,
    longerStay: { '7': 10 },
    lastMinute: { '3': 5 },
    additionalGuests: { amount: 1, price: 15 },
    cleaning: { feeBasis: 'mandatory', fee: 60 },
    securityDeposit: 250,
    taxes: [{ name: 'VAT', feeBasis: '% of Rental Amount', fee: 10 }],
    localTax: { name: 'Tourist tax', feeBasis: 'Per person / night', fee: 1.5 }
  }
}

export const cursor = (pagesDone: number) => ({
  phase: 'full' as const,
  fullStartedAt: 1_772_000_000,
  nextUrl: `/v1/listings/${pagesDone}`,
  pagesDone
})
