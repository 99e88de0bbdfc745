import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openMirror, type Mirror } from '../../../src-main/db'
import { cursor, makeAvailability, makeListing, makeRates, openDay, tempDir } from './fixtures'

let m: Mirror
let cleanup: () => void
let failAt = -1

beforeEach(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  failAt = -1
  m = await openMirror(t.file, {
    quarantineCap: 5,
    historyRetention: { maxAgeMs: 10_000, maxRows: 50 },
    onCommitRecord: (_r, i) => {
      if (i === failAt) throw new Error('boom mid-page')
    }
  })
})
afterEach(async () => {
  await m.close()
  cleanup()
})

const base = { quarantined: [], seenAt: 1_000, recordHistory: false }

describe('commitPage', () => {
  it('writes a page and its cursor, idempotently', () => {
    const records = [1, 2, 3].map((id) => makeListing(id))
    const page = { ...base, resource: 'listings' as const, records, cursor: cursor(1) }
    expect(m.sync.commitPage(page)).toEqual({ written: 3, changed: 3 })
    expect(m.sync.commitPage(page)).toEqual({ written: 3, changed: 0 })
    expect(m.sync.cursor('listings')).toEqual(cursor(1))
    expect(m.sync.counts()).toMatchObject({ listings: 3, availability: 0, rates: 0 })
  })

  it('is atomic: a throw mid-page leaves no row of the page and the cursor unchanged (D4)', () => {
    m.sync.commitPage({
      ...base,
      resource: 'listings',
      records: [makeListing(1)],
      cursor: cursor(1)
    })
    failAt = 2
    const records = [2, 3, 4, 5].map((id) => makeListing(id))
    expect(() =>
      m.sync.commitPage({
        ...base,
        resource: 'listings',
        records,
        cursor: cursor(2),
        quarantined: [{ recordId: '9', path: 'id', code: 'invalid_type', raw: '{}' }]
      })
    ).toThrow('boom mid-page')
    expect(m.sync.counts().listings).toBe(1)
    expect(m.sync.counts().quarantined.listings).toBe(0)
    expect(m.sync.cursor('listings')).toEqual(cursor(1))
    expect(m.listings.get(2)).toBeUndefined()
  })

  it('round-trips listings, availability and rates exactly', () => {
    const listing = makeListing(42, { houseRules: 'No parties', externalIds: [{ a: 1 }] })
    const availability = makeAvailability(42, 730, (_d, i) => ({
      ...openDay,
      available: i % 5 !== 0,
      minStay: i % 4,
      maxStay: i % 2 ? 0 : 400
    }))
    const rates = makeRates(42, 365, (_d, i) => (i === 3 ? 99.999 : 80 + i * 0.25))
    m.sync.commitPage({ ...base, resource: 'listings', records: [listing], cursor: cursor(1) })
    m.sync.commitPage({
      ...base,
      resource: 'availability',
      records: [availability],
      cursor: cursor(1)
    })
    m.sync.commitPage({ ...base, resource: 'rates', records: [rates], cursor: cursor(1) })
    expect(m.listings.get(42)).toEqual(listing)
    expect(m.calendars.availability(42)).toEqual(availability)
    expect(m.calendars.rates(42)).toEqual(rates)
    expect(m.calendars.availability(43)).toBeUndefined()
    expect(m.calendars.rates(43)).toBeUndefined()
  })

  it('quarantines bad records, caps the table oldest first and keeps counters (V1, V8)', () => {
    const bad = (id: number) => ({
      recordId: String(id),
      path: 'rate.x',
      code: 'invalid_type',
      raw: '{"id":1}'
    })
    m.sync.commitPage({
      ...base,
      resource: 'rates',
      records: [makeRates(1, 10)],
      quarantined: [bad(2), bad(3), bad(4)],
      cursor: cursor(1)
    })
    expect(m.sync.counts().quarantined).toEqual({ listings: 0, availability: 0, rates: 3 })
    expect(m.sync.quarantined('rates')[0]).toMatchObject({
      resource: 'rates',
      path: 'rate.x',
      code: 'invalid_type'
    })
    m.sync.commitPage({
      ...base,
      seenAt: 2_000,
      resource: 'rates',
      records: [],
      quarantined: [bad(5), bad(6), bad(7), { path: '', code: 'custom', raw: 'x'.repeat(100_000) }],
      cursor: cursor(2)
    })
    expect(m.sync.counts().quarantined.rates).toBe(5)
    expect(m.sync.quarantined('rates').map((q) => q.recordId)).not.toContain('2')
    expect(m.sync.quarantined('rates').find((q) => q.recordId === undefined)?.raw.length).toBe(
      65_536
    )
    expect(m.sync.quarantineStats('rates')).toEqual({ held: 5, total: 7, evicted: 2, cleared: 0 })
    expect(m.sync.cursor('rates')).toEqual(cursor(2))
  })

  it('counts a repeat of the same bad record on one row, and clears it when it arrives valid', () => {
    const bad = { recordId: '8', path: 'maxGuest', code: 'invalid_type', raw: '{}' }
    m.sync.commitPage({
      ...base,
      resource: 'listings',
      records: [],
      quarantined: [bad],
      cursor: cursor(1)
    })
    m.sync.commitPage({
      ...base,
      resource: 'listings',
      records: [],
      quarantined: [bad],
      cursor: cursor(2)
    })
    expect(m.sync.quarantined('listings')).toHaveLength(1)
    expect(m.sync.quarantined('listings')[0].count).toBe(2)
    m.sync.commitPage({
      ...base,
      resource: 'listings',
      records: [makeListing(8)],
      cursor: cursor(3)
    })
    expect(m.sync.counts().quarantined.listings).toBe(0)
    expect(m.sync.quarantineStats('listings')).toMatchObject({ held: 0, total: 2, cleared: 1 })
  })
})
