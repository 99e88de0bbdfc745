import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { addDays } from '@shared/domain/dates'
import { quoteStay } from '@shared/domain/pricing'
import { ListingSearchInput } from '@shared/ipc/listings.schema'
import { openMirror, type Mirror } from '../../../src-main/db'
import {
  cursor,
  makeAvailability,
  makeListing,
  makeRates,
  openDay,
  tempDir,
  TODAY
} from './fixtures'

const FROM = addDays(TODAY, 10)
const TO = addDays(TODAY, 17)
const stay = { from: FROM, to: TO, adults: 2 }

/** Listing id -> the one rule it breaks for the stay above (undefined: bookable). */
const cases: Record<
  number,
  { listing?: object; day?: (d: string) => Partial<AvailabilityDay>; miss?: string }
> = {
  1: {},
  2: { listing: { active: false }, miss: 'inactive' },
  3: { day: (d) => (d === addDays(FROM, 3) ? { available: false } : {}), miss: 'not-available' },
  4: { day: (d) => (d === FROM ? { checkInDay: false } : {}), miss: 'check-in-day' },
  5: { day: (d) => (d === TO ? { checkOutDay: false } : {}), miss: 'check-out-day' },
  6: { day: (d) => (d === FROM ? { minStay: 10 } : {}), miss: 'min-stay' },
  7: { day: (d) => (d === FROM ? { maxStay: 3 } : {}), miss: 'max-stay' },
  8: { listing: { maxGuest: 1 }, miss: 'too-many-guests' },
  9: { listing: { advanceNotice: 30 }, miss: 'advance-notice' },
  10: { miss: 'no-rate' }
}

let m: Mirror
let file: string
let cleanup: () => void
const page = { quarantined: [], cursor: cursor(1), seenAt: 1, recordHistory: false }

beforeAll(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  file = t.file
  m = await openMirror(t.file)
  const ids = Object.keys(cases).map(Number)
  m.sync.commitPage({
    ...page,
    resource: 'listings',
    records: ids.map((id) =>
      makeListing(id, { maxGuest: 4, advanceNotice: 1, ...cases[id].listing })
    )
  })
  m.sync.commitPage({
    ...page,
    resource: 'availability',
    records: ids.map((id) =>
      makeAvailability(id, 730, (d) => ({ ...openDay, ...cases[id].day?.(d) }))
    )
  })
  // Listing 10 has no rates: the service refuses every night of it ('no rate'), so does the copy.
  m.sync.commitPage({
    ...page,
    resource: 'rates',
    records: ids.filter((id) => id !== 10).map((id) => makeRates(id))
  })
})
afterAll(async () => {
  await m.close()
  cleanup()
})

