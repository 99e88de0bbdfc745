import type { AvailabilityDay } from '../api/availability.schema'
import { FLAG_AVAILABLE, FLAG_EXTRA, dayAt, type PackedDays } from '../calendar/packed-days'
import { centsAt, type PackedRates } from '../calendar/packed-rates'
import { fromDayNumber, toDayNumber } from '../domain/dates'
import { eurToCents } from '../domain/money'
import type { AlertKind, GuardrailRules } from './alert.schema'

/**
 * The portfolio watch's rules (issue 23), pure: main reads the mirror and hands each listing's
 * packed calendars, the kept bookings and the history's changes in; each rule answers the nights
 * it finds, and groupHits joins consecutive nights of one listing and one cause into one hit.
 * Days are day numbers (src-shared/domain/dates.ts), money integer cents.
 */

/** The change as the sync's history recorded it (epoch ms, the values as stored). */
export interface HitChange {
  seenAt: number
  old: unknown
  new: unknown
}

/** One night a rule found. */
export interface NightHit {
  kind: AlertKind
  listingId: number
  bookingId: string | null
  day: number
  oldValue: number | null
  newValue: number | null
  limit: number | null
  change: HitChange | null
}

/** Consecutive nights of one listing (or booking) and one cause, as an alert shows them. */
export interface Hit {
  kind: AlertKind
  listingId: number
  bookingId: string | null
  nights: string[]
  oldValue: number | null
  newValue: number | null
  limit: number | null
  change: HitChange | null
  /** What the alert is about: the same key while the situation lasts (see 0002_watch_alerts). */
  key: string
}

/** A kept booking whose nights the service must keep unavailable. */
export interface HeldBooking {
  id: string
  listingId: number
  /** Day numbers: arrival, departure (the departure day is not a night). */
  checkIn: number
  checkOut: number
}

/**
 * Statuses whose nights the service holds (docs/sandbox.md: a booking's nights are held at once,
 * whatever its status, until it is cancelled or expires; the spec names no other rule): the
 * confirmed and the under-way, and those waiting for a payment or a manager's decision. A
 * `pendingPayment` copy whose payment period has passed has expired (the caller checks
 * `expiresAt`); cancelled, expired, declined, completed and disputed ones hold nothing ahead.
 */
export const HOLDING_STATUSES: readonly string[] = [
  'confirmed',
  'pendingPayment',
  'pendingConfirm',
  'inProgress',
  'coolOff',
  'pendingCancellation'
]

const isOpen = (days: PackedDays, day: number): boolean => {
  const i = day - days.baseDay
  const flag = i >= 0 && i < days.flags.length ? days.flags[i] : 0
  if (flag !== 0 && (flag & FLAG_EXTRA) === 0) return (flag & FLAG_AVAILABLE) !== 0
  return dayAt(days, day)?.available === true
}

/** Which of these nights (YYYY-MM-DD) the calendar shows open for booking. */
export function openNightsOf(days: PackedDays | undefined, nights: readonly string[]): string[] {
  return days ? nights.filter((n) => isOpen(days, toDayNumber(n))) : []
}

/**
 * Double-booking: every night of a held booking from today on must stay unavailable; a night
 * the calendar shows open is a hit, with the change that reopened it when the history has one.
 */
export function doubleBookingNights(
  booking: HeldBooking,
  days: PackedDays | undefined,
  today: number,
  changeOf: (day: number) => HitChange | null
): NightHit[] {
  if (!days) return []
  const out: NightHit[] = []
  for (let d = Math.max(booking.checkIn, today); d < booking.checkOut; d++) {
    if (!isOpen(days, d)) continue
    out.push({
      kind: 'double-booking',
      listingId: booking.listingId,
      bookingId: booking.id,
      day: d,
      oldValue: null,
      newValue: null,
      limit: null,
      change: changeOf(d)
    })
  }
  return out
}

/** The nights [first, end) a listing's rate record spans (the service publishes 365 days). */
function rateSpan(rates: PackedRates): [number, number] {
  return [rates.baseDay, rates.baseDay + rates.prices.length / 4]
}

/**
 * State rules over one listing's calendars from today on: a night priced under the floor (the
 * listing's, else the portfolio's), open or not (a mistyped rate on a night unavailable today
 * sells cheap the day it is released), and a night open for booking with no rate inside the
 * rate record's span (beyond it the service has simply not published yet: not a hit).
 */
export function stateNights(
  listingId: number,
  days: PackedDays | undefined,
  rates: PackedRates | undefined,
  rules: GuardrailRules,
  floorCents: number | null,
  today: number
): NightHit[] {
  if (!rates) return []
  const out: NightHit[] = []
  const [first, end] = rateSpan(rates)
  for (let d = Math.max(first, today); d < end; d++) {
    const cents = centsAt(rates, d)
    if (cents === null) {
      if (rules.noRate && days && isOpen(days, d)) {
        out.push(night('no-rate', listingId, d, null, null, null))
      }
    } else if (floorCents !== null && cents < floorCents) {
      out.push(night('price-floor', listingId, d, null, cents, floorCents))
    }
  }
  return out
}

