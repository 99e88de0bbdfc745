import type Database from 'better-sqlite3'
import {
  dayAt,
  FLAG_AVAILABLE,
  FLAG_CHECK_IN,
  FLAG_CHECK_OUT,
  FLAG_EXTRA,
  readUint,
  type PackedDays,
  type StayWidth
} from '@shared/calendar/packed-days'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { centsAt, type PackedRates } from '@shared/calendar/packed-rates'
import { LOWEST_PRICE_NIGHTS, type GlanceMissing } from '@shared/ipc/listings.schema'

/**
 * What a manager reads of each listing at a glance in the Listings table, from the packed
 * calendar and rates (packed-days.ts, packed-rates.ts), counted from `today` (UTC):
 *
 * - the lowest price: the lowest published nightly rate among the open nights (available) of
 *   the next LOWEST_PRICE_NIGHTS nights, today's included;
 * - the next arrival: the first day from today, the listing's advance notice respected, from
 *   which SOME stay can be booked: the arrival open and a check-in day, every night open and with
 *   a published rate (the service refuses a night without one), the departure a check-out day,
 *   the length between the arrival day's minimum stay (at least 1) and its maximum. That is the
 *   verdict the availability search (stay-rules.ts) gives a stay from that day (the guests and
 *   the active flag aside: the Status column says that). Not only a stay of exactly the minimum
 *   length: where check-in and check-out days come in weekly pairs, that one rarely ends on a
 *   check-out day;
 * - the minimum stay: the arrival day's minimum stay (at least 1 night), the rule a manager sets
 *   and reads; the shortest bookable stay from that day may be longer (to reach a check-out day).
 *
 * A figure that cannot be given says why: 'none-open' (no open night, or no day a stay can start)
 * or 'no-rate' (there are, but some night of each lacks a published rate).
 */

/** Read first for every listing: most find their next arrival within it. */
const NEAR_DAYS = 62
/** The rest of the stored calendar, for those that do not (packed-days.ts keeps at most 1500 days). */
const FAR_DAYS = 1500

export interface Glance {
  lowestCents: number | null
  lowestMissing: GlanceMissing | null
  /** Day number of the next arrival. */
  arrivalDay: number | null
  minStayNights: number | null
  arrivalMissing: GlanceMissing | null
}

const NONE_OPEN: GlanceMissing = 'none-open'
const NO_RATE: GlanceMissing = 'no-rate'

/** A day's flag byte and stay limits, from the arrays or (a day kept verbatim) from `extra`. */
interface DayView {
  flags: number
  minStay: number
  maxStay: number
}

function dayView(p: PackedDays, day: number, out: DayView): DayView | undefined {
  const i = day - p.baseDay
  const flag = i >= 0 && i < p.flags.length ? p.flags[i] : 0
  if (flag !== 0 && (flag & FLAG_EXTRA) === 0) {
    out.flags = flag
    out.minStay = readUint(p.minStay, i, p.stayWidth)
    out.maxStay = readUint(p.maxStay, i, p.stayWidth)
    return out
  }
  if (p.extra === null) return undefined
  const d = dayAt(p, day)
  if (!d) return undefined
  out.flags =
    (d.available ? FLAG_AVAILABLE : 0) |
    (d.checkInDay ? FLAG_CHECK_IN : 0) |
    (d.checkOutDay ? FLAG_CHECK_OUT : 0)
  out.minStay = d.minStay
  out.maxStay = d.maxStay
  return out
}

function isOpen(p: PackedDays, day: number, v: DayView): boolean {
  const d = dayView(p, day, v)
  return d !== undefined && (d.flags & FLAG_AVAILABLE) !== 0
}

/** The lowest rate of the open nights among the LOWEST_PRICE_NIGHTS from `today`. */
function lowest(
  days: PackedDays | undefined,
  rates: PackedRates | undefined,
  today: number
): Pick<Glance, 'lowestCents' | 'lowestMissing'> {
  let open = 0
  let low: number | null = null
  const v: DayView = { flags: 0, minStay: 0, maxStay: 0 }
  if (days) {
    for (let d = today; d < today + LOWEST_PRICE_NIGHTS; d++) {
      if (!isOpen(days, d, v)) continue
      open++
      const cents = rates ? centsAt(rates, d) : null
      if (cents !== null && (low === null || cents < low)) low = cents
    }
  }
  if (low !== null) return { lowestCents: low, lowestMissing: null }
  return { lowestCents: null, lowestMissing: open === 0 ? NONE_OPEN : NO_RATE }
}

type Arrival = Pick<Glance, 'arrivalDay' | 'minStayNights' | 'arrivalMissing'>

/**
 * The first check-out day at or after `from` and before `known`, or `known` for none. Remembers
 * its last scan (no check-out day in [from, at)), so the days of one listing are read about once
 * however the arrivals' minimum stays jump about.
 */
