import type { z } from 'zod'
import { sentenceDate } from './date-words'
import { addDays, daysBetween, isIsoDate, type IsoDate } from './dates'

/**
 * What the service publishes, and so the stays StayDesk may ask about (spec, Limits):
 * availability from today for two years ahead, rates for one year ahead. A stay outside the
 * availability window is unknown, not booked; a night outside the rate window has no rate.
 * The sandbox has its own copy of these numbers (it stands for the service and must not share
 * the client's rules): src-main/sandbox/state/calendar.ts.
 */

/** Days of availability the service publishes: today .. today + 729. */
export const AVAILABILITY_WINDOW_DAYS = 730
/** Nights the service publishes a rate for: today .. today + 364. */
export const RATE_WINDOW_DAYS = 365

/**
 * The longest stay anyone can ask about: a stay longer than the availability window cannot lie
 * inside it. Without a cap a departure typed in the year 9027 had main walk three million nights.
 * @alias a limit of its own that happens to equal the window (knip: not a duplicate export)
 */
export const MAX_STAY_NIGHTS = AVAILABILITY_WINDOW_DAYS

/** The oldest child the service takes (childrenAges 0 to 12); an older guest is an adult. */
export const MAX_CHILD_AGE = 12

export interface StayWindow {
  /** The first day a stay may start: today. */
  first: IsoDate
  /** The last day the service has availability for: the last possible departure. */
  last: IsoDate
  /** The last night with a rate. */
  lastRated: IsoDate
}

export function stayWindow(today: IsoDate): StayWindow {
  return {
    first: today,
    last: addDays(today, AVAILABILITY_WINDOW_DAYS - 1),
    lastRated: addDays(today, RATE_WINDOW_DAYS - 1)
  }
}

/** "the service publishes availability from today, Mon, Nov 23, 2026, to Tue, Nov 21, 2028 (two years)" */
function windowText(w: StayWindow): string {
  return `the service publishes availability from today, ${sentenceDate(w.first)}, to ${sentenceDate(w.last)} (two years)`
}

/**
 * Where a stay falls outside what the service publishes, said on the field that is wrong; null
 * when both dates lie in the availability window. Main answers such a stay with this, not with
 * "booked or closed", and the forms show it before asking.
 */
export function stayWindowProblem(
  stay: { from: string; to: string },
  today: IsoDate
): { field: 'from' | 'to'; message: string } | null {
  if (!isIsoDate(stay.from) || !isIsoDate(stay.to)) return null
  const w = stayWindow(today)
  if (stay.from < w.first) {
    return {
      field: 'from',
      message: `Arrival ${sentenceDate(stay.from)} is in the past (today is ${sentenceDate(today)}).`
    }
  }
  if (stay.from >= w.last) {
    return {
      field: 'from',
      message: `Arrival ${sentenceDate(stay.from)} is past the availability window: ${windowText(w)}.`
    }
  }
  if (stay.to > w.last) {
    return {
      field: 'to',
      message: `Departure ${sentenceDate(stay.to)} is past the availability window: ${windowText(w)}.`
    }
  }
  return null
}

/**
 * The stay's length within MAX_STAY_NIGHTS, as a zod refinement for the IPC inputs and forms
 * (checkStay in api/quote.schema.ts says "must be after from"; this says "not that long").
 */
export function checkStayLength(stay: { from: string; to: string }, ctx: z.RefinementCtx): void {
  if (!isIsoDate(stay.from) || !isIsoDate(stay.to)) return
  const nights = daysBetween(stay.from, stay.to)
  if (nights > MAX_STAY_NIGHTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `must be at most ${MAX_STAY_NIGHTS} nights after arrival (the service publishes two years ahead); this stay has ${nights}`
    })
  }
}
