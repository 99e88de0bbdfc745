import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StayMiss } from '@shared/domain/stay-rules'
import { addDays } from '@shared/domain/dates'
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

/**
 * The mirror grouped by domain (db/mirror/*.ts): its interface is the groups, none hands out
 * the connection, and "why not bookable" a slice at a time gives the reasons the whole search
 * gives.
 */

const IDS = Array.from({ length: 12 }, (_, i) => i + 1)
const FROM = addDays(TODAY, 10)
const TO = addDays(TODAY, 17)
const stay = { from: FROM, to: TO, adults: 2 }

let m: Mirror
let cleanup: () => void
const page = { quarantined: [], cursor: cursor(1), seenAt: 1, recordHistory: false }

beforeAll(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  m = await openMirror(t.file)
  m.sync.commitPage({
    ...page,
    resource: 'listings',
    records: IDS.map((id) => makeListing(id, { active: id % 4 !== 0, maxGuest: 4 }))
  })
  m.sync.commitPage({
    ...page,
    resource: 'availability',
    records: IDS.filter((id) => id !== 7).map((id) =>
      makeAvailability(id, 60, (d) => ({ ...openDay, available: !(id % 3 === 0 && d === FROM) }))
    )
  })
  m.sync.commitPage({
    ...page,
    resource: 'rates',
    records: IDS.filter((id) => id !== 5).map((id) => makeRates(id, 40))
  })
})
afterAll(async () => {
  await m.close()
  cleanup()
})

describe('the mirror by domain', () => {
  it('is its groups: no flat method and no SQLite connection beside them', () => {
    expect(Object.keys(m).sort()).toEqual([
      'bookings',
      'calendars',
      'close',
      'file',
      'history',
      'isOpen',
      'kept',
      'keptFile',
      'listings',
      'recoveredFromCorruption',
      'sync'
    ])
    expect(m.sync.counts()).toMatchObject({ listings: 12, availability: 11, rates: 11 })
  })

  it('hands out no SQLite connection from any group', () => {
    for (const group of [m.listings, m.calendars, m.bookings, m.sync, m.history]) {
      for (const value of Object.values(group)) {
        expect(typeof value).toBe('function')
      }
    }
  })

  it('gives, slice by slice, the reasons the whole search gives, for the listings kept', () => {
    const whole = m.calendars.available({ ...stay, today: TODAY, explain: true, reasonsOnly: true })
    const expected = new Map<number, StayMiss[]>(IDS.map((id) => [id, []]))
    for (const miss of whole.misses!) expected.set(miss.listingId, miss.reasons)
    // The test's own listings break rules, so the slices have reasons to give.
    expect(whole.misses!.length).toBeGreaterThan(4)
    for (const limit of [1, 5, 12, 100]) {
      const got = new Map<number, StayMiss[]>()
      const afters: (number | undefined)[] = []
      let after: number | undefined = Number.MIN_SAFE_INTEGER
      while (after !== undefined) {
        after = m.calendars.missesSlice(
          { stay, today: TODAY },
          after,
          limit,
          (id) => id !== 2,
          (id, codes, words) => {
            // The codes are the words' codes, in their order.
            expect(codes).toEqual(words().map((r) => r.code))
            got.set(id, words())
          }
        )
        afters.push(after)
      }
      expect(got, `slices of ${limit}`).toEqual(new Map([...expected].filter(([id]) => id !== 2)))
      expect(afters.length, `slices of ${limit}`).toBe(Math.floor(IDS.length / limit) + 1)
    }
  })

  it('says when it is closed', async () => {
    const t = tempDir()
    const other = await openMirror(t.file)
    expect(other.isOpen()).toBe(true)
    await other.close()
    expect(other.isOpen()).toBe(false)
    t.cleanup()
  })
})
