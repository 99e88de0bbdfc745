import type Database from 'better-sqlite3'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import type { PackedDays, StayWidth } from '@shared/calendar/packed-days'
import type { PackedRates } from '@shared/calendar/packed-rates'
import {
  FIGURES,
  GAP_DAYS,
  listingFigures,
  monthSpan,
  OVERVIEW_MONTHS,
  type ListingCalendar,
  type MonthSpan
} from '@shared/overview/figures'
import type { GapRun } from '@shared/overview/gap-nights'

/**
 * The portfolio overview's figures of every listing and month, and every listing's gap nights,
 * kept in memory (src-shared/overview works them out from the packed calendars and rates): the
 * overview, its regions, its listings' table, the gap list and the CSV are then sums and slices.
 *
 * What is worked out again, and when. Nothing while `stamp()` holds (the mirror's data stamp:
 * a commit through this connection, or PRAGMA data_version for the sync's own connection). When
 * it moves, one small read of every listing's `seen_at` (the listing's, its calendar's and its
 * rates': a row is rewritten only when its content changed, with the page's time) tells which
 * listings changed; only those are read and worked out again, and the sums are redone. A delta
 * sync touching 1 % of 10,000 listings costs 100 listings' pass, not the portfolio's. A new day
 * (or the first read) works out every listing.
 */

/** One listing as the pass reads it. */
interface OverviewListing extends ListingCalendar {
  id: number
  name: string
  region: string | null
}

/** Where the listings come from: the packed columns (overviewSource) or any other reader. */
/** [id, the listing's, its calendar's and its rates' seen_at (null: no such row)]. */
type Print = [number, number, number | null, number | null]

export interface OverviewSource {
  /**
   * [id, the listing's, its calendar's and its rates' seen_at] of every listing, ascending by
   * id: a row is rewritten only when its content changed, so a changed listing changes its print.
   */
  fingerprints(): Print[]
  /**
   * The listings of `ids` (ascending), each with its calendar and rates, one at a time: a
   * listing's packed bytes are let go as soon as its figures are made, so a first read of
   * 10,000 listings never holds 36 MB of them at once.
   */
  read(ids: readonly number[]): Iterable<OverviewListing>
}

/** A gap run within the next GAP_DAYS days, cut at its end, with its value. */
interface GapEntry {
  listing: OverviewEntry
  from: number
  to: number
  /** Why no stay fits the whole run (gapRuns), which may reach past the window. */
  why: Omit<GapRun, 'from'>
  valueCents: number
  /** Day numbers of its nights without a published rate. */
  unpriced: number[]
}

export interface OverviewEntry {
  id: number
  name: string
  region: string | null
  fingerprint: Print
  /** Month m's figure i at m * FIGURES + i; month OVERVIEW_MONTHS holds the twelve's sums. */
  figures: Float64Array
  gaps: GapEntry[]
}

export interface OverviewData {
  today: string
  span: MonthSpan
  /** Every listing, ascending by id. */
  entries: OverviewEntry[]
  /** Per region (null: none named): its listings and the sums of their figures, as above. */
  regions: Map<string | null, { listings: number; figures: Float64Array }>
  /** Gap runs of the next GAP_DAYS days, in date order then listing order. */
  gaps: GapEntry[]
}

/** Slots per listing: the twelve months and their sum. */
export const SLOTS = (OVERVIEW_MONTHS + 1) * FIGURES

/**
 * `figures` is a listing's slice of one array for the whole pass (`batch`): one allocation for
 * 10,000 listings rather than one each, which the first read's time was mostly made of.
 */
function entryOf(
  l: OverviewListing,
  span: MonthSpan,
  fingerprint: Print,
  figures: Float64Array
): OverviewEntry {
  const runs = listingFigures(l, span, figures, 0)
  const total = OVERVIEW_MONTHS * FIGURES
  for (let m = 0; m < OVERVIEW_MONTHS; m++) {
    for (let i = 0; i < FIGURES; i++) figures[total + i] += figures[m * FIGURES + i]
  }
  const entry: OverviewEntry = {
    id: l.id,
    name: l.name,
    region: l.region,
    fingerprint,
    figures,
    gaps: []
  }
  const end = span.bounds[0] + GAP_DAYS
  for (const run of runs) {
    if (run.from >= end) break
    const { valueCents, unpriced } = run
    entry.gaps.push({
      listing: entry,
      from: run.from,
      to: Math.min(run.to, end),
      why: run,
      valueCents,
      unpriced
    })
  }
  return entry
}

export class OverviewQuery {
  private data: OverviewData | undefined
  private stamped: string | undefined

  constructor(
    private readonly source: OverviewSource,
    private readonly stamp: () => string
  ) {}

