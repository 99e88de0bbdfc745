/**
 * Calendar dates as `YYYY-MM-DD` strings. All arithmetic happens in UTC so a day is always
 * 24 hours and no local time zone or DST change can shift a date.
 */

export type IsoDate = string

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

/** True when `s` is a real calendar date written `YYYY-MM-DD` (2026-02-30 is not). */
export function isIsoDate(s: unknown): s is IsoDate {
  if (typeof s !== 'string') return false
  const m = ISO_DATE.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]))
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3]
}

/** Days since 1970-01-01 (the "day number"); the unit every packed day array is indexed by. */
/** Dates already checked by isKnownIsoDate: a page of calendars repeats the same 730 dates. */
const knownDates = new Set<string>()

/**
 * isIsoDate for a date a sync's page repeats (every calendar of a page names the same days):
 * each is checked once and remembered, the memory capped at 10,000 dates.
 */
export function isKnownIsoDate(key: string): boolean {
  if (knownDates.has(key)) return true
  if (!isIsoDate(key)) return false
  if (knownDates.size >= 10_000) knownDates.clear()
  knownDates.add(key)
  return true
}

export function toDayNumber(date: IsoDate): number {
  if (!isIsoDate(date)) throw new RangeError(`not a date YYYY-MM-DD: ${String(date)}`)
  return Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS
}

export function fromDayNumber(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days)
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from)
}

/** 0 = Sunday ... 6 = Saturday, as JavaScript's getUTCDay (see docs/pricing.md for why). */
export function weekday(date: IsoDate): number {
  return (toDayNumber(date) + 4) % 7 // 1970-01-01 was a Thursday (4)
}

/** Each date from `from` (inclusive) to `to` (exclusive): the nights of a stay. */
export function eachNight(from: IsoDate, to: IsoDate): IsoDate[] {
  const start = toDayNumber(from)
  const end = toDayNumber(to)
  const out: IsoDate[] = []
  for (let d = start; d < end; d++) out.push(fromDayNumber(d))
  return out
}

/** Today's date in UTC for an instant given in epoch milliseconds. */
export function utcDateOf(epochMs: number): IsoDate {
  return new Date(epochMs).toISOString().slice(0, 10)
}
