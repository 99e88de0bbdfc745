import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PricedQuote } from '@shared/api/quote.schema'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { sentenceDate } from '@shared/domain/date-words'
import { fromWireQuote } from '@shared/domain/quote-wire'
import type { StayMiss } from '@shared/domain/stay-rules'
import { judgeMisses } from '../../../src-main/features/availability/misses'
import {
  availabilityMisses,
  searchAvailability
} from '../../../src-main/features/availability/search'
import { openMirror, type Mirror } from '../../../src-main/db'
import { createSandboxStore } from '../../../src-main/sandbox/state/store'
import { clientCodesOf } from '../../unit/main/sandbox/state/pricing/rule-codes'
import { openDesk, staysAhead, type Desk } from '../main/desk-fixture'

/**
 * Availability search and the reasons a listing is not bookable over real HTTP against the demo
 * sandbox: every answer is checked against the sandbox's own records and its quote endpoint, not
 * against the app's copy.
 */
describe('availability, answered from the offline copy', () => {
  let desk: Desk
  let today: string

  beforeAll(async () => {
    desk = await openDesk({ listings: 80 })
    today = utcDateOf(Date.now())
  })
  afterAll(async () => desk?.close())

  const stays = (n: number) => staysAhead(today, n)

  /** The sandbox's own quote of the stay for each listing it prices: its total in cents. */
  function sandboxAnswers(stay: { from: string; to: string; adults: number }) {
    const priced = new Map<number, number>()
    for (const id of desk.sandbox.store.listingIds()) {
      const answer = desk.sandbox.store.quote({ listingId: id, ...stay })
      if (!('reasons' in answer)) {
        priced.set(id, fromWireQuote(PricedQuote.parse(answer)).totalCents)
      }
    }
    return { priced }
  }

  it('finds exactly the listings the sandbox would quote, each priced as the sandbox prices it', async () => {
    for (const stay of stays(5)) {
      const result = await desk.value('availability:search', stay)
      const service = sandboxAnswers(stay).priced
      expect(result.rows.map((b) => b.listingId).sort((a, b) => a - b)).toEqual(
        [...service.keys()].sort((a, b) => a - b)
      )
      for (const b of result.rows) {
        expect(b.estimateCents).toBe(service.get(b.listingId))
        // The average a night: the sandbox's total over the nights, to the nearest cent.
        expect(b.nightlyCents).toBe(Math.round(service.get(b.listingId)! / result.nights))
      }
      // Sorted by price, cheapest first, by default.
      const prices = result.rows.map((b) => b.estimateCents!)
      expect(prices).toEqual([...prices].sort((a, b) => a - b))
      expect(result.nights).toBe(7)
    }
  })

  it('says why the others are not bookable, every listing under each rule it breaks', async () => {
    const stay = stays(2)[1]
    const [found, why] = await Promise.all([
      desk.value('availability:search', stay),
      desk.value('availability:misses', { ...stay, missSample: 500 })
    ])
    const ids = desk.sandbox.store.listingIds()
    expect(why.considered).toBe(ids.length)
    const named = new Set(why.misses.flatMap((m) => m.listings.map((l) => l.listingId)))
    expect(named.size + found.total).toBe(ids.length)
    for (const group of why.misses) {
      expect(group.listings).toHaveLength(group.count)
      for (const l of group.listings) {
        // The sandbox refuses this stay too, for the same rule (each side words it its own way).
        const answer = desk.sandbox.store.quote({ listingId: l.listingId, ...stay })
        expect('reasons' in answer).toBe(true)
        const refusals = desk.sandbox.store.refusals({ listingId: l.listingId, ...stay })
        expect(clientCodesOf(refusals)).toContain(group.code)
      }
    }
    // Sorted by what a single change would open up.
    const only = why.misses.map((m) => m.onlyReason)
    expect(only).toEqual([...only].sort((a, b) => b - a))
  })

  it('filters by city and price, and counts what the filters left out', async () => {
    const stay = stays(1)[0]
    const all = await desk.value('availability:search', stay)
    const city = all.rows[0].city!
    const inCity = await desk.value('availability:search', { ...stay, city })
    expect(inCity.rows.length).toBeGreaterThan(0)
    expect(inCity.rows.every((b) => b.city === city)).toBe(true)
    expect(inCity.filteredOut).toBe(
      80 -
        desk.sandbox.store.listingIds().filter((id) => {
          const c = desk.sandbox.store.listing(id)?.location?.city
          return c === city
        }).length
    )
    const cheap = all.rows[Math.floor(all.rows.length / 2)].estimateCents!
    const capped = await desk.value('availability:search', {
      ...stay,
      maxPriceCents: cheap,
      sort: { key: 'price', dir: 'desc' }
    })
    expect(capped.rows.every((b) => b.estimateCents! <= cheap)).toBe(true)
    expect(capped.rows[0].estimateCents).toBe(cheap)
  })

  it('says how many bookable listings the price range left out, so the counts add up to the portfolio', async () => {
    const stay = stays(3)[2]
    const { priced } = sandboxAnswers(stay)
    const totals = [...priced.values()].sort((a, b) => a - b)
    expect(totals.length).toBeGreaterThan(5)
    // A range that cuts two of the sandbox's totals off below and three above.
    const min = totals[2]
    const max = totals[totals.length - 4]
    const range = { minPriceCents: min, maxPriceCents: max }
    const cases: (typeof stay & {
      minPriceCents?: number
      maxPriceCents: number
      country?: string
    })[] = [
      { ...stay, ...range },
      { ...stay, maxPriceCents: max },
      {
        ...stay,
        ...range,
        country: desk.sandbox.store.listing(priced.keys().next().value!)!.location!.country!
      }
    ]
    for (const asked of cases) {
      const [found, why] = await Promise.all([
        desk.value('availability:search', { ...asked, limit: 500 }),
        desk.value('availability:misses', { ...asked, missSample: 500 })
      ])
      const kept = (id: number) =>
        !asked.country || desk.sandbox.store.listing(id)?.location?.country === asked.country
      const inKept = [...priced].filter(([id]) => kept(id))
      const below = inKept.filter(
        ([, t]) => asked.minPriceCents !== undefined && t < asked.minPriceCents
      )
      const above = inKept.filter(([, t]) => t > max)
      expect(found.total).toBe(inKept.length - below.length - above.length)
      expect(found.outsidePrice).toMatchObject({
        below: below.length,
        above: above.length,
        noEstimate: 0
      })
      // Each named with the sandbox's own total, the nearest to the range first.
      const named = new Map(found.outsidePrice.listings.map((l) => [l.listingId, l.estimateCents]))
      expect(named).toEqual(new Map([...below, ...above]))
      const gaps = found.outsidePrice.listings.map((l) =>
        l.estimateCents! > max ? l.estimateCents! - max : min - l.estimateCents!
      )
      expect(gaps).toEqual([...gaps].sort((a, b) => a - b))
      // Bookable + outside the range + can't be booked + left out by the other filters.
      expect(why.notBookable).toBe(
        new Set(why.misses.flatMap((m) => m.listings.map((l) => l.listingId))).size
      )
      expect(
        found.total +
          found.outsidePrice.below +
          found.outsidePrice.above +
          found.outsidePrice.noEstimate +
          why.notBookable +
          found.filteredOut
      ).toBe(desk.sandbox.store.listingIds().length)
    }
  })

  it('gives the results a window at a time, each order over every result, and says which of some listings it found', async () => {
    const stay = stays(4)[3]
    for (const sort of [
      { key: 'price', dir: 'asc' },
      { key: 'price', dir: 'desc' },
      { key: 'name', dir: 'asc' },
      { key: 'name', dir: 'desc' }
    ] as const) {
      const whole = await desk.value('availability:search', { ...stay, sort, limit: 500 })
      expect(whole.total).toBe(whole.rows.length)
      expect(whole.total).toBeGreaterThan(3)
      const windows = []
      for (let offset = 0; offset < whole.total; offset += 3) {
        const w = await desk.value('availability:search', { ...stay, sort, offset, limit: 3 })
        expect(w).toMatchObject({ total: whole.total, offset })
        windows.push(...w.rows)
      }
      // The windows, joined, are the whole result in the same order: the last one included.
      expect(windows).toEqual(whole.rows)
      if (sort.key === 'price') {
        const prices = whole.rows.map((r) => r.estimateCents!)
        const ascending = [...prices].sort((a, b) => a - b)
        expect(prices).toEqual(sort.dir === 'asc' ? ascending : ascending.reverse())
      }
    }
    const found = (await desk.value('availability:search', { ...stay, limit: 500 })).rows
    const asked = [found[3].listingId, found[0].listingId, -1]
    const among = await desk.value('availability:search', { ...stay, among: asked })
    expect(among.total).toBe(2)
    expect(among.rows.map((r) => r.listingId)).toEqual([found[0].listingId, found[3].listingId])
  })

  it('sets the service’s period answer beside the copy’s and names a listing booked since the sync', async () => {
    const stay = stays(3)[2]
    const before = await desk.value('availability:live', { from: stay.from, to: stay.to })
    expect(before).toMatchObject({ state: 'answered', onlyLive: [], onlyOffline: [] })
    // Someone books a listing on the service; the offline copy still has it free.
    const free = (await desk.value('availability:search', stay)).rows[0]
    desk.sandbox.store.createBooking(
      { token: 'x', channel: 'DEMO', merchantOfRecord: 'service' },
      {
        listingId: free.listingId,
        ...stay,
        salesChannel: 'DEMO',
        guest: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }
      }
    )
    const after = await desk.value('availability:live', { from: stay.from, to: stay.to })
    expect(after.state).toBe('answered')
    if (after.state !== 'answered') return
    expect(after.onlyOffline.map((l) => l.listingId)).toEqual([free.listingId])
    expect(after.onlyLive).toEqual([])
    expect(after.liveCount).toBe(desk.sandbox.store.availableInPeriod(stay.from, stay.to).length)
    // Refreshed into the copy, it leaves the results: the kept search does not outlive a commit.
    await desk.value('listings:refresh', { id: free.listingId })
    const again = await desk.value('availability:search', { ...stay, limit: 500 })
    expect(again.rows.map((r) => r.listingId)).not.toContain(free.listingId)
  })

  it('counts a stay with nights past the rate window as not bookable, for no rate, as the sandbox does', async () => {
    // Rates cover one year, availability two: a week starting 380 days ahead has no rate.
    const from = addDays(today, 380)
    const stay = { from, to: addDays(from, 7), adults: 2 }
    const ids = desk.sandbox.store.listingIds()
    const refused = ids.filter(
      (id) => 'reasons' in desk.sandbox.store.quote({ listingId: id, ...stay })
    )
    expect(refused).toEqual(ids)
    const [found, why] = await Promise.all([
      desk.value('availability:search', stay),
      desk.value('availability:misses', { ...stay, missSample: 500 })
    ])
    expect(found.total).toBe(0)
    const noRate = why.misses.find((m) => m.code === 'no-rate')
    // Every listing is refused for the rate, as the sandbox refuses it.
    expect(noRate?.count).toBe(ids.length)
    for (const l of noRate!.listings) {
      const refusals = desk.sandbox.store.refusals({ listingId: l.listingId, ...stay })
      expect(clientCodesOf(refusals)).toContain('no-rate')
    }
    for (const id of ids.slice(0, 5)) {
      const estimate = await desk.value('calendar:stay', { listingId: id, ...stay })
      expect(estimate.state).toBe('unavailable')
      if (estimate.state === 'unavailable') {
        expect(estimate.reasons.map((r) => r.code)).toContain('no-rate')
      }
    }
  })

  it('answers dates past the two-year window with the window, not with bookings', async () => {
    const from = addDays(today, 728)
    const stay = { from, to: addDays(from, 7), adults: 2 }
    for (const name of ['availability:search', 'availability:misses'] as const) {
      const r = await desk.call(name, stay)
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.error.code).toBe('bad-input')
        expect(r.error.field).toBe('to')
        expect(r.error.message).toContain('past the availability window')
        // The window's last day, in the sentence date format every message uses.
        expect(r.error.message).toContain(sentenceDate(addDays(today, 729)))
      }
    }
    const listingId = desk.sandbox.store.listingIds()[0]
    const r = await desk.call('calendar:stay', { listingId, ...stay })
    expect(r.ok || r.error.field).toBe('to')
  })

  it('refuses a stay of thousands of years at the door, before main walks its nights', async () => {
    const stay = { from: addDays(today, 30), to: '9027-01-01', adults: 2 }
    const listingId = desk.sandbox.store.listingIds()[0]
    for (const r of [
      await desk.call('availability:search', stay),
      await desk.call('availability:misses', stay),
      await desk.call('calendar:stay', { listingId, ...stay }),
      await desk.call('quotes:ask', { listingId, ...stay })
    ]) {
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.error.code).toBe('bad-input')
        expect(r.error.message).toMatch(/at most 730 nights/)
      }
    }
  })
})

