import type Database from 'better-sqlite3'
import type { z } from 'zod'
import { fromDayNumber, toDayNumber, utcDateOf, type IsoDate } from '@shared/domain/dates'
import { foldText } from '@shared/domain/text'
import type {
  ListingGlance,
  ListingRow,
  ListingSearchInput,
  ListingSort,
  ListingSummary
} from '@shared/ipc/listings.schema'
import type { Freshness } from './freshness'
import { glanceAll, type Glance } from './listing-glance'

/**
 * The portfolio's filterable and sortable fields, held in memory so that a keystroke in the
 * listings filter is answered without touching SQLite: 10,000 listings take about 3 MB and one
 * pass of `includes` over them a millisecond, where a LIKE scan of the listings table (whose
 * pages also hold the listing JSON) took tens. Refilled with one narrow SELECT after a commit
 * (see Freshness); each sort order is computed once per fill and then only filtered.
 *
 * What a query walks is contiguous: every listing's search text is one string (the text filter
 * is one indexOf scan over it), and each sort order is an array of entry numbers. Walking an
 * object and a string per listing made a keystroke at 50,000 listings cost 16 times the one at
 * 10,000 (the objects no longer fitted in the CPU's caches). A page (`page`) copies out only its
 * own rows: the timeline asks 60 rows of 50,000 at a time.
 *
 * The same filter serves the listings table, the availability search and the timeline, so the
 * three agree on what "city: cor" means.
 *
 * The figures at a glance (listing-glance.ts: lowest price, minimum stay, next arrival) are read
 * from the packed calendars once per data stamp and day, and only when a query asks for them
 * (`glance`, or a sort by one): a keystroke reads them from memory, and the availability search
 * and the timeline, which never show them, never pay for them.
 */

export type ListingFilter = Omit<
  z.input<typeof ListingSearchInput>,
  'limit' | 'offset' | 'sort'
> & {
  /** The day the figures at a glance count from (UTC); default: today by the system clock. */
  today?: IsoDate
}

interface Entry {
  summary: ListingSummary
  /** "\n" + the folded local and English names, one per line (migration 0006). */
  countryKeys: string
  regionKeys: string
  cityKeys: string
}

type Row = [
  number,
  string | null,
  string,
  string,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
  string | null,
  number | null,
  string | null,
  string | null,
  string | null
]

const SELECT = `SELECT id, reference_number, name, search_text, city, region, country, max_guest,
  bedrooms, booking_type, active, country_keys, region_keys, city_keys FROM listings ORDER BY id`

type SortKey = ListingSort['key']

/** SQLite's NOCASE: only ASCII letters fold, so the order is the one the SQL used to give. */
function nocase(s: string): string {
  return s.replace(/[A-Z]+/g, (m) => m.toLowerCase())
}

type SortValue = string | number | null

const SUMMARY_SORT: Partial<Record<SortKey, (s: ListingSummary) => SortValue>> = {
  id: (s) => s.id,
  referenceNumber: (s) => (s.referenceNumber === null ? null : nocase(s.referenceNumber)),
  name: (s) => nocase(s.name),
  city: (s) => (s.city === null ? null : nocase(s.city)),
  country: (s) => (s.country === null ? null : nocase(s.country)),
  maxGuest: (s) => s.maxGuest,
  bedrooms: (s) => s.bedrooms
}

/** The figures at a glance a sort reads (listing-glance.ts): a missing one sorts last. */
const GLANCE_SORT: Partial<Record<SortKey, (g: Glance | undefined) => SortValue>> = {
  lowestPrice: (g) => g?.lowestCents ?? null,
  minStay: (g) => g?.minStayNights ?? null,
  nextArrival: (g) => g?.arrivalDay ?? null
}

/** Ascending order of the entries' values, empty values last, ties by entry (id) order. */
function sortedBy(values: readonly SortValue[]): number[] {
  const order = Array.from(values, (_, k) => k)
  order.sort((a, b) => {
    const x = values[a]
    const y = values[b]
    if (x === y) return a - b
    if (x === null) return 1
    if (y === null) return -1
    return x < y ? -1 : 1
  })
  return order
}

/** Descending keeps empty values last and ties by id, as the SQL's NULLS LAST did. */
function descending(asc: readonly number[], values: readonly SortValue[]): number[] {
  const present = asc.filter((k) => values[k] !== null)
  const empty = asc.filter((k) => values[k] === null)
  const out: number[] = []
  // Walk the ascending order backwards one run of equal values at a time (ids stay ascending).
  let end = present.length
  while (end > 0) {
    let start = end - 1
    const v = values[present[start]]
    while (start > 0 && values[present[start - 1]] === v) start--
    for (let i = start; i < end; i++) out.push(present[i])
    end = start
  }
  return out.concat(empty)
}

