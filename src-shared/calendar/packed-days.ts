import type { AvailabilityDay } from '@shared/api/availability.schema'
import { fromDayNumber } from '@shared/domain/dates'
import { dayNumberOf as toDayNumber } from './day-numbers'

/**
 * Fixed-position availability: one row per listing holds a base day and byte arrays indexed by
 * `day - baseDay` (docs/performance-notes.md: 25x faster to write than a row per day, 41 MB for
 * 10,000 listings, and a 7-night check reads a handful of bytes).
 *
 * - flags: one byte a day, bits below. A day missing from the record has flags 0, so a gap
 *   survives the round trip as a gap (the stay rules treat unknown days as unavailable).
 * - minStay/maxStay: `stayWidth` bytes a day, little-endian. The width is chosen per listing as
 *   the smallest of 1, 2 or 4 that holds every value: the service's values are whole numbers
 *   >= 0 with no upper bound (a maxStay of 365 is plausible), and clamping to one byte would
 *   change the rules (a 300-night stay refused under a 365 limit) and break the exact round trip
 *   the sync tests rely on. Typical calendars (all values < 256) still cost one byte.
 * - extra: the rare days that do not fit (beyond MAX_SPAN from the base day, or a value above
 *   2^32 - 1) are kept verbatim as JSON, so the codec is lossless for every parsed record.
 */

export const FLAG_PRESENT = 1
export const FLAG_AVAILABLE = 2
export const FLAG_CHECK_IN = 4
export const FLAG_CHECK_OUT = 8
/** The day's exact object lives in `extra` (its stay values did not fit the width). */
export const FLAG_EXTRA = 16

/** About four years: the two-year window plus room for records that start early or run long. */
export const MAX_SPAN = 1500

const MAX_UINT32 = 0xffffffff

export type StayWidth = 1 | 2 | 4

export interface PackedDays {
  baseDay: number
  flags: Uint8Array
  stayWidth: StayWidth
  minStay: Uint8Array
  maxStay: Uint8Array
  /** Days kept verbatim (see above), or null when every day fits the arrays. */
  extra: Record<string, AvailabilityDay> | null
}

function widthFor(max: number): StayWidth {
  return max <= 0xff ? 1 : max <= 0xffff ? 2 : 4
}

function writeUint(buf: Uint8Array, index: number, width: StayWidth, value: number): void {
  let v = value
  for (let b = 0; b < width; b++) {
    buf[index * width + b] = v & 0xff
    v = Math.floor(v / 256)
  }
}

/** Reads the little-endian value of `width` bytes at day index `index`. */
export function readUint(buf: Uint8Array, index: number, width: StayWidth): number {
  const o = index * width
  if (width === 1) return buf[o]
  if (width === 2) return buf[o] | (buf[o + 1] << 8)
  return (buf[o] | (buf[o + 1] << 8) | (buf[o + 2] << 16)) + buf[o + 3] * 0x1000000
}

function fitsUint32(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= MAX_UINT32
}

/**
 * Module-level on purpose: a closure created per call (as `fits` once had) costs a
 * defineProperty per day under esbuild's keepNames, which dominated writing a page.
 */
function fits(day: AvailabilityDay): boolean {
  return fitsUint32(day.minStay) && fitsUint32(day.maxStay)
}

function ascending(dates: string[]): boolean {
  for (let i = 1; i < dates.length; i++) if (dates[i - 1] >= dates[i]) return false
  return true
}

/**
 * One pass to find the span and the stay width, one to fill the arrays; day numbers are
 * looked up once per date. The service sends dates ascending, so the sort is usually skipped.
 */