class CheckOuts {
  private from = 0
  private at = 0
  private readonly v: DayView = { flags: 0, minStay: 0, maxStay: 0 }

  constructor(
    private readonly days: PackedDays,
    private readonly known: number
  ) {
    this.from = this.at = known
  }

  first(from: number): number {
    if (from >= this.known) return this.known
    if (from >= this.from && from <= this.at) return this.at
    // Below the last scan, stop where it began: its answer holds from there on.
    const below = from < this.from
    const stop = below ? this.from : this.known
    let d = from
    while (d < stop && !this.isCheckOut(d)) d++
    if (d < stop || !below) this.at = d
    this.from = from
    return this.at
  }

  private isCheckOut(day: number): boolean {
    const d = dayView(this.days, day, this.v)
    return d !== undefined && (d.flags & FLAG_CHECK_OUT) !== 0
  }
}

/**
 * The next arrival among days [first, known), its stays' departures before `known` (the window
 * read; `complete`: nothing is stored beyond it). Undefined when the answer lies beyond the window.
 *
 * A day is an arrival when SOME stay from it passes every stay rule (stay-rules.ts, as the
 * availability search judges it): the arrival open and a check-in day, every night open and with
 * a published rate, the departure a check-out day, the length between the day's minimum (at least
 * 1) and its maximum. The shortest such stay departs on the first check-out day at or after the
 * minimum, so one look-up per day decides it, with the ends of the open (and of the open and
 * priced) run of nights from the arrival carried from day to day: linear in the days read.
 */
function nextArrival(
  days: PackedDays | undefined,
  rates: PackedRates | undefined,
  first: number,
  known: number,
  complete: boolean
): Arrival | undefined {
  // Without a calendar nothing is open, however far the window reaches.
  if (!days) complete = true
  let unrated = false
  if (days) {
    const v: DayView = { flags: 0, minStay: 0, maxStay: 0 }
    const w: DayView = { flags: 0, minStay: 0, maxStay: 0 }
    const checkOuts = new CheckOuts(days, known)
    // The last night a departure within the window allows is known - 2 (rates are cut there too).
    const edge = known - 1
    // [d, openEnd): open nights; [d, pricedEnd): open and priced (pricedEnd <= openEnd).
    let openEnd = first
    let pricedEnd = first
    for (let d = first; d < edge; d++) {
      const a = dayView(days, d, v)
      if (!a || (a.flags & (FLAG_AVAILABLE | FLAG_CHECK_IN)) !== (FLAG_AVAILABLE | FLAG_CHECK_IN)) {
        continue
      }
      if (openEnd <= d) {
        openEnd = d
        while (openEnd < edge && isOpen(days, openEnd, w)) openEnd++
      }
      if (pricedEnd <= d) {
        pricedEnd = d
        while (pricedEnd < openEnd && rates && centsAt(rates, pricedEnd) !== null) pricedEnd++
      }
      const minStay = Math.max(a.minStay, 1)
      // The latest departure the day's maximum stay allows (0: no maximum).
      const latest = a.maxStay > 0 ? d + a.maxStay : Infinity
      const dep = checkOuts.first(d + minStay)
      if (dep <= Math.min(pricedEnd, latest)) {
        return { arrivalDay: d, minStayNights: minStay, arrivalMissing: null }
      }
      // A stay departing beyond the window might still fit: the whole calendar decides.
      if (!complete && pricedEnd === edge && latest >= known && d + minStay <= latest) {
        return undefined
      }
      if (dep <= Math.min(openEnd, latest)) unrated = true
    }
  }
  if (!complete) return undefined
  return { arrivalDay: null, minStayNights: null, arrivalMissing: unrated ? NO_RATE : NONE_OPEN }
}

/**
 * One listing's figures from its calendar and rates as records hold them (windows or whole
 * rows): `known` is the first day the window no longer holds, and `complete` says the window
 * reaches the end of the stored calendar. Undefined when the next arrival lies beyond the window.
 */
export function glanceOf(
  days: PackedDays | undefined,
  rates: PackedRates | undefined,
  today: number,
  advanceNotice: number,
  known: number,
  complete: boolean
): Glance | undefined {
  const arrival = nextArrival(days, rates, today + Math.max(advanceNotice, 0), known, complete)
  return arrival && { ...lowest(days, rates, today), ...arrival }
}

/**
 * substr() of a packed column for days [@from, end), as packed-window.ts cuts them, read as hex
 * text: better-sqlite3 copies every BLOB into a Buffer of its own, while short strings are cheap
 * (a pass over 10,000 listings read a third of the time as hex).
 */
