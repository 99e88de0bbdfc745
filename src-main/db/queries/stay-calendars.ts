import type Database from 'better-sqlite3'
import type { Freshness } from './freshness'

/**
 * Every listing's packed calendar and rates, held in memory for the availability search's fast
 * path (available.ts). The search used to let SQLite scan the availability table for each stay
 * (a GLOB over the window's flags, then the rates joined for the rows that passed): 25 ms of a
 * 10,000-listing search, most of it reading 2.5 KB rows to look at 8 bytes of each. Held here,
 * the same test is a loop over byte arrays. The cost is memory: the packed columns as stored,
 * about 3.7 KB a listing (36 MB at 10,000), and one read of both tables when the data has
 * changed (checked once per search, as PricingCache does).
 */
export interface StayCalendar {
  listingId: number
  /** Some days are kept verbatim in `extra`: the general path judges this listing. */
  hasExtra: boolean
  /** Day number of flags[0] (day-numbers.ts). */
  baseDay: number
  /** Bytes per day of minStay and maxStay. */
  stayWidth: number
  flags: Buffer
  minStay: Buffer
  maxStay: Buffer
  /** Day number of the first price, null without a rate record. */
  rateBaseDay: number | null
  /** Int32 cents per night, little-endian (packed-rates.ts); null without a rate record. */
  prices: Buffer | null
}

type Row = [number, number, number, number, Buffer, Buffer, Buffer, number | null, Buffer | null]

const SELECT = `
SELECT a.listing_id, a.extra IS NOT NULL, a.base_day, a.stay_width, a.flags, a.min_stay,
  a.max_stay, r.base_day, r.prices
FROM availability a
LEFT JOIN rates r ON r.listing_id = a.listing_id
ORDER BY a.listing_id`

export class StayCalendars {
  private calendars: StayCalendar[] = []
  private stamp: string | undefined
  private readonly stmt: Database.Statement<[], Row>

  constructor(
    db: Database.Database,
    private readonly freshness: Freshness
  ) {
    this.stmt = db.prepare<[], Row>(SELECT).raw()
  }

  /** Every listing with an availability record, ascending by id, as the file holds them now. */
  all(): readonly StayCalendar[] {
    const stamp = this.freshness.stamp()
    if (stamp !== this.stamp) {
      this.calendars = this.stmt.all().map((r) => ({
        listingId: r[0],
        hasExtra: r[1] === 1,
        baseDay: r[2],
        stayWidth: r[3],
        flags: r[4],
        minStay: r[5],
        maxStay: r[6],
        rateBaseDay: r[7],
        prices: r[8]
      }))
      this.stamp = stamp
    }
    return this.calendars
  }
}
