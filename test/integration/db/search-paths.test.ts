import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { addDays } from '@shared/domain/dates'
import type { StayMissCode } from '@shared/domain/stay-rules'
import { openMirror, type Mirror } from '../../../src-main/db'
import { availabilityMisses } from '../../../src-main/features/availability/search'
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
 * The availability search has a fast path (calendars held in memory, flags, stay limits and
 * listing rules checked there, then only the price computed) and a general path (the shared stay rules
 * on every listing, used for `explain`). Over a seeded mix of calendars, every stay must give
 * the same bookable listings and estimates on both.
 */

function prng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const N = 240
let m: Mirror
let cleanup: () => void

beforeAll(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  m = await openMirror(t.file)
  const r = prng(7)
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]
  const ids = Array.from({ length: N }, (_, i) => i + 1)
  const page = { quarantined: [], cursor: cursor(1), seenAt: 1, recordHistory: false }
  m.sync.commitPage({
    ...page,
    resource: 'listings',
    // Listing 5 has none: its calendar must never show up.
    records: ids
      .filter((id) => id !== 5)
      .map((id) =>
        makeListing(id, {
          active: r() > 0.1,
          maxGuest: pick([1, 2, 4, 6]),
          advanceNotice: pick([0, 1, 3, 20])
        })
      )
  })
  m.sync.commitPage({
    ...page,
    resource: 'availability',
    records: ids
      .filter((id) => id !== 6)
      .map((id) => {
        // Kinds: wide stay values (2 bytes), values kept verbatim in extra, late start, gaps.
        const kind = id % 9
        const start = kind === 3 ? addDays(TODAY, 12) : TODAY
        return makeAvailability(
          id,
          kind === 4 ? 40 : 730,
          (_d, i): AvailabilityDay => ({
            available: r() > 0.15,
            checkInDay: r() > 0.2,
            checkOutDay: r() > 0.2,
            minStay: kind === 1 ? pick([1, 2, 300]) : pick([0, 1, 2, 3, 7]),
            maxStay: kind === 2 && i === 20 ? 2 ** 33 : pick([0, 5, 14, 28])
          }),
          start
        )
      })
  })
  m.sync.commitPage({
    ...page,
    resource: 'rates',
    records: ids
      .filter((id) => id % 11 !== 0)
      .map((id) => ({
        ...makeRates(id, id % 13 === 0 ? 20 : 365, (_d, i) =>
          id % 17 === 0 && i % 5 === 0 ? 99.999 : 80 + ((id * 7 + i) % 50)
        ),
        // None, one or two extra guests charged: the guests change the total differently.
        additionalGuests: { amount: id % 3, price: 15 },
        // Discount tables of several shapes: the fast path keeps them built per listing.
        ...(id % 4 === 0
          ? {
              longerStay: { '2': 5, '5': 12, '14': 18 },
              earlyBird: { '30': 8 },
              longerStayExclusionPeriods: [
                { startDate: addDays(TODAY, 360), endDate: addDays(TODAY, 366) }
              ]
            }
          : {}),
        ...(id % 5 === 0 ? { lastMinute: { '14': 20, '2': 25 }, earlyBird: { '300': 12 } } : {})
      }))
  })
})
afterAll(async () => {
  await m.close()
  cleanup()
})

describe('availability search paths', () => {
  it('agree on bookable listings and estimates for many stays', () => {
    let compared = 0
    for (const offset of [-1, 0, 1, 5, 11, 12, 15, 19, 38, 300, 364, 726, 729]) {
      for (const nights of [1, 2, 3, 7, 14]) {
        // The same dates for several parties in a row: the search keeps what the dates decide.
        for (const adults of [1, 3, 2, 6, 4, 1]) {
          const q = {
            from: addDays(TODAY, offset),
            to: addDays(TODAY, offset + nights),
            adults,
            today: TODAY
          }
          const fast = m.calendars.available(q)
          const general = m.calendars.available({ ...q, explain: true })
          expect(fast.bookable, JSON.stringify(q)).toEqual(general.bookable)
          compared += fast.bookable.length
        }
      }
    }
    // The fixture must exercise the interesting cases, not compare empty lists.
    expect(compared).toBeGreaterThan(200)
  })

  it('prices rows written before the pricing column from the full JSON', async () => {
    const q = { from: addDays(TODAY, 15), to: addDays(TODAY, 22), adults: 1, today: TODAY }
    const before = m.calendars.available(q)
    const other = new Database(m.file)
    other.prepare('UPDATE listings SET pricing = NULL').run()
    other.close()
    expect(m.calendars.available(q)).toEqual(before)
    expect(before.bookable.some((b) => b.estimateCents !== null)).toBe(true)
  })

  it('sees a commit made through another connection (the sync worker)', async () => {
    const q = { from: addDays(TODAY, 30), to: addDays(TODAY, 31), adults: 1, today: TODAY }
    const before = m.calendars.available(q).bookable.map((b) => b.listingId)
    const other = await openMirror(m.file)
    other.sync.commitPage({
      quarantined: [],
      cursor: cursor(2),
      seenAt: 2,
      recordHistory: false,
      resource: 'listings',
      records: before.slice(0, 1).map((id) => makeListing(id, { active: false }))
    })
    await other.close()
    const after = m.calendars.available(q).bookable.map((b) => b.listingId)
    expect(after).toEqual(before.slice(1))
  })

  it('sees a calendar and a price changed through another connection', async () => {
    const q = { from: addDays(TODAY, 30), to: addDays(TODAY, 32), adults: 1, today: TODAY }
    const before = m.calendars.available(q).bookable.filter((b) => b.estimateCents !== null)
    const [closed, repriced] = before.map((b) => b.listingId)
    const other = await openMirror(m.file)
    const page = { quarantined: [], cursor: cursor(3), seenAt: 3, recordHistory: false }
    other.sync.commitPage({
      ...page,
      resource: 'availability',
      records: [makeAvailability(closed, 730, () => ({ ...openDay, available: false }))]
    })
    other.sync.commitPage({
      ...page,
      resource: 'rates',
      records: [makeRates(repriced, 365, () => 1000)]
    })
    await other.close()
    const after = m.calendars.available(q).bookable
    expect(after.some((b) => b.listingId === closed)).toBe(false)
    const old = before.find((b) => b.listingId === repriced)!.estimateCents!
    const now = after.find((b) => b.listingId === repriced)!.estimateCents!
    // Two nights at 1,000 EUR, whatever the listing's fees and discounts add or take.
    expect(now).toBeGreaterThan(old)
    expect(now).toBeGreaterThan(150_000)
  })
})