function night(
  kind: AlertKind,
  listingId: number,
  day: number,
  oldValue: number | null,
  newValue: number | null,
  limit: number | null,
  change: HitChange | null = null
): NightHit {
  return { kind, listingId, bookingId: null, day, oldValue, newValue, limit, change }
}

/** The floor that applies to each listing: its own, else the portfolio's, else none. */
export function floorsOf(rules: GuardrailRules): (listingId: number) => number | null {
  const own = new Map(rules.listingFloors.map((f) => [f.listingId, f.floorCents]))
  return (listingId) => own.get(listingId) ?? rules.floorCents
}

/** One recorded change of a night (history: resource availability or rates, key = the date). */
export interface NightChange {
  listingId: number
  day: number
  old: unknown
  new: unknown
  seenAt: number
}

const toCents = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? eurToCents(v) : null

const minStayOf = (v: unknown): number | null => {
  const m = (v as Partial<AvailabilityDay> | null | undefined)?.minStay
  return typeof m === 'number' && Number.isFinite(m) ? m : null
}

/**
 * Price drops: a night's rate falling by more than the rule's percent in one change, from
 * today on, while the rate is still the one the change set (`currentCents`: a later change
 * has the last word).
 */
export function priceDropNights(
  changes: readonly NightChange[],
  percent: number | null,
  today: number,
  currentCents: (listingId: number, day: number) => number | null
): NightHit[] {
  if (percent === null) return []
  const out: NightHit[] = []
  for (const c of changes) {
    if (c.day < today) continue
    const before = toCents(c.old)
    const after = toCents(c.new)
    if (before === null || after === null || before <= 0) continue
    if ((before - after) * 100 <= before * percent) continue
    if (currentCents(c.listingId, c.day) !== after) continue
    out.push(night('price-drop', c.listingId, c.day, before, after, percent, change(c)))
  }
  return out
}

/**
 * Minimum stays jumping above the limit: a night's minimum stay at or under the limit before a
 * change and above it after, while the calendar still says so (`currentMinStay`).
 */
export function minStayNights(
  changes: readonly NightChange[],
  limit: number | null,
  today: number,
  currentMinStay: (listingId: number, day: number) => number | null
): NightHit[] {
  if (limit === null) return []
  const out: NightHit[] = []
  for (const c of changes) {
    if (c.day < today) continue
    const before = minStayOf(c.old)
    const after = minStayOf(c.new)
    if (before === null || after === null || before > limit || after <= limit) continue
    if (currentMinStay(c.listingId, c.day) !== after) continue
    out.push(night('min-stay-jump', c.listingId, c.day, before, after, limit, change(c)))
  }
  return out
}

const change = (c: NightChange): HitChange => ({ seenAt: c.seenAt, old: c.old, new: c.new })

/** The latest change of each night: a delta may hold several for one night. */
export function latestPerNight(changes: readonly NightChange[]): NightChange[] {
  const last = new Map<string, NightChange>()
  for (const c of changes) last.set(`${c.listingId}:${c.day}`, c)
  return [...last.values()]
}

/**
 * What makes nights one alert. A run of nights under the floor is one alert whatever each
 * night's price (its value is the run's lowest): nightly prices vary, and an alert per price
 * would bury the manager in alerts that say the same thing.
 */
const causeOf = (h: NightHit) =>
  `${h.kind}|${h.listingId}|${h.bookingId ?? ''}|${h.oldValue ?? ''}|` +
  `${h.kind === 'price-floor' ? '' : (h.newValue ?? '')}|${h.limit ?? ''}`

/**
 * Joins consecutive nights of one cause (kind, listing, booking, old and new value, limit; see
 * causeOf for the floor) into one hit; its change is the latest of its nights'. Output sorted
 * by cause, then first night.
 */
export function groupHits(nights: readonly NightHit[]): Hit[] {
  const sorted = [...nights].sort((a, b) => {
    const ca = causeOf(a)
    const cb = causeOf(b)
    return ca < cb ? -1 : ca > cb ? 1 : a.day - b.day
  })
  const out: Hit[] = []
  let run: NightHit[] = []
  const flush = () => {
    if (run.length === 0) return
    const h = run[0]
    const nightsOf = run.map((n) => fromDayNumber(n.day))
    let latest: HitChange | null = null
    for (const n of run)
      if (n.change && (!latest || n.change.seenAt > latest.seenAt)) latest = n.change
    const lowest = run.reduce(
      (m, n) => (n.newValue !== null && n.newValue < m ? n.newValue : m),
      Infinity
    )
    out.push({
      kind: h.kind,
      listingId: h.listingId,
      bookingId: h.bookingId,
      nights: nightsOf,
      oldValue: h.oldValue,
      newValue: h.kind === 'price-floor' && lowest !== Infinity ? lowest : h.newValue,
      limit: h.limit,
      change: latest,
      key: `${causeOf(h)}|${nightsOf[0]}|${nightsOf[nightsOf.length - 1]}`
    })
    run = []
  }
  for (const n of sorted) {
    const prev = run[run.length - 1]
    if (prev && (causeOf(prev) !== causeOf(n) || n.day !== prev.day + 1)) flush()
    run.push(n)
  }
  flush()
  return out
}
