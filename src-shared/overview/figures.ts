import { FLAG_AVAILABLE, FLAG_PRESENT, type PackedDays } from '../calendar/packed-days'
import { centsAt, type PackedRates } from '../calendar/packed-rates'
import { toDayNumber, type IsoDate } from '../domain/dates'
import { flagsAt, gapRuns, type GapRun } from './gap-nights'

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

/**
 * Adds one listing's figures for the months of `span` into `out` from `offset` (month k's
 * figure i at offset + k * FIGURES + i) and returns its gap runs from today to the span's end.
 */
export function listingFigures(
  cal: ListingCalendar,
  span: MonthSpan,
  out: Float64Array,
  offset: number
): GapRun[] {
  const { bounds } = span
  const end = bounds[bounds.length - 1]
  const p = cal.days
  const r = cal.rates
  let k = 0
  let at = offset
  for (let d = bounds[0]; d < end; d++) {
    while (d >= bounds[k + 1]) {
      k++
      at = offset + k * FIGURES
    }
    out[at + F.days]++
    const cents = r ? centsAt(r, d) : null
    if (cents !== null) {
      out[at + F.priced]++
      out[at + F.rateSum] += cents
    }
    const f = p ? flagsAt(p, d) : 0
    if ((f & FLAG_PRESENT) === 0) out[at + F.unknown]++
    else if ((f & FLAG_AVAILABLE) === 0) out[at + F.unavailable]++
    else {
      out[at + F.open]++
      if (cents === null) out[at + F.openUnpriced]++
      else out[at + F.openValue] += cents
    }
  }
  if (!p || !cal.active) return []
  const runs = gapRuns(p, bounds[0], end, cal.advanceNotice)
  for (const run of runs) {
    k = 0
    for (let d = run.from; d < Math.min(run.to, end); d++) {
      while (d >= bounds[k + 1]) k++
      at = offset + k * FIGURES
      out[at + F.gapNights]++
      const cents = r ? centsAt(r, d) : null
      if (cents === null) out[at + F.gapUnpriced]++
      else out[at + F.gapValue] += cents
    }
  }
  return runs
}