/**
 * "Why not bookable" is judged a slice of listings at a time so main's thread stays free for
 * other calls: the slices must add up to exactly the mirror's own general path (every listing
 * through the shared stay rules in one piece), and other work must get in between them.
 */
describe('availability: the reasons pass over a portfolio, in slices', () => {
  const today = '2026-11-23'
  let mirror: Mirror
  let dir: string

  beforeAll(async () => {
    const store = createSandboxStore({
      listings: 140,
      seed: 3,
      today,
      callers: [{ token: 'demo-token', channel: 'DEMO', merchantOfRecord: 'service' }]
    })
    dir = mkdtempSync(join(tmpdir(), 'staydesk-misses-'))
    mirror = await openMirror(join(dir, 'mirror.db'))
    const ids = store.listingIds()
    const page = {
      quarantined: [],
      seenAt: 1,
      recordHistory: false,
      cursor: { phase: 'full' as const, nextUrl: null }
    }
    mirror.sync.commitPage({
      ...page,
      resource: 'listings',
      records: ids.map((id) => store.listing(id)!)
    })
    mirror.sync.commitPage({
      ...page,
      resource: 'availability',
      records: ids.map((id) => store.availability(id)!)
    })
    mirror.sync.commitPage({
      ...page,
      resource: 'rates',
      records: ids.map((id) => store.rates(id)!)
    })
  })
  afterAll(async () => {
    await mirror?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const stays = [
    { from: '2026-11-28', to: '2026-11-30', adults: 1 },
    { from: '2026-12-05', to: '2026-12-12', adults: 5 },
    { from: '2026-12-19', to: '2027-01-02', adults: 2, childrenAges: [4] },
    { from: '2028-11-10', to: '2028-11-20', adults: 2 }
  ]

  it('gives every listing the reasons the mirror’s general path gives it, in the same order', async () => {
    for (const stay of stays) {
      const whole = mirror.calendars.available({ ...stay, today, explain: true, reasonsOnly: true })
      const expected = new Map<number, StayMiss[]>(whole.bookable.map((b) => [b.listingId, []]))
      for (const m of whole.misses!) expected.set(m.listingId, m.reasons)
      const sliced = new Map<number, StayMiss[]>()
      await judgeMisses(
        mirror,
        stay,
        today,
        () => true,
        (id, codes, words) => {
          expect(codes).toEqual(words().map((r) => r.code))
          sliced.set(id, words())
        },
        9
      )
      expect([...sliced.keys()]).toEqual([...expected.keys()].sort((a, b) => a - b))
      expect(sliced).toEqual(expected)
      expect(whole.misses!.length).toBeGreaterThan(0)
    }
  })

  it('lets a search through between its slices', async () => {
    const stay = stays[1]
    const done: string[] = []
    const pass = judgeMisses(
      mirror,
      stay,
      today,
      () => true,
      () => undefined,
      10
    ).then(() => done.push('reasons'))
    // As a search arriving over IPC while the reasons are being checked.
    setImmediate(() => {
      searchAvailability(
        mirror,
        { ...stay, sort: { key: 'price', dir: 'asc' }, offset: 0, limit: 200 },
        today
      )
      done.push('search')
    })
    await pass
    expect(done).toEqual(['search', 'reasons'])
  })

  it('judges only the listings the filters keep, grouped as the whole portfolio groups them', async () => {
    const stay = { ...stays[0], sort: { key: 'price' as const, dir: 'asc' as const } }
    const city = mirror.listings.summary(mirror.listings.filter({})[0].id)!.city!
    const inCity = new Set(mirror.listings.filter({ city }).map((s) => s.id))
    const all = await availabilityMisses(mirror, { ...stay, missSample: 500 }, today)
    const some = await availabilityMisses(mirror, { ...stay, city, missSample: 500 }, today)
    expect(all.considered).toBe(140)
    expect(some.considered).toBe(inCity.size)
    const narrowed = all.misses
      .map((g) => ({ code: g.code, listings: g.listings.filter((l) => inCity.has(l.listingId)) }))
      .filter((g) => g.listings.length > 0)
    expect(
      some.misses
        .map((g) => ({ code: g.code, listings: g.listings }))
        .sort((a, b) => a.code.localeCompare(b.code))
    ).toEqual(narrowed.sort((a, b) => a.code.localeCompare(b.code)))
  })
})