  /** Every listing's figures for the twelve months from `today`, brought up to date. */
  get(today: string): OverviewData {
    const stamp = this.stamp()
    if (this.data && this.data.today === today && stamp === this.stamped) return this.data
    // A pass that fails half way must not be taken for a finished one.
    this.stamped = undefined
    this.data = this.refresh(today, this.data?.today === today ? this.data : undefined)
    this.stamped = stamp
    return this.data
  }

  private refresh(today: string, previous: OverviewData | undefined): OverviewData {
    const span = previous?.span ?? monthSpan(today)
    const prints = this.source.fingerprints()
    const kept = new Map(previous?.entries.map((e) => [e.id, e]))
    const stale: number[] = []
    const printOf = new Map<number, Print>()
    for (const p of prints) {
      const e = kept.get(p[0])
      if (!e || !samePrint(e.fingerprint, p)) {
        stale.push(p[0])
        printOf.set(p[0], p)
      }
    }
    if (previous && stale.length === 0 && prints.length === previous.entries.length) return previous
    const fresh = new Map<number, OverviewEntry>()
    const batch = new Float64Array(stale.length * SLOTS)
    let i = 0
    for (const l of this.source.read(stale)) {
      const figures = batch.subarray(i * SLOTS, ++i * SLOTS)
      fresh.set(l.id, entryOf(l, span, printOf.get(l.id)!, figures))
    }
    const entries: OverviewEntry[] = []
    for (const [id] of prints) {
      const e = fresh.get(id) ?? kept.get(id)
      // A listing written between the two reads is taken up by the next stamp's pass.
      if (e) entries.push(e)
    }
    const regions = previous ? moveSums(previous, entries, fresh) : sumRegions(entries)
    const gaps: GapEntry[] = []
    for (const e of entries) for (const g of e.gaps) gaps.push(g)
    gaps.sort((a, b) => a.from - b.from || a.listing.id - b.listing.id)
    return { today, span, entries, regions, gaps }
  }
}

type Regions = OverviewData['regions']

function add(regions: Regions, e: OverviewEntry, sign: 1 | -1): void {
  let r = regions.get(e.region)
  if (!r) regions.set(e.region, (r = { listings: 0, figures: new Float64Array(SLOTS) }))
  r.listings += sign
  for (let i = 0; i < SLOTS; i++) r.figures[i] += sign * e.figures[i]
  if (r.listings === 0) regions.delete(e.region)
}

function sumRegions(entries: readonly OverviewEntry[]): Regions {
  const regions: Regions = new Map()
  for (const e of entries) add(regions, e, 1)
  return regions
}

/**
 * The previous sums with the listings that changed or went taken out and their new figures
 * added: the cost of the change, not of the portfolio. Sums of whole cents and counts stay exact.
 */
function moveSums(
  previous: OverviewData,
  entries: readonly OverviewEntry[],
  fresh: ReadonlyMap<number, OverviewEntry>
): Regions {
  const regions: Regions = new Map()
  for (const [region, r] of previous.regions) {
    regions.set(region, { listings: r.listings, figures: Float64Array.from(r.figures) })
  }
  const now = new Set<number>()
  for (const e of entries) now.add(e.id)
  for (const e of previous.entries) {
    if (fresh.has(e.id) || !now.has(e.id)) add(regions, e, -1)
  }
  for (const e of fresh.values()) add(regions, e, 1)
  return regions
}

function samePrint(a: Print, b: Print): boolean {
  return a[1] === b[1] && a[2] === b[2] && a[3] === b[3]
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

const FROM = `
FROM listings l
LEFT JOIN availability a ON a.listing_id = l.id
LEFT JOIN rates r ON r.listing_id = l.id`

const PRINTS_SQL = `SELECT l.id, l.seen_at, a.seen_at, r.seen_at ${FROM} ORDER BY l.id`

/**
 * Whole packed rows: a run is judged to its end, which may lie past the twelve months (rates are
 * read whole too: a year ahead is all the service publishes).
 */
const ROWS_SQL = `
SELECT l.id, l.name, l.region, l.active, l.advance_notice,
  a.base_day, a.stay_width, a.flags, a.min_stay, a.max_stay, a.extra,
  r.base_day, r.prices, r.exact
${FROM}
WHERE l.id IN (SELECT value FROM json_each(?))
ORDER BY l.id`

/** Ids a statement: json_each of a few thousand numbers is quick, of 10,000 quick enough. */
const CHUNK = 2000

/** The overview's reader over a mirror's connection (the packed columns as stored). */
export function overviewSource(sqlite: Database.Database): OverviewSource {
  const prints = sqlite.prepare<[], Print>(PRINTS_SQL).raw()
  const rows = sqlite.prepare<[string], Row>(ROWS_SQL).raw()
  return {
    fingerprints: () => prints.all(),
    read: function* (ids) {
      for (let i = 0; i < ids.length; i += CHUNK) {
        for (const r of rows.iterate(JSON.stringify(ids.slice(i, i + CHUNK)))) yield listingOf(r)
      }
    }
  }
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
