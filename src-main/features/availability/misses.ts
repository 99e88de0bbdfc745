import type Database from 'better-sqlite3'
import { daysBetween, type IsoDate } from '@shared/domain/dates'
import {
  checkStayRules,
  noRateMiss,
  type DayLookup,
  type StayMiss,
  type StayRequest
} from '@shared/domain/stay-rules'
import type { Mirror } from '../../db'
import { dayNumberOf } from '../../db/day-numbers'
import { dayAt, type PackedDays, type StayWidth } from '../../db/packed-days'
import { unratedNights } from '../../db/queries/stay-window'
import { AppError } from '../../errors'

/**
 * "Why not bookable" over the whole portfolio: every listing judged by the shared stay rules,
 * as the mirror's general search path judges it (db/queries/available-full.ts), but a slice of
 * listings at a time with a turn of the event loop between slices. At 10,000 listings the pass
 * takes most of a second; in one piece it held main's thread, so the search answer and every
 * other IPC call queued behind it.
 */

/** Listings per slice: a few tens of milliseconds of work, so main answers others in between. */
export const MISSES_SLICE = 250

interface Row {
  id: number
  active: number | null
  max_guest: number | null
  advance_notice: number | null
  a_base: number | null
  stay_width: number | null
  flags: Uint8Array | null
  min_stay: Uint8Array | null
  max_stay: Uint8Array | null
  a_extra: string | null
  r_base: number | null
  prices: Uint8Array | null
  r_exact: string | null
}

/**
 * Only the stay's window of each blob leaves SQLite (as in available-full.ts); of the rates only
 * whether each night has one (a night without is a reason, as the live quote says). Keyset
 * paging on the primary key keeps the listings in id order.
 */
const SELECT = `
SELECT l.id, l.active, l.max_guest, l.advance_notice,
  a.base_day AS a_base, a.stay_width, a.extra AS a_extra,
  substr(a.flags, max(@from - a.base_day, 0) + 1, max(0, @to - max(@from, a.base_day) + 1)) AS flags,
  substr(a.min_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day) + 1) * a.stay_width) AS min_stay,
  substr(a.max_stay, max(@from - a.base_day, 0) * a.stay_width + 1,
    max(0, @to - max(@from, a.base_day) + 1) * a.stay_width) AS max_stay,
  r.base_day AS r_base, r.exact AS r_exact,
  substr(r.prices, max(@from - r.base_day, 0) * 4 + 1, max(0, @to - max(@from, r.base_day)) * 4) AS prices
FROM listings l
LEFT JOIN availability a ON a.listing_id = l.id
LEFT JOIN rates r ON r.listing_id = l.id
WHERE l.id > @after
ORDER BY l.id
LIMIT @limit`

const statements = new WeakMap<Database.Database, Database.Statement<[object], Row>>()

function sliceStatement(sqlite: Database.Database): Database.Statement<[object], Row> {
  let stmt = statements.get(sqlite)
  if (!stmt) statements.set(sqlite, (stmt = sqlite.prepare<[object], Row>(SELECT)))
  return stmt
}

function windowDays(row: Row, from: number): PackedDays | undefined {
  if (row.a_base === null) return undefined
  return {
    baseDay: Math.max(from, row.a_base),
    flags: row.flags!,
    stayWidth: row.stay_width as StayWidth,
    minStay: row.min_stay!,
    maxStay: row.max_stay!,
    extra: row.a_extra === null ? null : JSON.parse(row.a_extra)
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Calls `each` with the reasons of every listing `keep` accepts (an empty list: bookable), in
 * ascending id order. A sync committing between slices may leave the pass reading some
 * listings before and some after it; the commit's db:changed re-runs the question anyway.
 */
export async function judgeMisses(
  mirror: Mirror,
  stay: StayRequest,
  today: IsoDate,
  keep: (id: number) => boolean,
  each: (id: number, reasons: StayMiss[]) => void,
  slice = MISSES_SLICE
): Promise<void> {
  // daysBetween throws on a malformed date, as the shared rules would.
  daysBetween(stay.from, stay.to)
  const from = dayNumberOf(stay.from)
  const to = dayNumberOf(stay.to)

  let after = Number.MIN_SAFE_INTEGER
  for (;;) {
    if (!mirror.sqlite.open) {
      throw new AppError('aborted', 'The offline copy was closed before every listing was judged.')
    }
    const rows = sliceStatement(mirror.sqlite).all({ from, to, after, limit: slice })
    for (const row of rows) {
      if (!keep(row.id)) continue
      const win = windowDays(row, from)
      const days: DayLookup = (date) => (win ? dayAt(win, dayNumberOf(date)) : undefined)
      const rules = {
        ...(row.active === null ? {} : { active: row.active === 1 }),
        ...(row.max_guest === null ? {} : { maxGuest: row.max_guest }),
        ...(row.advance_notice === null ? {} : { advanceNotice: row.advance_notice })
      }
      const reasons = checkStayRules(rules, days, stay, today)
      const unrated = unratedNights(from, to, {
        baseDay: row.r_base,
        prices: row.prices,
        exact: row.r_exact === null ? null : JSON.parse(row.r_exact)
      })
      if (unrated.length > 0) reasons.push(noRateMiss(unrated))
      each(row.id, reasons)
    }
    if (rows.length < slice) return
    after = rows[rows.length - 1].id
    await nextTurn()
  }
}
