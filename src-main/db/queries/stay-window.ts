import { fromDayNumber, type IsoDate } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import type { StayRequest } from '@shared/domain/stay-rules'
import { dayNumberOf } from '@shared/calendar/day-numbers'
import {
  FLAG_AVAILABLE,
  FLAG_CHECK_IN,
  FLAG_CHECK_OUT,
  FLAG_PRESENT
} from '@shared/calendar/packed-days'
import { centsAt, NO_RATE } from '@shared/calendar/packed-rates'

/**
 * Reading a stay's window of the packed arrays: from the bytes held in memory (StayCalendars,
 * for the search), or from SQLite's hex() of a window (hexByte, for the timeline's letters:
 * better-sqlite3 copies every BLOB into a new Buffer, while short strings are cheap).
 */

/** One query's stay, computed once and shared by every listing it looks at. */
export interface SearchContext {
  stay: StayRequest
  today: IsoDate
  fromDay: number
  toDay: number
  nights: number
  persons: number
  /** Days from today to arrival. */
  lead: number
  /** The dates from arrival to departure, inclusive (index = day - fromDay). */
  dates: IsoDate[]
  /** The nights: `dates` without the departure day. */
  nightDates: IsoDate[]
}

export function searchContext(
  stay: StayRequest,
  today: IsoDate,
  persons: number,
  lead: number
): SearchContext {
  const fromDay = dayNumberOf(stay.from)
  const toDay = dayNumberOf(stay.to)
  const dates: IsoDate[] = []
  for (let d = fromDay; d <= toDay && d - fromDay <= 4000; d++) dates.push(fromDayNumber(d))
  return {
    stay,
    today,
    fromDay,
    toDay,
    nights: toDay - fromDay,
    persons,
    lead,
    dates,
    nightDates: dates.slice(0, Math.max(0, toDay - fromDay))
  }
}

function nibble(c: number): number {
  return c <= 57 ? c - 48 : c - 55
}

/** Byte `i` of an upper-case hex string. */
export function hexByte(hex: string, i: number): number {
  return (nibble(hex.charCodeAt(2 * i)) << 4) | nibble(hex.charCodeAt(2 * i + 1))
}

/** Little-endian unsigned value of `width` bytes at element `i` of the elements from byte `at`. */
export function uintAt(bytes: Uint8Array, at: number, i: number, width: number): number {
  let v = 0
  for (let b = width - 1; b >= 0; b--) v = v * 256 + bytes[at + i * width + b]
  return v
}

/** Does a day's flag byte have every bit of `must`, and no other bit outside `ignore`? */
function flagIs(flag: number, must: number, ignore: number): boolean {
  return (flag & ~ignore) === must
}

const OPEN = FLAG_PRESENT | FLAG_AVAILABLE

/**
 * Whether a calendar's flags allow the stay whose arrival is flags[start]: arrival available
 * and check-in, every night available, departure check-out. A day kept in `extra` (FLAG_EXTRA)
 * never passes, so such calendars go to the general path. The caller keeps `start` and
 * `start + nights` inside the array.
 */
export function stayFlagsAllow(flags: Uint8Array, start: number, nights: number): boolean {
  if (!flagIs(flags[start], OPEN | FLAG_CHECK_IN, FLAG_CHECK_OUT)) return false
  for (let i = 1; i < nights; i++) {
    if (!flagIs(flags[start + i], OPEN, FLAG_CHECK_IN | FLAG_CHECK_OUT)) return false
  }
  return flagIs(
    flags[start + nights],
    FLAG_PRESENT | FLAG_CHECK_OUT,
    FLAG_AVAILABLE | FLAG_CHECK_IN
  )
}

/**
 * Cents for each night of the stay, as priceStay would take them from rateWindow(): a night's
 * verbatim price from `exact` wins (rounded to cents the shared way), else the stored cents
 * (`prices` holds `span.count` Int32s, one per day from `baseDay`, from byte `span.at`; the
 * whole Buffer without a span). Null when a night has no rate.
 */
export function windowCents(
  q: SearchContext,
  baseDay: number,
  prices: Buffer,
  exact: Record<string, number> | null,
  span: { at: number; count: number } = { at: 0, count: prices.length / 4 }
): number[] | null {
  const out: number[] = []
  const { at, count } = span
  for (let d = q.fromDay; d < q.toDay; d++) {
    const verbatim = exact?.[q.dates[d - q.fromDay]]
    if (verbatim !== undefined) {
      out.push(eurToCents(verbatim))
      continue
    }
    const i = d - baseDay
    if (i < 0 || i >= count) return null
    const cents = prices.readInt32LE(at + i * 4)
    if (cents === NO_RATE) return null
    // Stored cents are exact: centsToEur then eurToCents gives them back unchanged.
    out.push(cents)
  }
  return out
}

/**
 * The nights of [fromDay, toDay) without a rate, from a window of a rate row (`prices` starts at
 * max(fromDay, baseDay), as the queries' substr() cuts it) and its verbatim prices; every night
 * when the listing has no rate row. The service refuses such a stay (rates cover one year), so
 * the search does too.
 */
export function unratedNights(
  fromDay: number,
  toDay: number,
  rates: { baseDay: number | null; prices: Uint8Array | null; exact: Record<string, number> | null }
): IsoDate[] {
  const out: IsoDate[] = []
  const window =
    rates.baseDay === null || rates.prices === null
      ? null
      : {
          baseDay: Math.max(fromDay, rates.baseDay),
          prices: rates.prices,
          rules: {},
          exact: rates.exact
        }
  for (let d = fromDay; d < toDay; d++) {
    if (!window || centsAt(window, d) === null) out.push(fromDayNumber(d))
  }
  return out
}
