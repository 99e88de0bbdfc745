import type Database from 'better-sqlite3'
import type { Freshness } from './freshness'

/**
 * Every listing's packed calendar and rates, held in memory for the availability search's fast
 * path (available.ts). The search used to let SQLite scan the availability table for each stay
 * (a GLOB over the window's flags, then the rates joined for the rows that passed): 25 ms of a
 * 10,000-listing search, most of it reading 2.5 KB rows to look at 8 bytes of each. Held here,
 * the same test is a loop over bytes. The cost is memory: the packed columns as stored, about
 * 3.7 KB a listing (36 MB at 10,000), and one read of both tables when the data has changed
 * (checked once per search, as PricingCache does).
 *
 * The calendars are columns, not an object per listing: each packed column of every listing is
 * copied into one array (`flags` holds listing k's days from `flagsAt[k]`), and the per-listing
 * numbers are typed arrays indexed by k, ascending by listing id. An object and four Buffers per
 * listing made a search at 50,000 listings grow faster than the portfolio: the loop chased a
 * pointer per Buffer into memory that no longer fitted in the CPU's caches, and a fill made
 * 250,000 Buffers whose external memory kept the collector busy (a first search after a commit
 * took 15 times the 10,000-listing one for 5 times the listings).
 */
export interface StayCalendars {
  /** How many listings have an availability record (k runs from 0 to count - 1). */
  count: number
  listingId: Float64Array
  /** 1: some days are kept verbatim in `extra`, the general path judges this listing. */
  hasExtra: Uint8Array
  /** Day number of the listing's first day (day-numbers.ts). */
  baseDay: Int32Array
  /** How many days the listing's flags hold. */
  days: Uint32Array
  /** Where the listing's flags start in `flags`, one byte per day. */
  flagsAt: Uint32Array
  flags: Uint8Array
  /** Bytes per day of minStay and maxStay. */
  stayWidth: Uint8Array
  /** Where the listing's stay limits start in `minStay` and `maxStay`. */
  stayAt: Uint32Array
  minStay: Uint8Array
  maxStay: Uint8Array
  /** 1 when the listing has a rate record. */
  hasRates: Uint8Array
  /** Day number of the first price (meaningless without a rate record). */
  rateBaseDay: Int32Array
  /** Where the listing's prices start in `prices`, in bytes, and how many nights they cover. */
  pricesAt: Uint32Array
  nights: Uint32Array
  /** Int32 cents per night, little-endian (packed-rates.ts). */
  prices: Buffer
}

type Row = [number, number, number, number, Buffer, Buffer, Buffer, number | null, Buffer | null]

const FROM = `
FROM availability a
LEFT JOIN rates r ON r.listing_id = a.listing_id`

const SIZES = `SELECT count(*), total(length(a.flags)), total(max(length(a.min_stay),
  length(a.max_stay))), total(length(r.prices)) ${FROM}`

/** Rows a chunk: all() of a chunk is faster than iterate() row by row (a call per row). */
const CHUNK = 1000

const SELECT = `
SELECT a.listing_id, a.extra IS NOT NULL, a.base_day, a.stay_width, a.flags, a.min_stay,
  a.max_stay, r.base_day, r.prices ${FROM}
WHERE a.listing_id > ?
ORDER BY a.listing_id
LIMIT ${CHUNK}`

function empty(count: number, flags: number, stays: number, prices: number): StayCalendars {
  return {
    count,
    listingId: new Float64Array(count),
    hasExtra: new Uint8Array(count),
    baseDay: new Int32Array(count),
    days: new Uint32Array(count),
    flagsAt: new Uint32Array(count),
    flags: new Uint8Array(flags),
    stayWidth: new Uint8Array(count),
    stayAt: new Uint32Array(count),
    minStay: new Uint8Array(stays),
    maxStay: new Uint8Array(stays),
    hasRates: new Uint8Array(count),
    rateBaseDay: new Int32Array(count),
    pricesAt: new Uint32Array(count),
    nights: new Uint32Array(count),
    prices: Buffer.alloc(prices)
  }
}

/** The first part of each array, as a fill of `count` listings uses it (views, no copy). */
function used(
  c: StayCalendars,
  count: number,
  at: { flags: number; stays: number; prices: number }
): StayCalendars {
  return {
    count,
    listingId: c.listingId.subarray(0, count),
    hasExtra: c.hasExtra.subarray(0, count),
    baseDay: c.baseDay.subarray(0, count),
    days: c.days.subarray(0, count),
    flagsAt: c.flagsAt.subarray(0, count),
    flags: c.flags.subarray(0, at.flags),
    stayWidth: c.stayWidth.subarray(0, count),
    stayAt: c.stayAt.subarray(0, count),
    minStay: c.minStay.subarray(0, at.stays),
    maxStay: c.maxStay.subarray(0, at.stays),
    hasRates: c.hasRates.subarray(0, count),
    rateBaseDay: c.rateBaseDay.subarray(0, count),
    pricesAt: c.pricesAt.subarray(0, count),
    nights: c.nights.subarray(0, count),
    prices: c.prices.subarray(0, at.prices)
  }
}

