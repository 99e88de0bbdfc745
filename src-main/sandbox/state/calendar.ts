import type { AvailabilityDay } from '@shared/api'
import { fromDayNumber } from '@shared/domain/dates'
import { centsToEur } from '@shared/domain/money'
import { hashUnit, type Prng } from './prng'

/**
 * A listing's calendar packed into typed arrays from a base day (about 5 KB a listing, against
 * about 100 KB as day objects): what lets 10,000 listings fit in memory. Day objects and rate
 * maps are built on demand for the window that starts at the sandbox's current today.
 */

export const AVAILABILITY_DAYS = 730
export const RATE_DAYS = 365
/** Days stored beyond the window, so the clock can move a month before arrays are rebuilt. */
const SLACK = 31

export const OPEN = 1 // the owner has the night free (churn and pre-existing bookings clear it)
const CHECK_IN = 2
const CHECK_OUT = 4
export const BOOKED = 8 // held by a sandbox booking; never touched by churn

/** What a listing's calendar is generated from; pure, so days added later match day one. */
export interface CalendarParams {
  key: number
  checkInMask: number
  checkOutMask: number
  minStay: number
  highMinStay: number
  maxStay: number
  baseCents: number
  weekendPct: number
  highPct: number
  lowPct: number
  alpine: boolean
}

export interface Calendar {
  baseDay: number
  flags: Uint8Array
  minStay: Uint8Array
  maxStay: Uint8Array
  /** NO_RATE (0): the night has no published rate (the demo's situations; never generated). */
  priceCents: Uint32Array
}

/** A night whose rate was never published: left out of the rate map, unpriced by quotes. */
export const NO_RATE = 0

export type Season = 'high' | 'mid' | 'low'

const SEASONS: readonly Season[] = ['high', 'mid', 'low']
/** Per day number: season for the coast (low 2 bits) and for the Alps (next 2 bits). */
const seasonCache = new Map<number, number>()

function seasonFromMonthDay(md: string, alpine: boolean): number {
  if (md >= '12-20' || md <= '01-06') return 0
  if (alpine) return md <= '03-31' ? 0 : md >= '07-01' && md <= '08-31' ? 1 : 2
  if (md >= '07-01' && md <= '08-31') return 0
  if ((md >= '04-01' && md <= '06-30') || (md >= '09-01' && md <= '10-15')) return 1
  return 2
}

/** Cached per day: formatting a date is the costly part of generating 10,000 calendars. */
export function seasonOf(day: number, alpine: boolean): Season {
  let code = seasonCache.get(day)
  if (code === undefined) {
    const md = fromDayNumber(day).slice(5)
    code = seasonFromMonthDay(md, false) | (seasonFromMonthDay(md, true) << 2)
    seasonCache.set(day, code)
  }
  return SEASONS[alpine ? code >> 2 : code & 3]
}

const weekdayOf = (day: number): number => (day + 4) % 7

function flagsFor(p: CalendarParams, day: number): number {
  const wd = 1 << weekdayOf(day)
  return OPEN | (p.checkInMask & wd ? CHECK_IN : 0) | (p.checkOutMask & wd ? CHECK_OUT : 0)
}

/** Nightly price in cents: season, weekend uplift (Friday and Saturday nights), a little noise. */
export function priceFor(p: CalendarParams, day: number): number {
  const season = seasonOf(day, p.alpine)
  const seasonPct = season === 'high' ? p.highPct : season === 'low' ? -p.lowPct : 0
  const wd = weekdayOf(day)
  const weekendPct = wd === 5 || wd === 6 ? p.weekendPct : 0
  const noise = 1 + (hashUnit(p.key, day) - 0.5) * 0.04
  return Math.round(p.baseCents * (1 + seasonPct / 100) * (1 + weekendPct / 100) * noise)
}

function fill(cal: Calendar, p: CalendarParams, from: number, ratesFrom: number): void {
  for (let i = from; i < cal.flags.length; i++) {
    const day = cal.baseDay + i
    cal.flags[i] = flagsFor(p, day)
    cal.minStay[i] = seasonOf(day, p.alpine) === 'high' ? p.highMinStay : p.minStay
    cal.maxStay[i] = p.maxStay
  }
  for (let i = ratesFrom; i < cal.priceCents.length; i++) {
    cal.priceCents[i] = priceFor(p, cal.baseDay + i)
  }
}

