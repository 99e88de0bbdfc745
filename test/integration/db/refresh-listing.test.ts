import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { addDays } from '@shared/domain/dates'
import { openMirror, type Mirror } from '../../../src-main/db'
import { cursor, makeAvailability, makeListing, makeRates, tempDir, TODAY } from './fixtures'

/** One listing refreshed from the service: committed as the sync would, cursors left alone. */

let m: Mirror
let cleanup: () => void
beforeEach(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  m = await openMirror(t.file)
})
afterEach(async () => {
  await m.close()
  cleanup()
})

const NIGHT = addDays(TODAY, 5)
const priced = (price: number) => makeRates(1, 30, (d) => (d === NIGHT ? price : 100))
const syncState = () => {
  const own = new Database(m.file, { readonly: true })
  try {
    return own.prepare('SELECT * FROM sync_state ORDER BY resource').all()
  } finally {
    own.close()
  }
}

function syncAll() {
  const base = { quarantined: [], cursor: cursor(3), seenAt: 1_000, recordHistory: false }
  m.sync.commitPage({ ...base, resource: 'listings', records: [makeListing(1)] })
  m.sync.commitPage({ ...base, resource: 'availability', records: [makeAvailability(1, 30)] })
  m.sync.commitPage({ ...base, resource: 'rates', records: [priced(100)] })
}

describe('refreshListing', () => {
  it('records history for a changed night and leaves every cursor as it was', () => {
    syncAll()
    const before = syncState()
    const changed = m.sync.refreshListing(
      { listing: makeListing(1), availability: makeAvailability(1, 30), rates: priced(135) },
      5_000
    )
    expect(changed).toEqual({ listings: false, availability: false, rates: true })
    expect(m.history.ofListing(1)).toEqual([
      { listingId: 1, resource: 'rates', key: NIGHT, old: 100, new: 135, seenAt: 5_000 }
    ])
    expect(m.calendars.rates(1)).toEqual(priced(135))
    expect(syncState()).toEqual(before)
    expect(m.sync.cursor('rates')).toEqual(cursor(3))
  })

  it('says which resources changed, and leaves out the ones not given', () => {
    syncAll()
    const renamed = makeListing(1, { maxGuest: 9 })
    expect(m.sync.refreshListing({ listing: renamed }, 5_000)).toEqual({
      listings: true,
      availability: false,
      rates: false
    })
    expect(m.listings.get(1)).toEqual(renamed)
    expect(m.history.ofListing(1, { resource: 'listings' })).toMatchObject([
      { key: 'maxGuest', old: 2 + (1 % 5), new: 9 }
    ])
    expect(m.sync.refreshListing({}, 6_000)).toEqual({
      listings: false,
      availability: false,
      rates: false
    })
  })

  it('before the first sync, keeps the records and creates no cursor', () => {
    const changed = m.sync.refreshListing(
      { listing: makeListing(1), availability: makeAvailability(1, 30), rates: priced(100) },
      5_000
    )
    expect(changed).toEqual({ listings: true, availability: true, rates: true })
    expect(m.listings.get(1)).toEqual(makeListing(1))
    expect(m.sync.counts()).toMatchObject({ listings: 1, availability: 1, rates: 1 })
    expect(syncState()).toEqual([])
    expect(m.sync.cursor('listings')).toBeUndefined()
    // Everything was new: there was nothing to compare with.
    expect(m.history.ofListing(1)).toEqual([])
  })

  it('clears the quarantine of a record that is now valid', () => {
    m.sync.commitPage({
      resource: 'listings',
      records: [],
      quarantined: [{ recordId: '1', path: 'maxGuest', code: 'invalid_type', raw: '{}' }],
      cursor: cursor(1),
      seenAt: 1_000,
      recordHistory: false
    })
    expect(m.sync.counts().quarantined.listings).toBe(1)
    m.sync.refreshListing({ listing: makeListing(1) }, 5_000)
    expect(m.sync.counts().quarantined.listings).toBe(0)
    expect(m.sync.cursor('listings')).toEqual(cursor(1))
  })
})