function cut(blob: string, width: string, end: string): string {
  const per = width === '1' ? '' : ` * ${width}`
  return (
    `hex(substr(${blob}, max(@from - base_day, 0)${per} + 1, ` +
    `max(0, ${end} - max(@from, base_day))${per}))`
  )
}

/** [listing id, base day, stay width, extra JSON, flags, minStay, maxStay] for days [@from, @to]. */
type DaysRow = [number, number, number, string | null, string, string, string]
/** [listing id, base day, exact JSON, prices] for nights [@from, @to). */
type RatesRow = [number, number, string | null, string]

const DAYS_SQL = `SELECT listing_id, base_day, stay_width, extra, ${cut('flags', '1', '@to + 1')},
  ${cut('min_stay', 'stay_width', '@to + 1')}, ${cut('max_stay', 'stay_width', '@to + 1')}
  FROM availability`
const RATES_SQL = `SELECT listing_id, base_day, exact, ${cut('prices', '4', '@to')} FROM rates`

const SOME = 'listing_id IN (SELECT value FROM json_each(@ids))'

interface Statements {
  days: Database.Statement<[object], DaysRow>
  rates: Database.Statement<[object], RatesRow>
  someDays: Database.Statement<[object], DaysRow>
  someRates: Database.Statement<[object], RatesRow>
  notice: Database.Statement<[], [number, number | null]>
}

const statements = new WeakMap<Database.Database, Statements>()

function statementsFor(db: Database.Database): Statements {
  let s = statements.get(db)
  if (!s) {
    s = {
      days: db.prepare<[object], DaysRow>(DAYS_SQL).raw(),
      rates: db.prepare<[object], RatesRow>(RATES_SQL).raw(),
      someDays: db.prepare<[object], DaysRow>(`${DAYS_SQL} WHERE ${SOME}`).raw(),
      someRates: db.prepare<[object], RatesRow>(`${RATES_SQL} WHERE ${SOME}`).raw(),
      notice: db
        .prepare<[], [number, number | null]>('SELECT id, advance_notice FROM listings')
        .raw()
    }
    statements.set(db, s)
  }
  return s
}

/** A window's days as PackedDays starting at max(from, base) (the cut starts there). */
function daysOf(r: DaysRow, from: number): PackedDays {
  return {
    baseDay: Math.max(from, r[1]),
    flags: Buffer.from(r[4], 'hex'),
    stayWidth: r[2] as StayWidth,
    minStay: Buffer.from(r[5], 'hex'),
    maxStay: Buffer.from(r[6], 'hex'),
    extra: r[3] === null ? null : (JSON.parse(r[3]) as Record<string, AvailabilityDay>)
  }
}

function ratesOf(r: RatesRow, from: number): PackedRates {
  return {
    baseDay: Math.max(from, r[1]),
    prices: Buffer.from(r[3], 'hex'),
    rules: {},
    exact: r[2] === null ? null : (JSON.parse(r[2]) as Record<string, number>)
  }
}

/**
 * Every listing's figures, by listing id. The next NEAR_DAYS days of every calendar and rate
 * record are read in one pass each (a few hundred bytes a listing); only the listings whose next
 * arrival lies further out are read again, whole.
 */
export function glanceAll(db: Database.Database, today: number): Map<number, Glance> {
  // One read transaction: the calendars and the rates of the same data.
  return db.transaction(() => {
    const s = statementsFor(db)
    const out = new Map<number, Glance>()
    const notices = s.notice.all()
    const far = pass(s.days, s.rates, notices, { from: today, to: today + NEAR_DAYS }, out)
    if (far.length > 0) {
      const ids = JSON.stringify(far.map(([id]) => id))
      pass(s.someDays, s.someRates, far, { from: today, to: today + FAR_DAYS, ids }, out, true)
    }
    return out
  })()
}

/**
 * The figures of `listings` ([id, advance notice]) from their days [from, to] and nights
 * [from, to), into `out`; returns the listings the window could not answer for.
 */
function pass(
  days: Database.Statement<[object], DaysRow>,
  rates: Database.Statement<[object], RatesRow>,
  listings: readonly [number, number | null][],
  window: { from: number; to: number; ids?: string },
  out: Map<number, Glance>,
  complete = false
): [number, number | null][] {
  const today = window.from
  const priced = new Map<number, PackedRates>()
  for (const r of rates.all(window)) priced.set(r[0], ratesOf(r, today))
  const calendars = new Map<number, PackedDays>()
  for (const r of days.all(window)) calendars.set(r[0], daysOf(r, today))
  const left: [number, number | null][] = []
  for (const listing of listings) {
    const [id, notice] = listing
    const g = glanceOf(
      calendars.get(id),
      priced.get(id),
      today,
      notice ?? 0,
      window.to + 1,
      complete
    )
    if (g) out.set(id, g)
    else left.push(listing)
  }
  return left
}
