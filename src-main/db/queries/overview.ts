import type Database from 'better-sqlite3'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import type { PackedDays, StayWidth } from '@shared/calendar/packed-days'
import type { PackedRates } from '@shared/calendar/packed-rates'
import {
  FIGURES,
  listingFigures,
  monthSpan,
  OVERVIEW_MONTHS,
  type ListingCalendar,
  type MonthSpan
} from '@shared/overview/figures'
import type { GapRun } from '@shared/overview/gap-nights'

/**
 * The portfolio overview's figures of every listing and month, and every listing's gap runs,
 * worked out in one pass over the packed calendars and rates (src-shared/overview) and kept in
 * memory until the data or the day changes: the overview, its regions, its listings' table,
 * the gap nights' list and the CSV are then sums and slices of typed arrays.
 *
 * Kept until `stamp()` changes: the mirror's data stamp (Freshness: a commit through this
 * connection, or PRAGMA data_version for the sync's own connection), so the first read after a
 * sync's commit recomputes everything (one pass: `npm run bench -- overview` prints its time
 * beside a warm read) and every read until the next commit is a slice of the kept arrays.
 */

/** One listing as the pass reads it, ascending by id. */
export interface OverviewListing extends ListingCalendar {
  id: number
  name: string
  region: string | null
}

/** Reads listings with an id above `after`, at most `limit`, ascending by id. */
export type OverviewRows = (after: number, limit: number) => OverviewListing[]

export interface OverviewData {
  today: string
  span: MonthSpan
  count: number
  ids: Float64Array
  names: string[]
  regions: (string | null)[]
  /** Listing k's month m figure i at (k * OVERVIEW_MONTHS + m) * FIGURES + i. */
  figures: Float64Array
  /** Gap runs of every listing (index into ids), in date order then listing order. */
  gaps: { k: number; run: GapRun }[]
  /** The listing's rates (for a gap's nights' values), by listing index. */
  rates: (PackedRates | undefined)[]
}

const CHUNK = 1000

export class OverviewQuery {
  private data: OverviewData | undefined
  private key: string | undefined

  constructor(
    private readonly rows: OverviewRows,
    private readonly stamp: () => string
  ) {}

  /** Every listing's figures for the twelve months from `today`: kept while the data holds. */
  get(today: string): OverviewData {
    const key = `${this.stamp()}|${today}`
    if (key !== this.key || !this.data) {
      this.key = undefined
      this.data = compute(this.rows, today)
      this.key = key
    }
    return this.data
  }
}

function compute(rows: OverviewRows, today: string): OverviewData {
  const span = monthSpan(today)
  const listings: OverviewListing[] = []
  let after = Number.MIN_SAFE_INTEGER
  for (;;) {
    const chunk = rows(after, CHUNK)
    for (const l of chunk) listings.push(l)
    if (chunk.length < CHUNK) break
    after = chunk[chunk.length - 1].id
  }
  const count = listings.length
  const per = OVERVIEW_MONTHS * FIGURES
  const figures = new Float64Array(count * per)
  const ids = new Float64Array(count)
  const names: string[] = []
  const regions: (string | null)[] = []
  const rates: (PackedRates | undefined)[] = []
  const gaps: OverviewData['gaps'] = []
  for (let k = 0; k < count; k++) {
    const l = listings[k]
    ids[k] = l.id
    names.push(l.name)
    regions.push(l.region)
    rates.push(l.rates)
    for (const run of listingFigures(l, span, figures, k * per)) gaps.push({ k, run })
  }
  gaps.sort((a, b) => a.run.from - b.run.from || a.k - b.k)
  return { today, span, count, ids, names, regions, figures, gaps, rates }
}

type Row = [
  number,
  string,
  string | null,
  number | null,
  number | null,
  number | null,
  number | null,
  Uint8Array | null,
  Uint8Array | null,
  Uint8Array | null,
  string | null,
  number | null,
  Uint8Array | null,
  string | null
]

/**
 * Each listing with its whole packed calendar and rates, a chunk at a time (keyset on the id).
 * The whole rows are read: a run is judged to its end, which may lie past the twelve months.
 */
const ROWS_SQL = `
SELECT l.id, l.name, l.region, l.active, l.advance_notice,
  a.base_day, a.stay_width, a.flags, a.min_stay, a.max_stay, a.extra,
  r.base_day, r.prices, r.exact
FROM listings l
LEFT JOIN availability a ON a.listing_id = l.id
LEFT JOIN rates r ON r.listing_id = l.id
WHERE l.id > ?
ORDER BY l.id
LIMIT ?`

/** The overview's reader over a mirror's connection. */
export function overviewRows(sqlite: Database.Database): OverviewRows {
  const stmt = sqlite.prepare<[number, number], Row>(ROWS_SQL).raw()
  return (after, limit) => stmt.all(after, limit).map(listingOf)
}

function listingOf(r: Row): OverviewListing {
  const [id, name, region, active, notice, aBase, width, flags, minStay, maxStay, extra] = r
  const [, , , , , , , , , , , rBase, prices, exact] = r
  const days: PackedDays | undefined =
    aBase === null
      ? undefined
      : {
          baseDay: aBase,
          flags: flags!,
          stayWidth: width as StayWidth,
          minStay: minStay!,
          maxStay: maxStay!,
          extra: extra === null ? null : (JSON.parse(extra) as Record<string, AvailabilityDay>)
        }
  const rates: PackedRates | undefined =
    rBase === null
      ? undefined
      : {
          baseDay: rBase,
          prices: prices!,
          rules: {},
          exact: exact === null ? null : (JSON.parse(exact) as Record<string, number>)
        }
  return { id, name, region, active: active !== 0, advanceNotice: notice ?? 0, days, rates }
}
