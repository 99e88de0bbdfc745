import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, daysBetween, utcDateOf } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { asFigures, directOverview, monthStart, sumOf, type Direct } from './direct'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * The overview and the gap nights over a mirror synced from the demo sandbox, each figure
 * checked against a direct computation over the sandbox's own records (sandbox.store): its
 * calendars and rates as dates and floats, its stay rules through stayMissCodes stay by stay,
 * not the app's packed copy.
 */

describe('the portfolio overview, from the offline copy', () => {
  let desk: Desk
  let today: string
  /** Per listing: the months' raw figures and its gap runs [first night, day after last]. */
  const direct = new Map<number, Direct>()
  const saved: { name: string; contents: string }[] = []

  beforeAll(async () => {
    desk = await openDesk({
      listings: 60,
      deps: {
        files: {
          save: async ({ suggestedName, contents }) => {
            saved.push({ name: suggestedName, contents: String(contents) })
            return `/chosen/${suggestedName}`
          },
          printToPdf: async () => new Uint8Array()
        }
      }
    })
    today = utcDateOf(Date.now())
    for (const [id, d] of directOverview(desk.sandbox.store, today)) direct.set(id, d)
  })
  afterAll(async () => desk?.close())

  const sum = (ids: readonly number[], months: readonly number[]) => sumOf(direct, ids, months)

  it('gives every month, region and listing the figures of the sandbox records', async () => {
    const ids = desk.sandbox.store.listingIds()
    const all = Array.from({ length: 12 }, (_, m) => m)
    const o = await desk.value('overview:get', { limit: 1000 })
    expect(o.today).toBe(today)
    expect(o.months).toEqual(
      all.map((m) => ({
        month: monthStart(today, m).slice(0, 7),
        figures: asFigures(sum(ids, [m]))
      }))
    )
    expect(o.totals).toEqual(asFigures(sum(ids, all)))
    expect(o.listings.total).toBe(ids.length)
    for (const row of o.listings.items) expect(row.figures).toEqual(asFigures(sum([row.id], all)))
    // The portfolio has gap nights and unavailable days for the comparison to mean something.
    expect(o.totals.gapNights).toBeGreaterThan(0)
    expect(o.totals.unavailable).toBeGreaterThan(0)

    // One region, one month.
    // Which listings a region holds is the app's reading of their addresses; the figures are not.
    const region = o.regions[0].region!
    const inRegion = o.listings.items.filter((x) => x.region === region).map((x) => x.id)
    expect(inRegion.length).toBeGreaterThan(0)
    const month = o.months[2].month
    const r = await desk.value('overview:get', { region, month, limit: 1000 })
    expect(r.totals).toEqual(asFigures(sum(inRegion, [2])))
    expect(r.listings.items.map((x) => x.id).sort()).toEqual([...inRegion].sort())
    expect(r.regions.find((x) => x.region === region)).toEqual({
      region,
      listings: inRegion.length,
      figures: asFigures(sum(inRegion, [2]))
    })
  })

  it('lists the gap nights of the next 90 days with their value at published rates', async () => {
    const horizon = addDays(today, 90)
    const expected = [...direct]
      .flatMap(([id, d]) => d.gaps.map(([from, to, why]) => ({ id, from, to, why })))
      .filter((g) => g.from < horizon)
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.id - b.id))
    const g = await desk.value('overview:gaps', { limit: 500 })
    expect(g.days).toBe(90)
    expect(g.total).toBe(expected.length)
    expect(g.total).toBeGreaterThan(0)
    expect(g.items.map((x) => [x.listingId, x.from, x.to])).toEqual(
      expected.map((x) => [x.id, x.from, x.to < horizon ? x.to : horizon])
    )
    // Each gap's reason: the rule stayMissCodes finds stopping every stay of its first allowed
    // arrival day, with the day, the nights it leaves and the minimum its sentence names.
    expect(
      g.items.map((x) => ({
        id: x.listingId,
        from: x.from,
        why: {
          reason: x.reason,
          arrival: x.arrival,
          arrivals: x.arrivals,
          nightsLeft: x.nightsLeft,
          minStay: x.minStay,
          earliest: x.earliest,
          mixed: x.mixed
        }
      }))
    ).toEqual(expected.map((x) => ({ id: x.id, from: x.from, why: x.why })))
    // The demo has gaps stopped by the minimum stay from a later arrival day and by the notice.
    expect(g.items.some((x) => x.reason === 'min-stay' && x.arrival !== x.from)).toBe(true)
    expect(g.items.some((x) => x.earliest !== null)).toBe(true)
    for (const item of g.items) {
      const rate = desk.sandbox.store.rates(item.listingId)?.rate ?? {}
      let value = 0
      const unpriced: string[] = []
      for (let d = item.from; d < item.to; d = addDays(d, 1)) {
        if (rate[d] === undefined) unpriced.push(d)
        else value += eurToCents(rate[d])
      }
      expect(item.nights).toBe(daysBetween(item.from, item.to))
      expect(item.valueCents).toBe(value)
      expect(item.unpriced).toEqual(unpriced)
    }
    const one = g.items[0].listingId
    const mine = await desk.value('overview:gaps', { listingId: one })
    expect(mine.items.every((x) => x.listingId === one)).toBe(true)
    expect(mine.total).toBe(expected.filter((x) => x.id === one).length)
  })

  it('exports the figures per listing and month, and refuses a month outside the twelve', async () => {
    const month = monthStart(today, 1).slice(0, 7)
    const out = await desk.value('overview:export', { month })
    const ids = desk.sandbox.store.listingIds()
    expect(out).toEqual({
      file: `/chosen/StayDesk overview ${today} ${month}.csv`,
      rows: ids.length
    })
    const lines = saved[0].contents
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
    expect(lines[0]).toMatch(/^month,listingId,name,region,days,unavailable,/)
    expect(lines).toHaveLength(ids.length + 1)
    // A row's figures are those of the screen: the first listing's gap nights and open value.
    const first = ids[0]
    const f = asFigures(sum([first], [1]))
    const rows = parse(saved[0].contents, { bom: true }) as string[][]
    const cells = rows.find((r) => r[0] === month && r[1] === String(first))!
    expect(cells.at(-3)).toBe(String(f.gapNights))
    expect(cells.at(-5)).toBe((f.openValueCents / 100).toFixed(2))
    const result = await desk.call('overview:export', { month: '2001-01' })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('bad-input')
      expect(result.error.message).toContain("2001-01 is not one of the overview's months")
    }
    expect(desk.crashes).toEqual([])
  })
})