function allocate(baseDay: number): Calendar {
  const n = AVAILABILITY_DAYS + SLACK
  return {
    baseDay,
    flags: new Uint8Array(n),
    minStay: new Uint8Array(n),
    maxStay: new Uint8Array(n),
    priceCents: new Uint32Array(RATE_DAYS + SLACK)
  }
}

export function createCalendar(p: CalendarParams, baseDay: number): Calendar {
  const cal = allocate(baseDay)
  fill(cal, p, 0, 0)
  return cal
}

/**
 * Makes the arrays start at `today` again once the window has moved past the slack. Stored
 * days keep their values (bookings, blocks, churn); new days come from the parameters.
 */
export function ensureWindow(cal: Calendar, p: CalendarParams, today: number): void {
  const offset = today - cal.baseDay
  if (offset >= 0 && offset <= SLACK) return
  const next = allocate(today)
  const keep = Math.max(0, cal.flags.length - Math.max(0, offset))
  const keepRates = Math.max(0, cal.priceCents.length - Math.max(0, offset))
  if (offset > 0) {
    next.flags.set(cal.flags.subarray(offset, offset + keep))
    next.minStay.set(cal.minStay.subarray(offset, offset + keep))
    next.maxStay.set(cal.maxStay.subarray(offset, offset + keep))
    next.priceCents.set(cal.priceCents.subarray(offset, offset + keepRates))
  }
  Object.assign(cal, next)
  fill(cal, p, offset > 0 ? keep : 0, offset > 0 ? keepRates : 0)
}

/** Index of `day` in the arrays, or -1 outside the stored range. */
export function indexOf(cal: Calendar, day: number): number {
  const i = day - cal.baseDay
  return i >= 0 && i < cal.flags.length ? i : -1
}

export function dayRecord(cal: Calendar, i: number): AvailabilityDay {
  const f = cal.flags[i]
  return {
    available: (f & OPEN) !== 0 && (f & BOOKED) === 0,
    checkInDay: (f & CHECK_IN) !== 0,
    checkOutDay: (f & CHECK_OUT) !== 0,
    minStay: cal.minStay[i],
    maxStay: cal.maxStay[i]
  }
}

export function isAvailable(cal: Calendar, i: number): boolean {
  const f = cal.flags[i]
  return (f & OPEN) !== 0 && (f & BOOKED) === 0
}

let dateCache: { from: number; dates: string[] } = { from: -1, dates: [] }

/** `YYYY-MM-DD` of `count` days from `from`, cached because every record of a page shares them. */
function datesFrom(from: number, count: number): string[] {
  if (dateCache.from !== from || dateCache.dates.length < count) {
    const dates: string[] = []
    for (let i = 0; i < Math.max(count, AVAILABILITY_DAYS); i++) dates.push(fromDayNumber(from + i))
    dateCache = { from, dates }
  }
  return dateCache.dates
}

export function availabilityMap(cal: Calendar, today: number): Record<string, AvailabilityDay> {
  const dates = datesFrom(today, AVAILABILITY_DAYS)
  const out: Record<string, AvailabilityDay> = {}
  const start = today - cal.baseDay
  for (let k = 0; k < AVAILABILITY_DAYS; k++) out[dates[k]] = dayRecord(cal, start + k)
  return out
}

export function rateMap(cal: Calendar, today: number): Record<string, number> {
  const dates = datesFrom(today, AVAILABILITY_DAYS)
  const out: Record<string, number> = {}
  const start = today - cal.baseDay
  for (let k = 0; k < RATE_DAYS; k++) {
    const cents = cal.priceCents[start + k]
    if (cents !== NO_RATE) out[dates[k]] = centsToEur(cents)
  }
  return out
}

/** Nights already taken before the sandbox starts (other channels' bookings, owner stays). */
export function blockPreexistingStays(r: Prng, cal: Calendar): void {
  const busy = r.next() // per-listing occupancy: some listings are nearly full, some empty
  let i = r.int(0, 10)
  while (i < AVAILABILITY_DAYS) {
    const nights = r.int(2, 14)
    for (let k = i; k < Math.min(i + nights, AVAILABILITY_DAYS); k++) cal.flags[k] &= ~OPEN
    i += nights + r.int(1, Math.round(4 + (1 - busy) * 60))
  }
}
