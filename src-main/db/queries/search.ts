import type Database from 'better-sqlite3'
import type { z } from 'zod'
import { placeLabel } from '@shared/domain/listing-display'
import type { IsoDate } from '@shared/domain/dates'
import type { ListingFacets, ListingRow, ListingSearchInput } from '@shared/ipc/listings.schema'
import type { ListingIndex } from './listing-index'

/**
 * The filter and the rows are the IPC contract's (`listings:search`), with the day the figures
 * at a glance count from (main's today; the system clock's without it).
 */
export type ListingSearch = z.input<typeof ListingSearchInput> & { today?: IsoDate }

export interface ListingSearchResult {
  total: number
  items: ListingRow[]
}

/** The user's text taken literally by LIKE (a `%` in a search box is not a wildcard). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * The listings table's page: the in-memory index filters and sorts (listing-index.ts); only
 * the page asked for is copied out.
 */
export function searchListings(index: ListingIndex, q: ListingSearch): ListingSearchResult {
  return index.page(q, q.sort, q.offset ?? 0, q.limit ?? 100)
}

type Place = 'country' | 'region' | 'city'
const PLACES: readonly Place[] = ['country', 'region', 'city']

/** One pass over the listings for all three: each GROUP BY walked the whole table again. */
const FACET_ROWS = `SELECT country, country_en, region, region_en, city, city_en FROM listings`

/**
 * Changes with every commit, through this connection (total_changes) or another (the sync's
 * process: data_version), as Freshness does; the facets have no Freshness of their own.
 */
const STAMP = `SELECT (SELECT data_version FROM pragma_data_version()) || ':' || total_changes()`

const facetCache = new WeakMap<Database.Database, { stamp: string; facets: ListingFacets }>()

/** SQLite's NOCASE order: ASCII letters folded, then the code units as they are. */
function nocaseCompare(a: string, b: string): number {
  const x = a.replace(/[A-Z]+/g, (m) => m.toLowerCase())
  const y = b.replace(/[A-Z]+/g, (m) => m.toLowerCase())
  return x < y ? -1 : x > y ? 1 : 0
}

/**
 * The countries, regions and cities the portfolio holds, with how many listings each, for the
 * filters' choices: a person picks "Spain (España)" instead of guessing the spelling. Grouped
 * here from one read of the listings, and kept until the next commit: the Listings screen asks
 * on every start and after every sync page, and at 50,000 listings three GROUP BY scans held
 * main's thread for 0.4 to 1.8 s each time (the English names sit behind each row's JSON).
 */
export function listingFacets(sqlite: Database.Database): ListingFacets {
  const stamp = sqlite.prepare(STAMP).pluck().get() as string
  const cached = facetCache.get(sqlite)
  if (cached?.stamp === stamp) return cached.facets
  const groups = PLACES.map(() => new Map<string, { english: string | null; n: number }>())
  const rows = sqlite.prepare(FACET_ROWS).raw().iterate() as Iterable<(string | null)[]>
  for (const r of rows) {
    for (let p = 0; p < PLACES.length; p++) {
      const local = r[2 * p]
      if (local === null) continue
      const english = r[2 * p + 1]
      const g = groups[p].get(local)
      // max(english) as SQLite takes it: nulls ignored, the greatest text kept.
      if (!g) groups[p].set(local, { english, n: 1 })
      else {
        g.n++
        if (english !== null && (g.english === null || english > g.english)) g.english = english
      }
    }
  }
  const facet = (p: number) =>
    [...groups[p]]
      .sort(
        ([a, x], [b, y]) =>
          nocaseCompare(x.english ?? a, y.english ?? b) || (a < b ? -1 : a > b ? 1 : 0)
      )
      .map(([local, g]) => ({
        value: local,
        label: placeLabel({ local, english: g.english }) ?? local,
        count: g.n
      }))
  const facets = { countries: facet(0), regions: facet(1), cities: facet(2) }
  facetCache.set(sqlite, { stamp, facets })
  return facets
}
