import type Database from 'better-sqlite3'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import type { PackedDays, StayWidth } from '@shared/calendar/packed-days'
import type { PackedRates } from '@shared/calendar/packed-rates'
import type { AvailabilityRow, ListingRow, RatesRow } from '../schema'

/**
 * The one place that cuts a window of days out of the packed calendars and rates (packed-days.ts,
 * packed-rates.ts): only the window's bytes of each BLOB leave SQLite. Three shapes read it: a
 * stay over listings (the general availability path and "why not bookable"), one listing's
 * month (the calendar) and many listings' flags as hex text (the timeline's letters).
 *
 * substr() on a BLOB counts bytes from 1. The start clamps at the row's base day (a window that
 * begins before the stored span reads from its first day, and the decoders below place it at
 * max(from, base)); a negative length would read backwards, hence the max(0, ...).
 */
function cut(blob: string, base: string, width: string, end: string): string {
  const per = width === '1' ? '' : ` * ${width}`
  return (
    `substr(${blob}, max(@from - ${base}, 0)${per} + 1, ` +
    `max(0, ${end} - max(@from, ${base}))${per})`
  )
}

/**
 * The availability columns for days [@from, end): `end` is `@to` for a month or a timeline,
 * `@to + 1` for a stay (its departure day is judged too: check-out allowed).
 */
const daysColumns = (end: string) => `a.base_day AS a_base, a.stay_width, a.extra AS a_extra,
  ${cut('a.flags', 'a.base_day', '1', end)} AS flags,
  ${cut('a.min_stay', 'a.base_day', 'a.stay_width', end)} AS min_stay,
  ${cut('a.max_stay', 'a.base_day', 'a.stay_width', end)} AS max_stay`

/** The rates columns for the nights [@from, @to): a departure day is no night. */
const ratesColumns = `r.base_day AS r_base, r.exact AS r_exact,
  ${cut('r.prices', 'r.base_day', '4', '@to')} AS prices`

/** A row's availability window: null columns without an availability record. */
export interface DaysWindowRow {
  a_base: AvailabilityRow['base_day'] | null
  stay_width: AvailabilityRow['stay_width'] | null
  a_extra: AvailabilityRow['extra']
  flags: AvailabilityRow['flags'] | null
  min_stay: AvailabilityRow['min_stay'] | null
  max_stay: AvailabilityRow['max_stay'] | null
}

/** A row's rates window: null columns without a rate record. */
export interface RatesWindowRow {
  r_base: RatesRow['base_day'] | null
  r_exact: RatesRow['exact']
  prices: RatesRow['prices'] | null
}

/** One listing's stay window with the listing's own rules (the stay query's row). */
export type StayWindowRow = Pick<
  ListingRow,
  'id' | 'name' | 'active' | 'max_guest' | 'advance_notice'
> &
  DaysWindowRow &
  RatesWindowRow

/** Keyset paging on the primary key keeps the listings in id order; LIMIT -1 is no limit. */
const STAY_SQL = `
SELECT l.id, l.name, l.active, l.max_guest, l.advance_notice,
  ${daysColumns('@to + 1')},
  ${ratesColumns}
FROM listings l
LEFT JOIN availability a ON a.listing_id = l.id
LEFT JOIN rates r ON r.listing_id = l.id`

const MONTH_SQL = `
SELECT ${daysColumns('@to')},
  ${ratesColumns}
FROM (SELECT @id AS id) k
LEFT JOIN availability a ON a.listing_id = k.id
LEFT JOIN rates r ON r.listing_id = k.id`

/** hex(): better-sqlite3 copies every BLOB into a new Buffer, while short strings are cheap. */
const FLAGS_HEX_SQL = `
SELECT a.listing_id, a.base_day, a.extra,
  hex(${cut('a.flags', 'a.base_day', '1', '@to')}) AS flags
FROM availability a`

/** [listing id, base day, extra JSON, the window's flag bytes as upper-case hex]. */
export type FlagsHexRow = [
  AvailabilityRow['listing_id'],
  AvailabilityRow['base_day'],
  AvailabilityRow['extra'],
  string
]

