import type Database from 'better-sqlite3'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { fromDayNumber, toDayNumber } from '@shared/domain/dates'
import { dayAt, type StayWidth } from '../packed-days'
import { centsAt } from '../packed-rates'

export interface CalendarDay {
  date: string
  /** False when the mirror has no availability for the day (then the flags are false too). */
  known: boolean
  available: boolean
  checkInDay: boolean
  checkOutDay: boolean
  /** For stays arriving this day; 0 means no limit (and is also shown for unknown days). */
  minStay: number
  maxStay: number
  /** Nightly price in cents, or null without a rate. */
  priceCents: number | null
}

export interface CalendarMonth {
  listingId: number
  month: string
  days: CalendarDay[]
}

interface Row {
  a_base: number | null
  stay_width: number | null
  flags: Uint8Array | null
  min_stay: Uint8Array | null
  max_stay: Uint8Array | null
  a_extra: string | null
  r_base: number | null
  prices: Uint8Array | null
  exact: string | null
}

/** Reads only the month's bytes of each blob (see available.ts for the substr arithmetic). */
const SQL = `
SELECT a.base_day AS a_base, a.stay_width, a.extra AS a_extra,
  substr(a.flags, max(@from - a.base_day, 0) + 1, max(0, @to - max(@from, a.base_day))) AS flags,
  substr(a.min_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day)) * a.stay_width) AS min_stay,
  substr(a.max_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day)) * a.stay_width) AS max_stay,
  r.base_day AS r_base, r.exact,
  substr(r.prices, max(@from - r.base_day, 0) * 4 + 1, max(0, @to - max(@from, r.base_day)) * 4) AS prices
FROM (SELECT @id AS id) k
LEFT JOIN availability a ON a.listing_id = k.id
LEFT JOIN rates r ON r.listing_id = k.id`

const statements = new WeakMap<Database.Database, Database.Statement>()

/** Every day of `month` (YYYY-MM) for one listing: flags, stay limits and nightly price. */
export function calendarMonth(
  sqlite: Database.Database,
  listingId: number,
  month: string
): CalendarMonth {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new RangeError(`not a month YYYY-MM: ${month}`)
  const from = toDayNumber(`${month}-01`)
  const next = new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7), 1))
  const to = toDayNumber(next.toISOString().slice(0, 10))
  let stmt = statements.get(sqlite)
  if (!stmt) statements.set(sqlite, (stmt = sqlite.prepare(SQL)))
  const row = stmt.get({ id: listingId, from, to }) as Row
  const days =
    row.a_base === null
      ? undefined
      : {
          baseDay: Math.max(from, row.a_base),
          flags: row.flags!,
          stayWidth: row.stay_width as StayWidth,
          minStay: row.min_stay!,
          maxStay: row.max_stay!,
          extra:
            row.a_extra === null
              ? null
              : (JSON.parse(row.a_extra) as Record<string, AvailabilityDay>)
        }
  const rates =
    row.r_base === null
      ? undefined
      : {
          baseDay: Math.max(from, row.r_base),
          prices: row.prices!,
          rules: {},
          exact: row.exact === null ? null : (JSON.parse(row.exact) as Record<string, number>)
        }
  const out: CalendarDay[] = []
  for (let d = from; d < to; d++) {
    const day = days && dayAt(days, d)
    out.push({
      date: fromDayNumber(d),
      known: day !== undefined,
      available: day?.available ?? false,
      checkInDay: day?.checkInDay ?? false,
      checkOutDay: day?.checkOutDay ?? false,
      minStay: day?.minStay ?? 0,
      maxStay: day?.maxStay ?? 0,
      priceCents: rates ? centsAt(rates, d) : null
    })
  }
  return { listingId, month, days: out }
}