export function encodeDays(availability: Record<string, AvailabilityDay>): PackedDays {
  const dates = Object.keys(availability)
  if (!ascending(dates)) dates.sort()
  if (dates.length === 0) {
    const empty = new Uint8Array(0)
    return { baseDay: 0, flags: empty, stayWidth: 1, minStay: empty, maxStay: empty, extra: null }
  }
  const offsets = new Int32Array(dates.length)
  const baseDay = toDayNumber(dates[0])
  for (let k = 0; k < dates.length; k++) offsets[k] = toDayNumber(dates[k]) - baseDay
  const span = Math.min(offsets[dates.length - 1] + 1, MAX_SPAN)
  let extra: Record<string, AvailabilityDay> | null = null
  let maxValue = 0
  for (let k = 0; k < dates.length; k++) {
    const day = availability[dates[k]]
    if (offsets[k] < span && fits(day)) {
      if (day.minStay > maxValue) maxValue = day.minStay
      if (day.maxStay > maxValue) maxValue = day.maxStay
    }
  }
  const stayWidth = widthFor(maxValue)
  const flags = new Uint8Array(span)
  const minStay = new Uint8Array(span * stayWidth)
  const maxStay = new Uint8Array(span * stayWidth)
  for (let k = 0; k < dates.length; k++) {
    const date = dates[k]
    const day = availability[date]
    const i = offsets[k]
    const inSpan = i < span
    if (!inSpan || !fits(day)) {
      extra ??= {}
      extra[date] = day
      if (!inSpan) continue
      flags[i] = FLAG_PRESENT | FLAG_EXTRA
      continue
    }
    flags[i] =
      FLAG_PRESENT |
      (day.available ? FLAG_AVAILABLE : 0) |
      (day.checkInDay ? FLAG_CHECK_IN : 0) |
      (day.checkOutDay ? FLAG_CHECK_OUT : 0)
    if (stayWidth === 1) {
      minStay[i] = day.minStay
      maxStay[i] = day.maxStay
    } else {
      writeUint(minStay, i, stayWidth, day.minStay)
      writeUint(maxStay, i, stayWidth, day.maxStay)
    }
  }
  return { baseDay, flags, stayWidth, minStay, maxStay, extra }
}

/**
 * One day, or undefined when the record has none. `p` may be a window cut from the stored
 * arrays (queries read only the days of a stay): then `baseDay` is the window's first day.
 */
export function dayAt(p: PackedDays, day: number): AvailabilityDay | undefined {
  const i = day - p.baseDay
  const flag = i >= 0 && i < p.flags.length ? p.flags[i] : 0
  if (flag === 0 || flag & FLAG_EXTRA) return p.extra?.[fromDayNumber(day)]
  return {
    available: (flag & FLAG_AVAILABLE) !== 0,
    checkInDay: (flag & FLAG_CHECK_IN) !== 0,
    checkOutDay: (flag & FLAG_CHECK_OUT) !== 0,
    minStay: readUint(p.minStay, i, p.stayWidth),
    maxStay: readUint(p.maxStay, i, p.stayWidth)
  }
}

/** The record's `availability` object back, dates in ascending order. */
export function decodeDays(p: PackedDays): Record<string, AvailabilityDay> {
  const out: Record<string, AvailabilityDay> = {}
  const extraDates = p.extra ? Object.keys(p.extra) : []
  const before = extraDates.filter((d) => toDayNumber(d) < p.baseDay)
  for (const d of before.sort()) out[d] = p.extra![d]
  for (let i = 0; i < p.flags.length; i++) {
    const day = dayAt(p, p.baseDay + i)
    if (day) out[fromDayNumber(p.baseDay + i)] = day
  }
  const after = extraDates.filter((d) => toDayNumber(d) >= p.baseDay + p.flags.length)
  for (const d of after.sort()) out[d] = p.extra![d]
  return out
}

/** Rebuilds packed arrays from stored columns (Buffers are Uint8Arrays, no copy needed). */
export function packedFromRow(row: {
  base_day: number
  flags: Uint8Array
  stay_width: number
  min_stay: Uint8Array
  max_stay: Uint8Array
  extra: string | null
}): PackedDays {
  return {
    baseDay: row.base_day,
    flags: row.flags,
    stayWidth: row.stay_width as StayWidth,
    minStay: row.min_stay,
    maxStay: row.max_stay,
    extra: row.extra === null ? null : (JSON.parse(row.extra) as Record<string, AvailabilityDay>)
  }
}