/**
 * Between two listings' texts in the joined text: a search text never holds it (it is lower-cased
 * text of names and places), so a match cannot run from one listing into the next unless the
 * typed text holds it too (then each listing's text is searched on its own).
 */
const SEP = '\u0001'

function placeMatcher(value: string | undefined): ((keys: string) => boolean) | undefined {
  if (value === undefined) return undefined
  const folded = foldText(value)
  if (folded === '') return undefined
  const needle = `\n${folded}`
  return (keys) => keys.includes(needle)
}

export interface ListingPage {
  /** How many listings the filter keeps. */
  total: number
  /** With `glance` asked, each carries its figures at a glance. */
  items: ListingRow[]
}

/** A listing the glance pass did not see (added since) has neither calendar nor rates yet. */
const NOTHING: ListingGlance = {
  lowestCents: null,
  lowestMissing: 'none-open',
  nextArrival: null,
  minStayNights: null,
  arrivalMissing: 'none-open'
}

function glanceWords(g: Glance | undefined): ListingGlance {
  if (!g) return NOTHING
  return {
    lowestCents: g.lowestCents,
    lowestMissing: g.lowestMissing,
    nextArrival: g.arrivalDay === null ? null : fromDayNumber(g.arrivalDay),
    minStayNights: g.minStayNights,
    arrivalMissing: g.arrivalMissing
  }
}

export class ListingIndex {
  private entries: Entry[] = []
  /** Every listing's search text (lower-cased id, reference, headlines, city), joined by SEP. */
  private texts = ''
  /** Where entry k's text starts in `texts`; textAt[count] is past the end. */
  private textAt = new Uint32Array(1)
  /** Entry numbers (id order) in each sort order asked for so far. */
  private orders = new Map<string, Uint32Array>()
  private stamp: string | undefined
  /** Each entry's figures at a glance, for one data stamp and day (read when first asked). */
  private glance: { stamp: string; today: IsoDate; byEntry: (Glance | undefined)[] } | undefined
  private readonly stmt: Database.Statement<[], Row>

  constructor(
    private readonly db: Database.Database,
    private readonly freshness: Freshness
  ) {
    this.stmt = db.prepare<[], Row>(SELECT).raw()
  }

  private fill(): void {
    const stamp = this.freshness.stamp()
    if (stamp === this.stamp) return
    const rows = this.stmt.all()
    const textAt = new Uint32Array(rows.length + 1)
    let at = 0
    rows.forEach((r, k) => {
      textAt[k] = at
      at += r[3].length + 1
    })
    textAt[rows.length] = at
    this.texts = rows.map((r) => r[3]).join(SEP) + SEP
    this.textAt = textAt
    this.entries = rows.map((r) => ({
      summary: {
        id: r[0],
        referenceNumber: r[1],
        name: r[2],
        city: r[4],
        region: r[5],
        country: r[6],
        maxGuest: r[7],
        bedrooms: r[8],
        bookingType: r[9],
        active: r[10] === null ? null : r[10] === 1
      },
      countryKeys: `\n${r[11] ?? ''}`,
      regionKeys: `\n${r[12] ?? ''}`,
      cityKeys: `\n${r[13] ?? ''}`
    }))
    this.orders = new Map()
    this.stamp = stamp
  }

  /** The entries' figures at a glance from `today`; filled (after fill()) once per stamp and day. */
  private glanceFor(today: IsoDate): (Glance | undefined)[] {
    const g = this.glance
    if (g && g.stamp === this.stamp && g.today === today) return g.byEntry
    const byId = glanceAll(this.db, toDayNumber(today))
    const byEntry = this.entries.map((e) => byId.get(e.summary.id))
    this.glance = { stamp: this.stamp!, today, byEntry }
    // Orders by a figure of another day (or data) are no longer right.
    for (const name of this.orders.keys()) if (name.includes('@')) this.orders.delete(name)
    return byEntry
  }

