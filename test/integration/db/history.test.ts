import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openMirror, type Mirror } from '../../../src-main/db'
import { addDays } from '@shared/domain/dates'
import {
  cursor,
  makeAvailability,
  makeListing,
  makeRates,
  openDay,
  tempDir,
  TODAY
} from './fixtures'

let m: Mirror
let cleanup: () => void
beforeEach(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  m = await openMirror(t.file, { historyRetention: { maxAgeMs: 10_000, maxRows: 4 } })
})
afterEach(async () => {
  await m.close()
  cleanup()
})

const page = { quarantined: [], cursor: cursor(1) }

describe('change history', () => {
  it('records nothing during the first full sync', () => {
    m.sync.commitPage({
      ...page,
      resource: 'rates',
      records: [makeRates(1, 30)],
      seenAt: 1_000,
      recordHistory: false
    })
    expect(m.history.ofListing(1)).toEqual([])
  })

  it('records a night price change with old and new value: "what did this cost yesterday?"', () => {
    m.sync.commitPage({
      ...page,
      resource: 'rates',
      records: [makeRates(1, 30, () => 100)],
      seenAt: 1_000,
      recordHistory: false
    })
    const night = addDays(TODAY, 5)
    const changed = makeRates(1, 30, (d) => (d === night ? 130 : 100))
    changed.longerStay = { '7': 15 }
    const r = m.sync.commitPage({
      ...page,
      resource: 'rates',
      records: [changed],
      seenAt: 2_000,
      recordHistory: true
    })
    expect(r).toEqual({ written: 1, changed: 1 })
    expect(m.history.ofListing(1, { resource: 'rates', date: night })).toEqual([
      { listingId: 1, resource: 'rates', key: night, old: 100, new: 130, seenAt: 2_000 }
    ])
    expect(m.history.ofListing(1, { date: 'rule:longerStay' })[0]).toMatchObject({
      old: { '7': 10 },
      new: { '7': 15 }
    })
  })

  it('records a changed day of availability as old and new day objects', () => {
    m.sync.commitPage({
      ...page,
      resource: 'availability',
      records: [makeAvailability(1, 30)],
      seenAt: 1_000,
      recordHistory: false
    })
    const day = addDays(TODAY, 3)
    const next = makeAvailability(1, 30, (d) =>
      d === day ? { ...openDay, available: false } : openDay
    )
    m.sync.commitPage({
      ...page,
      resource: 'availability',
      records: [next],
      seenAt: 2_000,
      recordHistory: true
    })
    expect(m.history.ofListing(1, { resource: 'availability' })).toEqual([
      {
        listingId: 1,
        resource: 'availability',
        key: day,
        old: openDay,
        new: { ...openDay, available: false },
        seenAt: 2_000
      }
    ])
  })

  it('does not count the calendar window rolling forward as a change', () => {
    m.sync.commitPage({
      ...page,
      resource: 'availability',
      records: [makeAvailability(1, 30)],
      seenAt: 1_000,
      recordHistory: false
    })
    const rolled = makeAvailability(1, 30, () => openDay, addDays(TODAY, 1))
    const r = m.sync.commitPage({
      ...page,
      resource: 'availability',
      records: [rolled],
      seenAt: 2_000,
      recordHistory: true
    })
    expect(r.changed).toBe(1)
    expect(m.history.ofListing(1)).toEqual([])
  })

  it('records changed top-level listing fields', () => {
    m.sync.commitPage({
      ...page,
      resource: 'listings',
      records: [makeListing(1)],
      seenAt: 1_000,
      recordHistory: false
    })
    m.sync.commitPage({
      ...page,
      resource: 'listings',
      records: [makeListing(1, { maxGuest: 9, houseRules: 'Quiet' })],
      seenAt: 2_000,
      recordHistory: true
    })
    const h = m.history.ofListing(1, { resource: 'listings' })
    expect(h.map((e) => e.key).sort()).toEqual(['houseRules', 'maxGuest'])
    expect(h.find((e) => e.key === 'maxGuest')).toMatchObject({ old: 3, new: 9 })
    expect(h.find((e) => e.key === 'houseRules')).toMatchObject({ old: undefined, new: 'Quiet' })
    expect(m.history.ofListing(1, { since: 2_001 })).toEqual([])
  })

  it('prunes by age and by row count, oldest first', () => {
    const rates = (p: number) => makeRates(1, 3, () => p)
    m.sync.commitPage({
      ...page,
      resource: 'rates',
      records: [rates(1)],
      seenAt: 1_000,
      recordHistory: false
    })
    m.sync.commitPage({
      ...page,
      resource: 'rates',
      records: [rates(2)],
      seenAt: 2_000,
      recordHistory: true
    })
    m.sync.commitPage({
      ...page,
      resource: 'rates',
      records: [rates(3)],
      seenAt: 3_000,
      recordHistory: true
    })
    // 6 rows written, at most 4 kept: the oldest go first.
    const kept = m.history.ofListing(1)
    expect(kept).toHaveLength(4)
    expect(kept.filter((e) => e.new === 3)).toHaveLength(3)
    // 10 s later everything older than the retention age is gone.
    m.sync.commitPage({
      ...page,
      resource: 'rates',
      records: [rates(4)],
      seenAt: 13_500,
      recordHistory: true
    })
    expect(m.history.ofListing(1).every((e) => e.seenAt === 13_500)).toBe(true)
  })
})
