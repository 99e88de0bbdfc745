import { fromDayNumber, type IsoDate } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import type { StayRequest } from '@shared/domain/stay-rules'
import { dayNumberOf } from '../day-numbers'
import { FLAG_AVAILABLE, FLAG_CHECK_IN, FLAG_CHECK_OUT, FLAG_PRESENT } from '../packed-days'
import { NO_RATE } from '../packed-rates'

/**
 * Decoding a stay's window of the packed arrays as SQLite's hex() returns them. The search asks
 * for hex text rather than BLOB substrings because better-sqlite3 copies every BLOB into a new
 * Buffer (about a microsecond each, 30,000 a query), while short strings are cheap.
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

/** Little-endian unsigned value of `width` bytes at element `i`. */
export function hexUint(hex: string, i: number, width: number): number {
  let v = 0
  for (let b = width - 1; b >= 0; b--) v = v * 256 + hexByte(hex, i * width + b)
  return v
}

/** Little-endian Int32 at element `i`. */
export function hexInt32(hex: string, i: number): number {
  return hexUint(hex, i, 4) | 0
}

/**
 * GLOB over hex(flags) of the window that only a stay the flags allow can match: arrival
 * available and check-in, every night available, departure check-out, no day kept in `extra`.
 * Each byte is "0" then one hex digit: FLAG_EXTRA (16) would make the first digit "1", which the
 * pattern never allows, so such days go to the general path.
 */
export function flagsPattern(nights: number): string {
  const digits = (must: number, ignore: number) => {
    const out: string[] = []
    for (let v = 0; v < 16; v++) {
      if ((v & ~ignore) === must) out.push(v.toString(16))
    }
    return `0[${out.join('').toUpperCase()}]`
  }
  const open = FLAG_PRESENT | FLAG_AVAILABLE
  const night = digits(open, FLAG_CHECK_IN | FLAG_CHECK_OUT)
  const arrival = digits(open | FLAG_CHECK_IN, FLAG_CHECK_OUT)
  const departure = digits(FLAG_PRESENT | FLAG_CHECK_OUT, FLAG_AVAILABLE | FLAG_CHECK_IN)
  return arrival + night.repeat(nights - 1) + departure
}

/**
 * Cents for each night of the stay, as priceStay would take them from rateWindow(): a night's
 * verbatim price from `exact` wins (rounded to cents the shared way), else the stored cents of
 * the window (which starts at max(fromDay, baseDay)). Null when a night has no rate.
 */
export function windowCents(
  q: SearchContext,
  baseDay: number,
  prices: string,
  exact: Record<string, number> | null
): number[] | null {
  const out: number[] = []
  const start = Math.max(q.fromDay, baseDay)
  const count = prices.length / 8
  for (let d = q.fromDay; d < q.toDay; d++) {
    const verbatim = exact?.[q.dates[d - q.fromDay]]
    if (verbatim !== undefined) {
      out.push(eurToCents(verbatim))
      continue
    }
    const i = d - start
    if (i < 0 || i >= count) return null
    const cents = hexInt32(prices, i)
    if (cents === NO_RATE) return null
    // Stored cents are exact: centsToEur then eurToCents gives them back unchanged.
    out.push(cents)
  }
  return out
}