interface Statements {
  staySlice: Database.Statement<[object], StayWindowRow>
  stayOne: Database.Statement<[object], StayWindowRow>
  month: Database.Statement<[object], DaysWindowRow & RatesWindowRow>
  flagsAll: Database.Statement<[object], FlagsHexRow>
  flagsSome: Database.Statement<[object], FlagsHexRow>
}

const statements = new WeakMap<Database.Database, Statements>()

function statementsFor(sqlite: Database.Database): Statements {
  let s = statements.get(sqlite)
  if (!s) {
    s = {
      staySlice: sqlite.prepare(`${STAY_SQL} WHERE l.id > @after ORDER BY l.id LIMIT @limit`),
      stayOne: sqlite.prepare(`${STAY_SQL} WHERE l.id = @id`),
      month: sqlite.prepare(MONTH_SQL),
      flagsAll: sqlite.prepare<[object], FlagsHexRow>(FLAGS_HEX_SQL).raw(),
      flagsSome: sqlite
        .prepare<[object], FlagsHexRow>(
          `${FLAGS_HEX_SQL} WHERE a.listing_id IN (SELECT value FROM json_each(@ids))`
        )
        .raw()
    }
    statements.set(sqlite, s)
  }
  return s
}

/** A stay's days as day numbers: arrival `from`, departure `to`. */
export interface StayDays {
  from: number
  to: number
}

/**
 * The stay's window of every listing with an id above `after` (all listings by default), in
 * ascending id order, at most `limit` of them: days from arrival to departure inclusive, nights
 * from arrival to the last night.
 */
export function stayWindows(
  sqlite: Database.Database,
  stay: StayDays,
  after = Number.MIN_SAFE_INTEGER,
  limit = -1
): StayWindowRow[] {
  return statementsFor(sqlite).staySlice.all({ from: stay.from, to: stay.to, after, limit })
}

/** One listing's stay window, or undefined when the listing is unknown. */
export function stayWindow(
  sqlite: Database.Database,
  stay: StayDays,
  id: number
): StayWindowRow | undefined {
  return statementsFor(sqlite).stayOne.get({ from: stay.from, to: stay.to, id })
}

/** One listing's days [from, to) and their nights (a month: `to` is the next month's first). */
export function monthWindow(
  sqlite: Database.Database,
  id: number,
  from: number,
  to: number
): DaysWindowRow & RatesWindowRow {
  return statementsFor(sqlite).month.get({ id, from, to })!
}

/**
 * The flags of days [from, to) as hex text, for the listings given (every listing with
 * availability when `ids` is undefined); a listing without availability has no row.
 */
export function flagWindows(
  sqlite: Database.Database,
  from: number,
  to: number,
  ids?: readonly number[]
): FlagsHexRow[] {
  const s = statementsFor(sqlite)
  return ids === undefined
    ? s.flagsAll.all({ from, to })
    : s.flagsSome.all({ from, to, ids: JSON.stringify(ids) })
}

/** The window's days as PackedDays starting at max(from, base), or undefined without a record. */
export function windowDays(row: DaysWindowRow, from: number): PackedDays | undefined {
  if (row.a_base === null) return undefined
  return {
    baseDay: Math.max(from, row.a_base),
    flags: row.flags!,
    stayWidth: row.stay_width as StayWidth,
    minStay: row.min_stay!,
    maxStay: row.max_stay!,
    extra:
      row.a_extra === null ? null : (JSON.parse(row.a_extra) as Record<string, AvailabilityDay>)
  }
}

/** The window's nightly prices as PackedRates (no rules), or undefined without a record. */
export function windowRates(row: RatesWindowRow, from: number): PackedRates | undefined {
  if (row.r_base === null) return undefined
  return {
    baseDay: Math.max(from, row.r_base),
    prices: row.prices!,
    rules: {},
    exact: row.r_exact === null ? null : (JSON.parse(row.r_exact) as Record<string, number>)
  }
}
