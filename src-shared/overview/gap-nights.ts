import type { AvailabilityDay } from '../api/availability.schema'
import {
  FLAG_AVAILABLE,
  FLAG_CHECK_IN,
  FLAG_CHECK_OUT,
  FLAG_EXTRA,
  FLAG_PRESENT,
  readUint,
  type PackedDays
} from '../calendar/packed-days'
import { fromDayNumber } from '../domain/dates'

/**
 * Gap nights: a run of open nights no guest can book. A run is a gap when no stay inside it
 * (arrival on one of its nights, departure on a later night of it or the day after its last
 * night) passes the stay rules of src-shared/domain/stay-rules.ts: check-in allowed on the
 * arrival day, check-out allowed on the departure day (a day with no record allows none), at
 * least max(minStay, 1) nights and at most maxStay (0: no limit) of the arrival day, and an
 * arrival no earlier than the listing's advance notice from today. The rule reads the packed
 * calendar's bytes (a pass over 10,000 listings' years), and test/unit/shared/overview holds it
 * to checkStayRules over every stay of random runs.
 *
 * Rates are not part of it: a night open without a rate is the guardrails' warning, and a gap's
 * value names such nights rather than counting them as 0.
 */

/**
 * Why no stay fits a run: the rule that stops its first allowed arrival day (or, with none, why
 * there is none). 'check-in-day': no night of the run allows check-in; 'advance-notice': every
 * check-in day of the run is within the advance notice; 'min-stay': the arrival day leaves
 * fewer nights than its minimum stay; 'check-out-day': no allowed check-out day from its
 * minimum stay to the run's end; 'max-stay': the check-out days a stay could end on are all
 * past its maximum stay. These are stayMissCodes' codes for every stay from that day.
 */
type GapReason = 'check-in-day' | 'advance-notice' | 'min-stay' | 'check-out-day' | 'max-stay'

export interface GapRun {
  /** Day number of the run's first open night (never before today). */
  from: number
  /** Day number after its last open night: the run's nights are [from, to). */
  to: number
  reason: GapReason
  /**
   * The first check-in day of the run the advance notice allows (the one leaving the most
   * nights), or null when there is none.
   */
  arrival: number | null
  /** How many check-in days of the run the advance notice allows. */
  arrivals: number
  /** The minimum stay (at least 1) and maximum stay (0: none) of `arrival`, or of the first night. */
  minStay: number
  maxStay: number
  /** The first day an arrival may be when the advance notice rules out a check-in day of the run. */
  earliest: number | null
  /** false when every allowed arrival day is stopped by the same rule as `arrival`. */
  mixed: boolean
}

/** One day's flags with a verbatim (`extra`) day folded in: 0 when the record has no such day. */
export function flagsAt(p: PackedDays, day: number): number {
  const i = day - p.baseDay
  const f = i >= 0 && i < p.flags.length ? p.flags[i] : 0
  if (f !== 0 && (f & FLAG_EXTRA) === 0) return f
  const x = extraDay(p, day)
  if (!x) return 0
  return (
    FLAG_PRESENT |
    (x.available ? FLAG_AVAILABLE : 0) |
    (x.checkInDay ? FLAG_CHECK_IN : 0) |
    (x.checkOutDay ? FLAG_CHECK_OUT : 0)
  )
}

function extraDay(p: PackedDays, day: number): AvailabilityDay | undefined {
  return p.extra ? p.extra[fromDayNumber(day)] : undefined
}

function stayAt(p: PackedDays, day: number, which: 'minStay' | 'maxStay'): number {
  const i = day - p.baseDay
  const f = i >= 0 && i < p.flags.length ? p.flags[i] : 0
  if (f !== 0 && (f & FLAG_EXTRA) === 0) return readUint(p[which], i, p.stayWidth)
  return extraDay(p, day)?.[which] ?? 0
}

/** The last day the record may hold (its arrays, or a verbatim day beyond them). */
export function lastDay(p: PackedDays): number {
  let last = p.baseDay + p.flags.length - 1
  if (p.extra) {
    for (const d of Object.keys(p.extra)) {
      const n = Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10)) / 86_400_000
      if (n > last) last = n
    }
  }
  return last
}

/** Reused between runs: where the next allowed departure at or after a day is (see fits). */
let nextOut = new Int32Array(1024)

