import type Database from 'better-sqlite3'
import { sql, type CompiledQuery, type Kysely } from 'kysely'
import type { z } from 'zod'
import { placeLabel } from '@shared/domain/listing-display'
import { foldText } from '@shared/domain/text'
import type {
  ListingFacets,
  ListingSearchInput,
  ListingSort,
  ListingSummary
} from '@shared/ipc/views.schema'
import type { MirrorDatabase } from '../schema'

/** The filter and the summary rows are the IPC contract's (`listings:search`). */
export type ListingSearch = z.input<typeof ListingSearchInput>
export type { ListingSummary }

export interface ListingSearchResult {
  total: number
  items: ListingSummary[]
}

/** The column behind each sort key; text columns compare without case, as the screen shows them. */
const SORT_COLUMNS: Record<ListingSort['key'], { column: string; text: boolean }> = {
  id: { column: 'id', text: false },
  referenceNumber: { column: 'reference_number', text: true },
  name: { column: 'name', text: true },
  city: { column: 'city', text: true },
  country: { column: 'country', text: true },
  maxGuest: { column: 'max_guest', text: false },
  bedrooms: { column: 'bedrooms', text: false }
}

function orderOf(sort: ListingSort | undefined) {
  const { column, text } = SORT_COLUMNS[sort?.key ?? 'id']
  const dir = sort?.dir === 'desc' ? 'DESC' : 'ASC'
  return sql`${sql.ref(column)}${sql.raw(text ? ' COLLATE NOCASE' : '')} ${sql.raw(dir)} NULLS LAST`
}

/** The user's text taken literally by LIKE (a `%` in a search box is not a wildcard). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

function likePattern(text: string): string {
  return `%${likeEscape(text.toLowerCase())}%`
}

/**
 * A place column's keys hold the folded local and English names one per line (migration 0006):
 * the filter matches when either line starts with the folded text.
 */
function placePattern(text: string): string {
  return `%\n${likeEscape(foldText(text))}%`
}

/**
 * Kysely builds the filter (the one query here with optional parts); the compiled SQL runs as a
 * better-sqlite3 statement so the call stays synchronous and as fast as hand-written SQL.
 */
export function searchListings(
  kysely: Kysely<MirrorDatabase>,
  sqlite: Database.Database,
  q: ListingSearch
): ListingSearchResult {
  let query = kysely.selectFrom('listings')
  const text = q.text?.trim()
  if (text) {
    query = query.where((eb) =>
      eb(sql<string>`search_text`, 'like', sql<string>`${likePattern(text)} ESCAPE '\\'`)
    )
  }
  const place = (column: 'city_keys' | 'region_keys' | 'country_keys', value?: string) => {
    if (value === undefined || foldText(value) === '') return
    query = query.where((eb) =>
      eb(
        sql<string>`char(10) || ${sql.ref(column)}`,
        'like',
        sql<string>`${placePattern(value)} ESCAPE '\\'`
      )
    )
  }
  place('city_keys', q.city)
  place('region_keys', q.region)
  place('country_keys', q.country)
  if (q.minGuests !== undefined) query = query.where('max_guest', '>=', q.minGuests)
  if (q.minBedrooms !== undefined) query = query.where('bedrooms', '>=', q.minBedrooms)
  if (q.bookingType !== undefined) query = query.where('booking_type', '=', q.bookingType)
  if (q.active !== undefined) query = query.where('active', '=', q.active ? 1 : 0)

  const count = query.select(({ fn }) => fn.countAll<number>().as('n')).compile()
  const page = query
    .select([
      'id',
      'reference_number',
      'name',
      'city',
      'region',
      'country',
      'max_guest',
      'bedrooms',
      'booking_type',
      'active'
    ])
    .orderBy(orderOf(q.sort))
    .orderBy('id')
    .limit(q.limit ?? 100)
    .offset(q.offset ?? 0)
    .compile()
  const total = sqlite
    .prepare(count.sql)
    .pluck()
    .get(...count.parameters) as number
  const rows = sqlite.prepare(page.sql).all(...page.parameters) as InferResult<typeof page>
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      referenceNumber: r.reference_number,
      name: r.name,
      city: r.city,
      region: r.region,
      country: r.country,
      maxGuest: r.max_guest,
      bedrooms: r.bedrooms,
      bookingType: r.booking_type,
      active: r.active === null ? null : r.active === 1
    }))
  }
}

/** The row type a compiled Kysely query produces, for queries run by a prepared statement. */
type InferResult<C> = C extends CompiledQuery<infer O> ? O[] : never

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
