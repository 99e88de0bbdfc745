import { FLAG_AVAILABLE, FLAG_PRESENT, type PackedDays } from '../calendar/packed-days'
import { centsAt, NO_RATE, type PackedRates } from '../calendar/packed-rates'
import { toDayNumber, type IsoDate } from '../domain/dates'
import { flagsAt, judgeOpenRun, lastDay, type GapRun } from './gap-nights'

/**
 * The overview's figures of one listing, a month at a time, from its packed calendar and rates
 * (the mirror's bytes): what the service publishes, added up, never guessed. A day without a
 * record is `unknown` (neither unavailable nor open), a night without a rate is counted as
 * unpriced (never as 0), and money is integer cents.
 */

/** The figures kept per listing and month, in this order (a Float64Array holds 12 x these). */
const FIGURE_KEYS = [
  /** Days of the month from today on. */
  'days',
  /** Days the calendar holds no record for. */
  'unknown',
  /** Days the service marks not available (a booking or an owner's block: it does not say). */
  'unavailable',
  /** Days open for booking. */
  'open',
  /** Nights with a published rate, and the sum of those rates (cents). */
  'priced',
  'rateSum',
  /** Open nights with a rate: their value at published rates (cents); open nights without one. */
  'openValue',
  'openUnpriced',
  /** Gap nights (gap-nights.ts), their value at published rates, and those without a rate. */
  'gapNights',
  'gapValue',
  'gapUnpriced'
] as const
export type FigureKey = (typeof FIGURE_KEYS)[number]
export const FIGURES = FIGURE_KEYS.length
export const F = Object.fromEntries(FIGURE_KEYS.map((k, i) => [k, i])) as Record<FigureKey, number>

/** How many months the overview covers: this one (from today) and the eleven after it. */
export const OVERVIEW_MONTHS = 12

/** Gap nights are listed for the next 90 days (issue 23). */
export const GAP_DAYS = 90

export interface MonthSpan {
  /** 'YYYY-MM' of each month. */
  months: string[]
  /** Day numbers: bounds[k] is the first day counted of month k (today for the first); one more. */
  bounds: number[]
}

/** This month from `today` and the `count - 1` after it. */
export function monthSpan(today: IsoDate, count = OVERVIEW_MONTHS): MonthSpan {
  const y = +today.slice(0, 4)
  const m = +today.slice(5, 7) - 1
  const months: string[] = []
  const bounds = [toDayNumber(today)]
  for (let k = 0; k < count; k++) {
    const first = new Date(Date.UTC(y, m + k, 1))
    months.push(first.toISOString().slice(0, 7))
    bounds.push(Date.UTC(y, m + k + 1, 1) / 86_400_000)
  }
  return { months, bounds }
}

export interface ListingCalendar {
  days: PackedDays | undefined
  rates: PackedRates | undefined
  /** false: an inactive listing, which no stay can book: it has no gap nights of its own. */
  active: boolean
  advanceNotice: number
}

/** Reused between listings: the span's flags and cents (NaN: no rate) of the one being added. */
let spanFlags = new Uint8Array(512)
let spanCents = new Float64Array(512)
/** The span's packed prices copied to an aligned buffer, read as Int32 (little-endian hosts). */
let spanPrices = new Int32Array(512)
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1

/** Copies `bytes[from, from + n)` to `to` from 0, zero where `bytes` has no such index. */
function copyWindow(bytes: Uint8Array, from: number, n: number, to: Uint8Array): void {
  to.fill(0, 0, n)
  const a = Math.max(from, 0)
  const b = Math.min(from + n, bytes.length)
  if (a < b) to.set(bytes.subarray(a, b), a - from)
}

/**
 * `n` days from `from` of a listing's calendar and rates, decoded once into spanFlags and
 * spanCents: flagsAt and centsAt for each day, copied straight from the packed bytes when no day
 * is kept verbatim (the usual case, and what keeps a pass over 10,000 listings' years short).
 */