describe('"why not bookable" from the reasons\' codes', () => {
  /**
   * The reasons as the pass gave them when every listing's sentences were built: the general
   * path's full reasons (checkStayRules on every listing), grouped, the first `sample` listings
   * of each reason named with their sentence.
   */
  function fromFullReasons(q: { from: string; to: string; adults: number }, sample: number) {
    const whole = m.calendars.available({ ...q, today: TODAY, explain: true, reasonsOnly: true })
    const groups = new Map<StayMissCode, { count: number; onlyReason: number; shown: string[] }>()
    for (const miss of whole.misses!) {
      for (const reason of miss.reasons) {
        const g = groups.get(reason.code) ?? { count: 0, onlyReason: 0, shown: [] }
        groups.set(reason.code, g)
        g.count++
        if (miss.reasons.length === 1) g.onlyReason++
        if (g.shown.length < sample) g.shown.push(`${miss.listingId}: ${reason.message}`)
      }
    }
    return {
      considered: whole.bookable.length + whole.misses!.length,
      notBookable: whole.misses!.length,
      groups: Object.fromEntries(groups)
    }
  }

  it('counts every reason and words the listings shown as the full reasons do', async () => {
    let shown = 0
    for (const offset of [0, 1, 5, 12, 19, 38, 364, 700, 715]) {
      for (const nights of [1, 2, 5, 7, 14]) {
        for (const [adults, sample] of [
          [1, 3],
          [4, 25],
          [2, 500]
        ]) {
          const q = { from: addDays(TODAY, offset), to: addDays(TODAY, offset + nights), adults }
          const got = await availabilityMisses(m, { ...q, missSample: sample }, TODAY)
          const groups = Object.fromEntries(
            got.misses.map((g) => [
              g.code,
              {
                count: g.count,
                onlyReason: g.onlyReason,
                shown: g.listings.map((l) => `${l.listingId}: ${l.message}`)
              }
            ])
          )
          const expected = fromFullReasons(q, sample)
          expect({ ...got, misses: groups }, JSON.stringify(q)).toEqual({
            considered: expected.considered,
            notBookable: expected.notBookable,
            misses: expected.groups
          })
          shown += got.misses.reduce((n, g) => n + g.listings.length, 0)
        }
      }
    }
    // Every reason the rules give came up, named with sentences, not compared empty.
    expect(shown).toBeGreaterThan(1000)
  })
})

describe('availability search after a refill', () => {
  it('agrees with the general path when calendars got shorter and fewer (arrays reused)', async () => {
    const q = { from: addDays(TODAY, 100), to: addDays(TODAY, 107), adults: 1, today: TODAY }
    const before = m.calendars.available(q).bookable.map((b) => b.listingId)
    expect(before.length).toBeGreaterThan(3)
    // The first two listings keep 40 days only: their old bytes stay in the arrays behind the
    // rows that now follow, and must not be read as theirs or as the next listing's.
    const other = await openMirror(m.file)
    other.sync.commitPage({
      quarantined: [],
      cursor: cursor(4),
      seenAt: 4,
      recordHistory: false,
      resource: 'availability',
      records: before.slice(0, 2).map((id) => makeAvailability(id, 40, () => openDay))
    })
    await other.close()
    const fast = m.calendars.available(q)
    expect(fast.bookable).toEqual(m.calendars.available({ ...q, explain: true }).bookable)
    expect(fast.bookable.map((b) => b.listingId)).toEqual(before.slice(2))
  })
})
