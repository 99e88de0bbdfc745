import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import { F } from '@shared/overview/figures'
import { openMirror, type Mirror } from '../../../src-main/db'
import {
  OverviewQuery,
  overviewSource,
  type OverviewData
} from '../../../src-main/db/queries/overview'
import { createSandboxStore } from '../../../src-main/sandbox/state/store'

const TODAY = '2026-11-23'

/** What a person can read of the kept figures: every listing's, every region's, the gap list. */
function readable(d: OverviewData) {
  return {
    entries: d.entries.map((e) => [e.id, e.region, [...e.figures]]),
    regions: [...d.regions].map(([r, x]) => [r, x.listings, [...x.figures]]).sort(),
    gaps: d.gaps.map((g) => [g.listing.id, g.from, g.to, g.valueCents, g.unpriced])
  }
}

/**
 * The overview kept between reads: after a commit, only the listings whose rows changed are
 * worked out again, and the answer must equal working out every listing afresh.
 */
describe('the overview kept in memory', () => {
  let dir: string
  let mirror: Mirror
  let raw: Database.Database
  const store = createSandboxStore({
    listings: 120,
    seed: 3,
    today: TODAY,
    callers: [{ token: 't', channel: 'DEMO', merchantOfRecord: 'service' }]
  })
  const ids = store.listingIds()

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'staydesk-overview-'))
    mirror = await openMirror(join(dir, 'mirror.db'))
    const base = { quarantined: [], seenAt: 1, recordHistory: false, cursor: null }
    mirror.sync.commitPage({
      ...base,
      resource: 'listings',
      records: ids.map((id) => store.listing(id)!)
    })
    mirror.sync.commitPage({
      ...base,
      resource: 'availability',
      records: ids.map((id) => store.availability(id)!)
    })
    mirror.sync.commitPage({
      ...base,
      resource: 'rates',
      records: ids.map((id) => store.rates(id)!)
    })
    raw = new Database(join(dir, 'mirror.db'))
  })
  afterAll(async () => {
    raw?.close()
    await mirror?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('works out again exactly the listings a commit changed', () => {
    let reads: number[] = []
    const source = overviewSource(raw)
    const counted = {
      fingerprints: source.fingerprints,
      read: (some: readonly number[]) => {
        reads = [...some]
        return source.read(some)
      }
    }
    const kept = new OverviewQuery(counted, () => mirror.sync.dataStamp())
    const before = kept.get(TODAY)
    expect(reads).toHaveLength(ids.length)
    expect(kept.get(TODAY)).toBe(before)

    // Close every open night of one listing's next month, and raise another's rates.
    const [closed, repriced] = [ids[4], ids[9]]
    const cal = store.availability(closed)!
    for (let d = TODAY; d < addDays(TODAY, 30); d = addDays(d, 1)) {
      if (cal.availability[d]) cal.availability[d] = { ...cal.availability[d], available: false }
    }
    const rates = store.rates(repriced)!
    for (const d of Object.keys(rates.rate)) rates.rate[d] += 10
    const base = { quarantined: [], seenAt: 2, recordHistory: false, cursor: null }
    mirror.sync.commitPage({ ...base, resource: 'availability', records: [cal] })
    mirror.sync.commitPage({ ...base, resource: 'rates', records: [rates] })

    const after = kept.get(TODAY)
    expect(reads.sort()).toEqual([closed, repriced].sort())
    const afresh = new OverviewQuery(overviewSource(raw), () => '').get(TODAY)
    expect(readable(after)).toEqual(readable(afresh))
    // The change shows: the closed listing's first month has no open night left.
    const entry = after.entries.find((e) => e.id === closed)!
    expect(entry.figures[F.open]).toBe(0)
    expect(readable(after)).not.toEqual(readable(before))
  })

  it('works out every listing again on a new day', () => {
    const kept = new OverviewQuery(overviewSource(raw), () => mirror.sync.dataStamp())
    const today = kept.get(TODAY)
    const tomorrow = kept.get(addDays(TODAY, 1))
    expect(tomorrow.today).toBe(addDays(TODAY, 1))
    expect(readable(tomorrow)).toEqual(
      readable(new OverviewQuery(overviewSource(raw), () => '').get(addDays(TODAY, 1)))
    )
    expect(tomorrow.entries[0].figures[F.days]).toBe(today.entries[0].figures[F.days] - 1)
  })
})
