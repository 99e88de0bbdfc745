import type Database from 'better-sqlite3'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { fromDayNumber } from '@shared/domain/dates'
import {
  FLAG_AVAILABLE,
  FLAG_CHECK_IN,
  FLAG_EXTRA,
  FLAG_PRESENT
} from '@shared/calendar/packed-days'
import { flagWindows, type FlagsHexRow } from './packed-window'
import { hexByte } from './stay-window'

/**
 * Many listings' days as one letter each, for the portfolio timeline and for comparing the
 * offline copy with the service's period answer: `i` open with check-in allowed, `o` open, `x`
 * not available, `-` not in the offline copy. Only the window's flag bytes leave SQLite, as hex
 * text (see stay-window.ts); a day kept verbatim in `extra` is read from its JSON.
 */

export const DAY_OPEN = 'o'
export const DAY_CHECK_IN = 'i'
const DAY_CLOSED = 'x'
export const DAY_UNKNOWN = '-'

function letterOf(day: AvailabilityDay | undefined): string {
  if (!day) return DAY_UNKNOWN
  if (!day.available) return DAY_CLOSED
  return day.checkInDay ? DAY_CHECK_IN : DAY_OPEN
}

function lettersOf(row: FlagsHexRow, from: number, days: number): string {
  const [, base, extraJson, hex] = row
  const extra =
    extraJson === null ? null : (JSON.parse(extraJson) as Record<string, AvailabilityDay>)
  const start = Math.max(from, base)
  let out = ''
  for (let d = from; d < from + days; d++) {
    const i = d - start
    const flag = d >= start && i * 2 < hex.length ? hexByte(hex, i) : 0
    if (flag === 0 || flag & FLAG_EXTRA) {
      out += extra ? letterOf(extra[fromDayNumber(d)]) : DAY_UNKNOWN
    } else if (!(flag & FLAG_PRESENT) || !(flag & FLAG_AVAILABLE)) {
      out += DAY_CLOSED
    } else {
      out += flag & FLAG_CHECK_IN ? DAY_CHECK_IN : DAY_OPEN
    }
  }
  return out
}

/**
 * The letters of `days` days from day number `from` for the listings given (every listing with
 * availability when `ids` is undefined); a listing without availability is absent from the map.
 */
export function dayLetters(
  sqlite: Database.Database,
  from: number,
  days: number,
  ids?: readonly number[]
): Map<number, string> {
  const rows = flagWindows(sqlite, from, from + days, ids)
  const out = new Map<number, string>()
  for (const row of rows) out.set(row[0], lettersOf(row, from, days))
  return out
}