/**
 * Whether the first arrival day of the open nights [s, e] that allows check-in (at `earliest` or
 * later) has a stay that fits: most runs are bookable from their first arrival, and this answers
 * them without judgeRun's pass over the whole run. false says nothing: judgeRun decides.
 */
function firstArrivalFits(p: PackedDays, s: number, e: number, earliest: number): boolean {
  let a = Math.max(s, earliest)
  while (a <= e && (flagsAt(p, a) & FLAG_CHECK_IN) === 0) a++
  if (a > e) return false
  const out = e + 1
  const lo = a + Math.max(stayAt(p, a, 'minStay'), 1)
  const max = stayAt(p, a, 'maxStay')
  const hi = max > 0 ? Math.min(a + max, out) : out
  for (let d = lo; d <= hi; d++) if (flagsAt(p, d) & FLAG_CHECK_OUT) return true
  return false
}

/**
 * Why no stay fits the open nights [s, e] (e inclusive) (see GapReason), or null when one does.
 * `earliest` is the first day an arrival may be (today plus the advance notice).
 */
function judgeRun(p: PackedDays, s: number, e: number, earliest: number): GapRun | null {
  const out = e + 1
  const n = out - s + 1
  if (nextOut.length < n + 1) nextOut = new Int32Array(n * 2)
  // nextOut[k]: the first day >= s + k allowing a departure, or out + 1 when none does.
  nextOut[n] = out + 1
  for (let k = n - 1; k >= 0; k--) {
    nextOut[k] = flagsAt(p, s + k) & FLAG_CHECK_OUT ? s + k : nextOut[k + 1]
  }
  let anyArrival = false
  let noticeRules = false
  let arrival: number | null = null
  let arrivals = 0
  let reason: GapReason | null = null
  let mixed = false
  for (let a = s; a <= e; a++) {
    if ((flagsAt(p, a) & FLAG_CHECK_IN) === 0) continue
    anyArrival = true
    if (a < earliest) {
      noticeRules = true
      continue
    }
    arrivals++
    const min = Math.max(stayAt(p, a, 'minStay'), 1)
    const max = stayAt(p, a, 'maxStay')
    const lo = a + min
    let why: GapReason
    if (lo > out) why = 'min-stay'
    else {
      const hi = max > 0 ? Math.min(a + max, out) : out
      if (lo <= hi && nextOut[lo - s] <= hi) return null
      // A departure at or after the minimum that is not allowed can only be past the maximum.
      why = nextOut[lo - s] <= out ? 'max-stay' : 'check-out-day'
    }
    if (arrival === null) {
      arrival = a
      reason = why
    } else if (why !== reason) mixed = true
  }
  const at = arrival ?? s
  return {
    from: s,
    to: out,
    reason: reason ?? (anyArrival ? 'advance-notice' : 'check-in-day'),
    arrival,
    arrivals,
    minStay: Math.max(stayAt(p, at, 'minStay'), 1),
    maxStay: stayAt(p, at, 'maxStay'),
    earliest: noticeRules ? earliest : null,
    mixed
  }
}

/**
 * The open nights [s, e] (e inclusive, a whole run: the days around it closed or past the
 * record) as a gap run, or null when a stay fits in them. `earliest`: today plus the notice.
 */
export function judgeOpenRun(p: PackedDays, s: number, e: number, earliest: number): GapRun | null {
  return firstArrivalFits(p, s, e, earliest) ? null : judgeRun(p, s, e, earliest)
}

/**
 * The gap runs of one listing's calendar that start before `horizon` (a day number, exclusive),
 * from `today` on. A run is judged whole, however far past the horizon it reaches (a long run
 * cut at the horizon is not short); a run open on today counts from today, since no stay can
 * arrive earlier. `advanceNotice` is the listing's (days).
 */
export function gapRuns(
  p: PackedDays,
  today: number,
  horizon: number,
  advanceNotice = 0
): GapRun[] {
  const runs: GapRun[] = []
  const last = lastDay(p)
  const earliest = today + Math.max(advanceNotice, 0)
  let d = Math.max(today, p.baseDay)
  if (p.extra) d = today
  const end = Math.min(horizon, last + 1)
  while (d < end) {
    if ((flagsAt(p, d) & FLAG_AVAILABLE) === 0) {
      d++
      continue
    }
    let e = d
    while (e < last && flagsAt(p, e + 1) & FLAG_AVAILABLE) e++
    const run = judgeOpenRun(p, d, e, earliest)
    if (run) runs.push(run)
    d = e + 1
  }
  return runs
}
