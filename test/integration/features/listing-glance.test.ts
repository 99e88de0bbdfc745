import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { utcDateOf } from '@shared/domain/dates'
import type { ListingGlance, ListingRow } from '@shared/ipc/listings.schema'
import { openDesk, type Desk } from '../main/desk-fixture'
import { glanceCsvCells, glanceTruth } from './listing-glance-truth'

/**
 * The Listings table's figures at a glance (lowest rate of the next 30 nights, minimum stay,
 * next arrival) on a mirror synced over real HTTP from the demo sandbox: every listing's figures
 * against a direct computation over the sandbox's own records (sandbox.store), the sorts by them,
 * and the CSV export's columns.
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
    // The demo portfolio has listings of each kind, so every branch above was compared.
    const glances = rows.map((r) => r.glance!)
    expect(glances.some((g) => g.lowestCents !== null)).toBe(true)
    expect(glances.some((g) => g.nextArrival !== null && g.minStayNights! > 1)).toBe(true)
    expect(glances.some((g) => g.arrivalMissing !== null)).toBe(true)
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

  it('exports the figures as three more CSV columns, in words where a figure is missing', async () => {
    const file = await desk.value('listings:export', { sort: { key: 'nextArrival', dir: 'asc' } })
    expect(file.rows).toBe(120)
    const [header, ...lines] = parse(saved.at(-1)!) as string[][]
    expect(header.slice(-3)).toEqual([
      'lowestNightlyEurNext30Nights',
      'minStayNights',
      'nextArrival'
    ])
    expect(header).toHaveLength(13)
    for (const line of lines) {
      expect(line.slice(-3)).toEqual(glanceCsvCells(truthOf(Number(line[0]))))
      expect(line.slice(-3)).not.toContain('')
    }
  })
})