describe('availableListings', () => {
  it('reports each broken rule with its reason', () => {
    const r = m.calendars.available({ ...stay, today: TODAY, explain: true })
    expect(r.bookable.map((b) => b.listingId)).toEqual([1])
    for (const miss of r.misses ?? []) {
      expect(miss.reasons.map((x) => x.code)).toEqual([cases[miss.listingId].miss])
      expect(miss.reasons[0].message.length).toBeGreaterThan(0)
    }
    expect(r.misses?.map((x) => x.listingId)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  it('gives the same bookable set without explain, and no misses', () => {
    const r = m.calendars.available({ ...stay, today: TODAY })
    expect(r.bookable.map((b) => b.listingId)).toEqual([1])
    expect(r.misses).toBeUndefined()
  })

  it('estimates with the shared pricing code; a listing without rates is not bookable', () => {
    const r = m.calendars.available({ ...stay, today: TODAY })
    const full = quoteStay({
      listing: m.listings.get(1)!,
      rates: m.calendars.rates(1)!,
      stay,
      today: TODAY,
      days: (d) => m.calendars.availability(1)!.availability[d]
    })
    expect(full.available).toBe(true)
    expect(r.bookable[0]).toEqual({
      listingId: 1,
      name: 'Villa 1 by the sea',
      estimateCents: full.available ? full.price.totalCents : -1
    })
    expect(r.bookable.some((b) => b.listingId === 10)).toBe(false)
  })

  it('counts children toward capacity and refuses stays beyond the calendar', () => {
    const crowded = m.calendars.available({
      ...stay,
      adults: 2,
      childrenAges: [4, 7, 9],
      today: TODAY
    })
    expect(crowded.bookable).toEqual([])
    const far = m.calendars.available({
      from: addDays(TODAY, 800),
      to: addDays(TODAY, 803),
      adults: 1,
      today: TODAY,
      explain: true
    })
    expect(far.bookable).toEqual([])
    expect(far.misses?.[0].reasons.map((x) => x.code)).toContain('not-available')
  })
})

describe('estimate', () => {
  it('returns the full quote outcome, or the misses, for one listing', () => {
    const ok = m.calendars.estimate(1, stay, TODAY)
    expect(ok?.available).toBe(true)
    const r = m.calendars.available({ ...stay, today: TODAY })
    if (ok?.available) expect(ok.price.totalCents).toBe(r.bookable[0].estimateCents)
    const noRate = m.calendars.estimate(10, stay, TODAY)
    expect(noRate).toMatchObject({ available: false, misses: [{ code: 'no-rate' }] })
    expect(m.calendars.estimate(3, stay, TODAY)).toMatchObject({
      available: false,
      misses: [{ code: 'not-available' }]
    })
    expect(m.calendars.estimate(999, stay, TODAY)).toBeUndefined()
  })
})

describe('calendarMonth', () => {
  it('gives every day of the month with flags, stay limits and price', () => {
    const month = FROM.slice(0, 7)
    const cal = m.calendars.month(4, month)
    expect(cal.days).toHaveLength(31)
    expect(cal.days[0].date).toBe(`${month}-01`)
    const arrival = cal.days.find((d) => d.date === FROM)!
    expect(arrival).toMatchObject({
      known: true,
      available: true,
      checkInDay: false,
      minStay: 1,
      maxStay: 28
    })
    const rates = m.calendars.rates(4)!
    expect(arrival.priceCents).toBe(Math.round(rates.rate[FROM] * 100))
  })

  it('marks days before the calendar as unknown and nights without a rate as null', () => {
    const before = m.calendars.month(1, TODAY.slice(0, 7).replace(/-03$/, '-02'))
    expect(before.days.every((d) => !d.known && d.priceCents === null)).toBe(true)
    const late = m.calendars.month(10, addDays(TODAY, 400).slice(0, 7))
    expect(late.days.every((d) => d.known && d.priceCents === null)).toBe(true)
    expect(() => m.calendars.month(1, '2026-3')).toThrow(RangeError)
  })
})

describe('searchListings', () => {
  it('matches text against id, reference, any headline and city', () => {
    expect(m.listings.search({ text: 'ref-7' }).items.map((i) => i.id)).toEqual([7])
    expect(m.listings.search({ text: 'Ferienhaus 9' }).items.map((i) => i.id)).toEqual([9])
    expect(m.listings.search({ text: 'lisbon' }).total).toBe(4)
    expect(m.listings.search({ text: '100%' }).total).toBe(0)
  })

  it('filters by place, capacity, bedrooms, booking type and active, with paging', () => {
    expect(m.listings.search({ country: 'croatia' }).items.map((i) => i.id)).toEqual([3, 6, 9])
    expect(m.listings.search({ region: 'Provence', city: 'Nice' }).total).toBe(3)
    expect(m.listings.search({ minGuests: 4 }).items.map((i) => i.id)).not.toContain(8)
    expect(m.listings.search({ minBedrooms: 4 }).items.map((i) => i.id)).toEqual([3, 7])
    expect(
      m.listings.search({ bookingType: 'instant' }).items.every((i) => i.bookingType === 'instant')
    ).toBe(true)
    expect(m.listings.search({ active: false }).items.map((i) => i.id)).toEqual([2])
    const p = m.listings.search({ limit: 3, offset: 3 })
    expect(p.total).toBe(10)
    expect(p.items.map((i) => i.id)).toEqual([4, 5, 6])
    expect(p.items[0]).toMatchObject({
      referenceNumber: 'REF-4',
      name: 'Villa 4 by the sea',
      active: true
    })
  })

  it('matches within one listing only: the end of one and the start of the next find neither', () => {
    const db = new Database(file, { readonly: true })
    const [one, two] = db
      .prepare('SELECT search_text FROM listings WHERE id IN (1, 2) ORDER BY id')
      .pluck()
      .all() as string[]
    db.close()
    // Listing 2's text starts with its id, so the end of listing 1 glued to "2" could match
    // only across the two.
    expect(two.startsWith('2')).toBe(true)
    expect(m.listings.search({ text: `${one.slice(-4)}2` }).total).toBe(0)
    expect(m.listings.search({ text: `${one.slice(-4)}\u00012` }).total).toBe(0)
    expect(m.listings.search({ text: one.slice(-4) }).items.map((i) => i.id)).toContain(1)
  })

  it('pages a text match in any order, with the total it keeps', () => {
    // "villa" is in every headline; the page is the 3rd to 5th by name, descending.
    const all = m.listings.search({ text: 'villa', sort: { key: 'name', dir: 'desc' } })
    expect(all.total).toBe(10)
    const page = m.listings.search({
      text: 'villa',
      sort: { key: 'name', dir: 'desc' },
      offset: 2,
      limit: 3
    })
    expect(page.total).toBe(10)
    expect(page.items.map((i) => i.id)).toEqual(all.items.slice(2, 5).map((i) => i.id))
    expect(page.items.map((i) => i.id)).toEqual([7, 6, 5])
    expect(m.listings.filter({ text: 'villa', active: false })).toMatchObject([{ id: 2 }])
  })

  it('orders the whole result by the chosen column, so the next page continues it', () => {
    const ids = (q: Parameters<Mirror['listings']['search']>[0]) =>
      m.listings.search(q).items.map((i) => i.id)
    // Bedrooms: 4 for listings 3 and 7, 3 for 2, 6 and 10, 2 for 1, 5 and 9; ties go by id.
    const byBedrooms = { key: 'bedrooms', dir: 'desc' } as const
    expect(ids({ sort: byBedrooms, limit: 4 })).toEqual([3, 7, 2, 6])
    expect(ids({ sort: byBedrooms, limit: 4, offset: 4 })).toEqual([10, 1, 5, 9])
    // Text compares as text: "Villa 10" comes before "Villa 2".
    expect(ids({ sort: { key: 'name', dir: 'asc' } })).toEqual([1, 10, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(ids({ sort: { key: 'city', dir: 'desc' }, country: 'croatia' })).toEqual([3, 6, 9])
    expect(ids({ sort: { key: 'city', dir: 'desc' } })).toEqual([3, 6, 9, 2, 5, 8, 1, 4, 7, 10])
    // A column the search cannot order by is refused at the IPC boundary, naming the field.
    const bad = ListingSearchInput.safeParse({ sort: { key: 'price', dir: 'asc' } })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].path).toEqual(['sort', 'key'])
  })
})