function decodeSpan(
  p: PackedDays | undefined,
  r: PackedRates | undefined,
  from: number,
  n: number
): void {
  if (spanFlags.length < n) {
    spanFlags = new Uint8Array(n)
    spanCents = new Float64Array(n)
    spanPrices = new Int32Array(n)
  }
  // encodeDays marks a day FLAG_EXTRA only when it keeps that day in `extra`.
  if (!p) spanFlags.fill(0, 0, n)
  else if (p.extra === null) copyWindow(p.flags, from - p.baseDay, n, spanFlags)
  else for (let i = 0; i < n; i++) spanFlags[i] = flagsAt(p, from + i)
  if (!r) spanCents.fill(NaN, 0, n)
  else if (r.exact === null && LITTLE_ENDIAN) {
    const bytes = new Uint8Array(spanPrices.buffer, 0, n * 4)
    // A night outside the packed prices reads as NO_RATE: its bytes are filled with it first.
    spanPrices.fill(NO_RATE, 0, n)
    const i0 = Math.max(from - r.baseDay, 0)
    const i1 = Math.min(from - r.baseDay + n, r.prices.length >> 2)
    if (i0 < i1) bytes.set(r.prices.subarray(i0 * 4, i1 * 4), (i0 - (from - r.baseDay)) * 4)
    for (let i = 0; i < n; i++) {
      const v = spanPrices[i]
      spanCents[i] = v === NO_RATE ? NaN : v
    }
  } else {
    for (let i = 0; i < n; i++) spanCents[i] = centsAt(r, from + i) ?? NaN
  }
}

/**
 * Adds one listing's figures for the months of `span` into `out` from `offset` (month k's
 * figure i at offset + k * FIGURES + i) and returns its gap runs from today to the span's end,
 * each with the value of its nights within `valueDays` of today (at published rates, cents) and
 * those nights without a rate.
 */
export function listingFigures(
  cal: ListingCalendar,
  span: MonthSpan,
  out: Float64Array,
  offset: number,
  valueDays = GAP_DAYS
): ValuedGapRun[] {
  const { bounds } = span
  const from = bounds[0]
  const end = bounds[bounds.length - 1]
  decodeSpan(cal.days, cal.rates, from, end - from)
  const flags = spanFlags
  const cents = spanCents
  for (let k = 0; k + 1 < bounds.length; k++) {
    let unknown = 0
    let unavailable = 0
    let open = 0
    let priced = 0
    let rateSum = 0
    let openValue = 0
    let openUnpriced = 0
    for (let i = bounds[k] - from, stop = bounds[k + 1] - from; i < stop; i++) {
      const c = cents[i]
      const f = flags[i]
      const hasRate = c === c
      if (hasRate) {
        priced++
        rateSum += c
      }
      if ((f & FLAG_PRESENT) === 0) unknown++
      else if ((f & FLAG_AVAILABLE) === 0) unavailable++
      else {
        open++
        if (hasRate) openValue += c
        else openUnpriced++
      }
    }
    const at = offset + k * FIGURES
    out[at + F.days] += bounds[k + 1] - bounds[k]
    out[at + F.unknown] += unknown
    out[at + F.unavailable] += unavailable
    out[at + F.open] += open
    out[at + F.priced] += priced
    out[at + F.rateSum] += rateSum
    out[at + F.openValue] += openValue
    out[at + F.openUnpriced] += openUnpriced
  }
  if (!cal.days || !cal.active) return []
  const runs = openRuns(cal.days, from, end, cal.advanceNotice)
  const valueEnd = from + valueDays
  for (const run of runs) {
    let k = 0
    let value = 0
    const unpriced: number[] = []
    for (let d = run.from, stop = Math.min(run.to, end); d < stop; d++) {
      while (d >= bounds[k + 1]) k++
      const at = offset + k * FIGURES
      out[at + F.gapNights]++
      const c = cents[d - from]
      if (c === c) {
        out[at + F.gapValue] += c
        if (d < valueEnd) value += c
      } else {
        out[at + F.gapUnpriced]++
        if (d < valueEnd) unpriced.push(d)
      }
    }
    run.valueCents = value
    run.unpriced = unpriced
  }
  return runs
}

/**
 * gapRuns(p, from, end, advanceNotice) read off the decoded span (spanFlags): the open runs are
 * found on its bytes, and only a run reaching the span's end is followed past it in the record.
 * Each run is given its value by listingFigures, on the object judgeOpenRun made.
 */
function openRuns(p: PackedDays, from: number, end: number, advanceNotice: number) {
  const runs: ValuedGapRun[] = []
  const flags = spanFlags
  const n = end - from
  const last = lastDay(p)
  const earliest = from + Math.max(advanceNotice, 0)
  let i = 0
  while (i < n) {
    if ((flags[i] & FLAG_AVAILABLE) === 0) {
      i++
      continue
    }
    let j = i
    while (j + 1 < n && flags[j + 1] & FLAG_AVAILABLE) j++
    let e = from + j
    if (j + 1 === n) while (e < last && flagsAt(p, e + 1) & FLAG_AVAILABLE) e++
    const run = judgeOpenRun(p, from + i, e, earliest)
    if (run) runs.push(run as ValuedGapRun)
    i = j + 1
  }
  return runs
}

/** A gap run with the value of its nights within the value window, and those without a rate. */
export interface ValuedGapRun extends GapRun {
  valueCents: number
  /** Day numbers of its nights (within the value window) without a published rate. */
  unpriced: number[]
}