/** Room for a portfolio that grows a little between fills without a new allocation. */
const SLACK = 1.125

export class StayCalendarsCache {
  private calendars: StayCalendars = empty(0, 0, 0, 0)
  /** The arrays each fill writes into, kept from fill to fill (see fill). */
  private store: StayCalendars = empty(0, 0, 0, 0)
  private stamp: string | undefined
  private readonly sizes: Database.Statement<[], [number, number, number, number]>
  private readonly rows: Database.Statement<[number], Row>

  constructor(
    private readonly db: Database.Database,
    private readonly freshness: Freshness
  ) {
    this.sizes = db.prepare<[], [number, number, number, number]>(SIZES).raw()
    this.rows = db.prepare<[number], Row>(SELECT).raw()
  }

  /**
   * Every listing with an availability record, ascending by id, as the file holds them now.
   * Valid until the next call: a refill writes into the same memory (every search reads them
   * synchronously, within one call).
   */
  all(): StayCalendars {
    const stamp = this.freshness.stamp()
    if (stamp !== this.stamp) {
      // A fill that fails half way has overwritten part of the arrays: never serve them.
      this.stamp = undefined
      // One read transaction, so the sizes and the rows are of the same data.
      this.calendars = this.db.transaction(() => this.fill())()
      this.stamp = stamp
    }
    return this.calendars
  }

  /**
   * Rows are read a chunk at a time and copied in, so each chunk's Buffers die young. The
   * arrays are those of the previous fill while they are large enough: a new 37 MB (at 10,000
   * listings) each fill was written through page faults on fresh memory and left to the
   * collector, a fixed cost that made the first search after a commit at 10,000 listings cost
   * more than the object-per-listing layout did.
   */
  private fill(): StayCalendars {
    const [count, flagBytes, stayBytes, priceBytes] = this.sizes.get()!
    const s = this.store
    if (
      s.count < count ||
      s.flags.length < flagBytes ||
      s.minStay.length < stayBytes ||
      s.prices.length < priceBytes
    ) {
      const more = (n: number) => Math.ceil(n * SLACK)
      this.store = empty(more(count), more(flagBytes), more(stayBytes), more(priceBytes))
    }
    const c = this.store
    const at = { flags: 0, stays: 0, prices: 0 }
    let k = 0
    let after = Number.MIN_SAFE_INTEGER
    for (;;) {
      const rows = this.rows.all(after)
      // A row written between the reads cannot appear (one transaction); guard anyway.
      for (let i = 0; i < rows.length && k < count; i++) put(c, k++, rows[i], at)
      if (rows.length < CHUNK || k === count) break
      after = rows[rows.length - 1][0]
    }
    return used(c, k, at)
  }
}

/** Copies a row in as listing k; `at` is where the next bytes of each array go. */
function put(
  c: StayCalendars,
  k: number,
  r: Row,
  at: { flags: number; stays: number; prices: number }
): void {
  const [listingId, hasExtra, baseDay, width, flags, minStay, maxStay, rateBase, prices] = r
  c.listingId[k] = listingId
  c.hasExtra[k] = hasExtra
  c.baseDay[k] = baseDay
  c.stayWidth[k] = width
  c.days[k] = flags.length
  c.flagsAt[k] = at.flags
  c.flags.set(flags, at.flags)
  at.flags += flags.length
  c.stayAt[k] = at.stays
  const stays = flags.length * width
  if (minStay.length === stays && maxStay.length === stays) {
    c.minStay.set(minStay, at.stays)
    c.maxStay.set(maxStay, at.stays)
    at.stays += stays
  } else {
    // Not as packed-days.ts writes them: the general path reads the row itself.
    c.hasExtra[k] = 1
  }
  // The arrays hold the previous fill's values: every field of listing k is written.
  c.hasRates[k] = 0
  if (rateBase !== null && prices !== null) {
    c.hasRates[k] = 1
    c.rateBaseDay[k] = rateBase
    c.pricesAt[k] = at.prices
    c.nights[k] = prices.length >> 2
    c.prices.set(prices, at.prices)
    at.prices += prices.length
  }
}
