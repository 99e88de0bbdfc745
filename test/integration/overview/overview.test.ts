import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, daysBetween, utcDateOf } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { stayDates, stayMissCodes } from '@shared/domain/stay-rules'
import type { OverviewFigures } from '@shared/overview/overview.schema'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * The overview and the gap nights over a mirror synced from the demo sandbox, each figure
 * checked against a direct computation over the sandbox's own records (sandbox.store): its
 * calendars and rates as dates and floats, its stay rules through stayMissCodes stay by stay,
 * not the app's packed copy.
 */

interface Raw {
  days: number
  unknown: number
  unavailable: number
  open: number
  priced: number
  rateSum: number
  openValue: number
  openUnpriced: number
  gapNights: number
  gapValue: number
  gapUnpriced: number
}

const zero = (): Raw => ({
  days: 0,
  unknown: 0,
  unavailable: 0,
  open: 0,
  priced: 0,
  rateSum: 0,
  openValue: 0,
  openUnpriced: 0,
  gapNights: 0,
  gapValue: 0,
  gapUnpriced: 0
})

function asFigures(r: Raw): OverviewFigures {
  const known = r.days - r.unknown
  return {
    days: r.days,
    unknown: r.unknown,
    unavailable: r.unavailable,
    unavailableShare: known > 0 ? r.unavailable / known : null,
    averageRateCents: r.priced > 0 ? Math.round(r.rateSum / r.priced) : null,
    pricedNights: r.priced,
    open: r.open,
    openValueCents: r.openValue,
    openUnpriced: r.openUnpriced,
    gapNights: r.gapNights,
    gapValueCents: r.gapValue,
    gapUnpriced: r.gapUnpriced
  }
}

/** The first day of the month `k` months after today's. */
function monthStart(today: string, k: number): string {
  const d = new Date(Date.UTC(+today.slice(0, 4), +today.slice(5, 7) - 1 + k, 1))
  return d.toISOString().slice(0, 10)
}

describe('the portfolio overview, from the offline copy', () => {
  let desk: Desk
  let today: string
  /** Per listing: the months' raw figures and its gap runs [first night, day after last]. */
  const direct = new Map<number, { months: Raw[]; gaps: [string, string][] }>()
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
    const store = desk.sandbox.store
    const end = monthStart(today, 12)
    for (const id of store.listingIds()) {
      const listing = store.listing(id)!
      const cal = store.availability(id)?.availability ?? {}
      const rate = store.rates(id)?.rate ?? {}
      const months = Array.from({ length: 12 }, zero)
      const monthOf = (d: string) =>
        (+d.slice(0, 4) - +today.slice(0, 4)) * 12 + +d.slice(5, 7) - +today.slice(5, 7)
      for (let d = today; d < end; d = addDays(d, 1)) {
        const m = months[monthOf(d)]
        const day = cal[d]
        const cents = rate[d] === undefined ? null : eurToCents(rate[d])
        m.days++
        if (cents !== null) {
          m.priced++
          m.rateSum += cents
        }
        if (!day) m.unknown++
        else if (!day.available) m.unavailable++
        else {
          m.open++
          if (cents === null) m.openUnpriced++
          else m.openValue += cents
        }
      }
      // Gap runs: each maximal run of open nights from today, judged stay by stay.
      const gaps: [string, string][] = []
      const open = (d: string) => cal[d]?.available === true
      for (let s = today; s < end; s = addDays(s, 1)) {
        if (!open(s) || (s > today && open(addDays(s, -1)))) continue
        let e = s
        while (open(addDays(e, 1))) e = addDays(e, 1)
        let bookable = listing.active === false
        for (let a = s; a <= e && !bookable; a = addDays(a, 1)) {
          for (let b = addDays(a, 1); b <= addDays(e, 1) && !bookable; b = addDays(b, 1)) {
            const stay = { from: a, to: b, adults: 1 }
            const codes = stayMissCodes(
              { active: true, advanceNotice: listing.advanceNotice },
              (d) => cal[d],
              stay,
              stayDates(stay, today)
            )
            bookable = codes.length === 0
          }
        }
        if (bookable) continue
        gaps.push([s, addDays(e, 1)])
        for (let d = s; d <= e && d < end; d = addDays(d, 1)) {
          const m = months[monthOf(d)]
          m.gapNights++
          if (rate[d] === undefined) m.gapUnpriced++
          else m.gapValue += eurToCents(rate[d])
        }
      }
      direct.set(id, { months, gaps })
    }
  })
  afterAll(async () => desk?.close())

  const sum = (ids: readonly number[], months: readonly number[]): Raw => {
    const out = zero()
    for (const id of ids) {
      for (const m of months) {
        const r = direct.get(id)!.months[m]
        for (const k of Object.keys(out) as (keyof Raw)[]) out[k] += r[k]
      }
    }
    return out
  }

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
      .flatMap(([id, d]) => d.gaps.map(([from, to]) => ({ id, from, to })))
      .filter((g) => g.from < horizon)
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.id - b.id))
    const g = await desk.value('overview:gaps', { limit: 500 })
    expect(g.days).toBe(90)
    expect(g.total).toBe(expected.length)
    expect(g.total).toBeGreaterThan(0)
    expect(g.items.map((x) => [x.listingId, x.from, x.to])).toEqual(
      expected.map((x) => [x.id, x.from, x.to < horizon ? x.to : horizon])
    )
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
  })
})
