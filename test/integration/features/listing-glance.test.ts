import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { utcDateOf } from '@shared/domain/dates'
import type { ListingGlance, ListingRow } from '@shared/ipc/listings.schema'
import { openDesk, type Desk } from '../main/desk-fixture'
import { glanceCsvCells, glanceTruth } from './listing-glance-truth'

/**
 * The Listings table's figures at a glance (lowest rate of the next 30 nights, minimum stay,
 * next arrival) on a mirror synced over real HTTP from the demo sandbox: every listing's figures
 * against a direct computation over the sandbox's own records (sandbox.store; stays of every
 * length judged by the shared stay rules), the sorts by them, and the CSV export's columns.
 */
describe('the listings’ figures at a glance', () => {
  let desk: Desk
  let today: string
  const saved: string[] = []

  beforeAll(async () => {
    desk = await openDesk({
      listings: 120,
      deps: {
        files: {
          save: async ({ suggestedName, contents }) => {
            saved.push(String(contents))
            return `/saved/${suggestedName}`
          },
          printToPdf: async () => new Uint8Array()
        }
      }
    })
    today = utcDateOf(Date.now())
  })
  afterAll(async () => desk?.close())

  const truthOf = (id: number): ListingGlance => {
    const store = desk.sandbox.store
    return glanceTruth(store.listing(id), store.availability(id), store.rates(id), today)
  }

  async function allRows(): Promise<ListingRow[]> {
    return (await desk.value('listings:search', { glance: true, limit: 500 })).items
  }

  it('gives every listing the figures its own records give', async () => {
    const rows = await allRows()
    expect(rows).toHaveLength(120)
    for (const row of rows)
      expect({ id: row.id, ...row.glance }).toEqual({ id: row.id, ...truthOf(row.id) })
    // Judged with stays of every length, every demo listing has a next arrival (a missing one
    // is held by the unit tests, test/unit/main/db/queries/listing-glance.test.ts).
    const glances = rows.map((r) => r.glance!)
    expect(glances.some((g) => g.lowestCents !== null)).toBe(true)
    expect(glances.some((g) => g.nextArrival !== null && g.minStayNights! > 1)).toBe(true)
    expect(glances.every((g) => g.nextArrival !== null)).toBe(true)
  })

  it('sorts the whole portfolio by each figure, missing ones last either way', async () => {
    const value = {
      lowestPrice: (g: ListingGlance) => g.lowestCents,
      minStay: (g: ListingGlance) => g.minStayNights,
      nextArrival: (g: ListingGlance) => g.nextArrival
    }
    for (const key of ['lowestPrice', 'minStay', 'nextArrival'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const { items } = await desk.value('listings:search', {
          glance: true,
          limit: 500,
          sort: { key, dir }
        })
        const values = items.map((r) => value[key](truthOf(r.id)))
        const present = values.filter((v) => v !== null)
        const sorted = [...present].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0))
        expect(present).toEqual(dir === 'asc' ? sorted : sorted.reverse())
        // Every missing figure after every present one.
        expect(values.slice(present.length).every((v) => v === null)).toBe(true)
      }
    }
  })

  it('exports the figures as five more CSV columns: numbers or dates, the reason in words apart', async () => {
    // A listing whose every open run is shorter than 255 nights, given a minimum stay of 255 on
    // every day: no stay fits, so its next arrival is missing, and the CSV says why.
    const store = desk.sandbox.store
    const closedOff = store.listingIds().find((id) => {
      let run = 0
      for (const d of Object.values(store.availability(id)?.availability ?? {})) {
        run = d.available ? run + 1 : 0
        if (run >= 255) return false
      }
      return true
    })!
    for (const date of Object.keys(store.availability(closedOff)!.availability)) {
      if (date >= today) store.setMinStay(closedOff, date, 255)
    }
    await desk.value('sync:run', {})
    expect(truthOf(closedOff)).toMatchObject({ nextArrival: null, arrivalMissing: 'none-open' })
    const file = await desk.value('listings:export', { sort: { key: 'nextArrival', dir: 'asc' } })
    expect(file.rows).toBe(120)
    const [header, ...lines] = parse(saved.at(-1)!) as string[][]
    expect(header.slice(-5)).toEqual([
      'lowestNightlyEurNext30Nights',
      'lowestRateMissing',
      'minStayNights',
      'nextArrival',
      'nextArrivalMissing'
    ])
    expect(header).toHaveLength(15)
    const column = (name: string) => lines.map((line) => line[header.indexOf(name)])
    for (const line of lines)
      expect(line.slice(-5)).toEqual(glanceCsvCells(truthOf(Number(line[0]))))
    // A number column holds numbers or nothing; a date column dates or nothing; each empty
    // figure has its reason beside it.
    for (const cell of column('lowestNightlyEurNext30Nights'))
      expect(cell).toMatch(/^(\d+\.\d\d)?$/)
    for (const cell of column('minStayNights')) expect(cell).toMatch(/^(\d+)?$/)
    for (const cell of column('nextArrival')) expect(cell).toMatch(/^(\d{4}-\d\d-\d\d)?$/)
    for (const line of lines) {
      const [lowest, lowestWhy, minStay, arrival, arrivalWhy] = line.slice(-5)
      expect(lowest === '').toBe(['no rate', 'none open'].includes(lowestWhy))
      expect(arrival === '').toBe(['no rate', 'none open'].includes(arrivalWhy))
      expect(minStay === '').toBe(arrival === '')
    }
    const row = lines.find((line) => Number(line[0]) === closedOff)!
    expect(row.slice(-3)).toEqual(['', '', 'none open'])
  })
})
