import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Listing } from '@shared/api/listing.schema'
import { openMirror, type Mirror } from '../../../src-main/db'
import { cursor, makeListing, tempDir } from './fixtures'

/**
 * Place filters as a person types them: the start of a name, in the local language or in
 * English, with or without the accents; and the portfolio's own places offered as choices.
 */
const place = (
  city: string,
  region: string,
  country: string,
  en: { country?: string; city?: string; region?: string }
): Partial<Listing> => ({
  location: { city, region, country, latitude: 1, longitude: 1, en }
})

const PLACES: Record<number, Partial<Listing>> = {
  1: place('Córdoba', 'Andalucía', 'España', { country: 'Spain', city: 'Cordoba' }),
  2: place('Marbella', 'Andalucía', 'España', { country: 'Spain' }),
  3: place('Hallstatt', 'Oberösterreich', 'Österreich', { country: 'Austria' }),
  4: place('Łódź', 'Łódzkie', 'Polska', { country: 'Poland', city: 'Lodz' }),
  5: place('Nice', 'Provence', 'France', { country: 'France' }),
  6: place('Spa', 'Liège', 'Belgique', { country: 'Belgium' })
}

let m: Mirror
let cleanup: () => void

beforeAll(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  m = await openMirror(t.file)
  m.sync.commitPage({
    resource: 'listings',
    records: Object.entries(PLACES).map(([id, over]) => makeListing(Number(id), over)),
    quarantined: [],
    cursor: cursor(1),
    seenAt: 1,
    recordHistory: false
  })
})
afterAll(async () => {
  await m.close()
  cleanup()
})

const ids = (q: Parameters<Mirror['listings']['search']>[0]) =>
  m.listings.search(q).items.map((i) => i.id)

describe('place filters', () => {
  it('find a country by its English or local name, by the start of it, in any case', () => {
    expect(ids({ country: 'Spain' })).toEqual([1, 2])
    expect(ids({ country: 'España' })).toEqual([1, 2])
    expect(ids({ country: 'spa' })).toEqual([1, 2])
    expect(ids({ country: 'ESP' })).toEqual([1, 2])
    expect(ids({ country: 'austria' })).toEqual([3])
    expect(ids({ country: 'Öster' })).toEqual([3])
  })

  it('ignore accents and letters with their mark inside', () => {
    expect(ids({ country: 'osterreich' })).toEqual([3])
    expect(ids({ city: 'cor' })).toEqual([1])
    expect(ids({ city: 'lodz' })).toEqual([4])
    expect(ids({ city: 'Łódź' })).toEqual([4])
    expect(ids({ region: 'andalucia' })).toEqual([1, 2])
  })

  it('match the start of a name only, and take the text literally', () => {
    // "Spa" is a town in Belgium: the city filter finds it, the country filter does not.
    expect(ids({ city: 'spa' })).toEqual([6])
    expect(ids({ country: 'ain' })).toEqual([])
    expect(ids({ country: '%' })).toEqual([])
    expect(ids({ country: '_' })).toEqual([])
    expect(ids({ country: '  ' })).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('combine with each other', () => {
    expect(ids({ country: 'spain', city: 'marb' })).toEqual([2])
  })
})

describe('facets', () => {
  it('offer the portfolio’s own places, with counts, the English name first where it differs', () => {
    const f = m.listings.facets()
    expect(f.countries).toEqual([
      { value: 'Österreich', label: 'Austria (Österreich)', count: 1 },
      { value: 'Belgique', label: 'Belgium (Belgique)', count: 1 },
      { value: 'France', label: 'France', count: 1 },
      { value: 'Polska', label: 'Poland (Polska)', count: 1 },
      { value: 'España', label: 'Spain (España)', count: 2 }
    ])
    expect(f.cities.find((c) => c.value === 'Łódź')).toEqual({
      value: 'Łódź',
      label: 'Lodz (Łódź)',
      count: 1
    })
    expect(f.regions.find((r) => r.value === 'Andalucía')?.count).toBe(2)
  })

  it('follow a commit, through this connection or the sync’s own', async () => {
    expect(m.listings.facets().countries.map((c) => c.value)).not.toContain('Italia')
    const page = { quarantined: [], seenAt: 2, recordHistory: false }
    m.sync.commitPage({
      ...page,
      cursor: cursor(2),
      resource: 'listings',
      records: [makeListing(7, place('Lucca', 'Toscana', 'Italia', { country: 'Italy' }))]
    })
    expect(m.listings.facets().countries.find((c) => c.value === 'Italia')).toEqual({
      value: 'Italia',
      label: 'Italy (Italia)',
      count: 1
    })
    const other = await openMirror(m.file)
    other.sync.commitPage({
      ...page,
      cursor: cursor(3),
      resource: 'listings',
      records: [makeListing(8, place('Pisa', 'Toscana', 'Italia', { country: 'Italy' }))]
    })
    await other.close()
    expect(m.listings.facets().regions.find((r) => r.value === 'Toscana')?.count).toBe(2)
  })
})