  private ordered(sort: ListingSort | undefined, today: IsoDate): Uint32Array {
    const key = sort?.key ?? 'id'
    const dir = sort?.dir ?? 'asc'
    const byGlance = GLANCE_SORT[key]
    const name = byGlance ? `${key}:${dir}@${today}` : `${key}:${dir}`
    let order = this.orders.get(name)
    if (!order) {
      const bySummary = SUMMARY_SORT[key]
      let values: SortValue[]
      if (byGlance) values = this.glanceFor(today).map(byGlance)
      else values = this.entries.map((e) => bySummary!(e.summary))
      if (dir === 'desc') {
        const asc = Array.from(this.ordered({ key, dir: 'asc' }, today))
        order = Uint32Array.from(descending(asc, values))
      } else if (key === 'id') {
        order = Uint32Array.from(this.entries, (_, k) => k)
      } else order = Uint32Array.from(sortedBy(values))
      this.orders.set(name, order)
    }
    return order
  }

  /** The entries whose search text holds `text` (1 at their number), or all when none is given. */
  private textMatches(text: string | undefined): Uint8Array | undefined {
    if (!text) return undefined
    const marks = new Uint8Array(this.entries.length)
    const at = this.textAt
    if (text.includes(SEP)) {
      for (let k = 0; k < this.entries.length; k++) {
        if (this.texts.slice(at[k], at[k + 1] - 1).includes(text)) marks[k] = 1
      }
      return marks
    }
    let from = 0
    for (;;) {
      const hit = this.texts.indexOf(text, from)
      if (hit < 0) return marks
      // The entry holding the hit: the last whose text starts at or before it.
      let lo = 0
      let hi = this.entries.length - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (at[mid] <= hit) lo = mid
        else hi = mid - 1
      }
      marks[lo] = 1
      from = at[lo + 1]
    }
  }

  /**
   * The listings the filter keeps, in the sort's order (default: by id): how many, and the
   * `limit` of them from `offset` on.
   */
  page(
    q: ListingFilter,
    sort: ListingSort | undefined,
    offset: number,
    limit: number
  ): ListingPage {
    this.fill()
    const today = q.today ?? utcDateOf(Date.now())
    const glance = q.glance ? this.glanceFor(today) : undefined
    const marks = this.textMatches(q.text?.trim().toLowerCase())
    const city = placeMatcher(q.city)
    const region = placeMatcher(q.region)
    const country = placeMatcher(q.country)
    const active = q.active === undefined ? undefined : q.active
    const others =
      city !== undefined ||
      region !== undefined ||
      country !== undefined ||
      q.minGuests !== undefined ||
      q.minBedrooms !== undefined ||
      q.bookingType !== undefined ||
      active !== undefined
    const end = offset + limit
    const items: ListingRow[] = []
    let total = 0
    for (const k of this.ordered(sort, today)) {
      if (marks && marks[k] === 0) continue
      if (others) {
        const e = this.entries[k]
        const s = e.summary
        if (city && !city(e.cityKeys)) continue
        if (region && !region(e.regionKeys)) continue
        if (country && !country(e.countryKeys)) continue
        if (q.minGuests !== undefined && (s.maxGuest === null || s.maxGuest < q.minGuests)) {
          continue
        }
        if (q.minBedrooms !== undefined && (s.bedrooms === null || s.bedrooms < q.minBedrooms)) {
          continue
        }
        if (q.bookingType !== undefined && s.bookingType !== q.bookingType) continue
        if (active !== undefined && s.active !== active) continue
      }
      if (total >= offset && total < end) {
        const summary = this.entries[k].summary
        items.push(glance ? { ...summary, glance: glanceWords(glance[k]) } : summary)
      }
      total++
    }
    return { total, items }
  }

  /** The listings the filter keeps, in the sort's order (default: by id). */
  filter(q: ListingFilter, sort?: ListingSort): ListingRow[] {
    return this.page(q, sort, 0, Number.POSITIVE_INFINITY).items
  }

  /** One listing's summary, or undefined when the copy has none. */
  get(id: number): ListingSummary | undefined {
    this.fill()
    return this.find(id)
  }

  /**
   * Several listings' summaries, each at its id's place (undefined where the copy has none). The
   * copy's freshness is checked once for all: a check is a query, and a search asks thousands.
   */
  getMany(ids: readonly number[]): (ListingSummary | undefined)[] {
    this.fill()
    return ids.map((id) => this.find(id))
  }

  private find(id: number): ListingSummary | undefined {
    // Entries are in id order: a binary search.
    let lo = 0
    let hi = this.entries.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const s = this.entries[mid].summary
      if (s.id === id) return s
      if (s.id < id) lo = mid + 1
      else hi = mid - 1
    }
    return undefined
  }
}
