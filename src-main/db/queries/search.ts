import type Database from 'better-sqlite3'
import type { z } from 'zod'
import { placeLabel } from '@shared/domain/listing-display'
import type { ListingFacets, ListingSearchInput, ListingSummary } from '@shared/ipc/listings.schema'
import type { ListingIndex } from './listing-index'

/** The filter and the summary rows are the IPC contract's (`listings:search`). */
export type ListingSearch = z.input<typeof ListingSearchInput>

export interface ListingSearchResult {
  total: number
  items: ListingSummary[]
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

const FACET_SQL = (column: 'country' | 'region' | 'city') => `
SELECT ${column} AS local, max(${column}_en) AS english, count(*) AS n
FROM listings WHERE ${column} IS NOT NULL
GROUP BY ${column} ORDER BY coalesce(max(${column}_en), ${column}) COLLATE NOCASE`

/**
 * The countries, regions and cities the portfolio holds, with how many listings each, for the
 * filters' choices: a person picks "Spain (España)" instead of guessing the spelling.
 */
export function listingFacets(sqlite: Database.Database): ListingFacets {
  const facet = (column: 'country' | 'region' | 'city') =>
    (
      sqlite.prepare(FACET_SQL(column)).all() as {
        local: string
        english: string | null
        n: number
      }[]
    ).map((r) => ({
      value: r.local,
      label: placeLabel({ local: r.local, english: r.english }) ?? r.local,
      count: r.n
    }))
  return { countries: facet('country'), regions: facet('region'), cities: facet('city') }
}
