import { addDays, fromDayNumber, toDayNumber, weekday, type IsoDate } from '@shared/domain/dates'

/**
 * Months as `YYYY-MM` strings, with the same UTC day arithmetic as the shared dates: a month's
 * weeks for the grid (Monday first, as European calendars print them), moving by months with
 * the day kept where it can be, and the months the offline copy covers.
 */

export type Month = string

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

export function isMonth(s: unknown): s is Month {
  return typeof s === 'string' && MONTH.test(s)
}

export function monthOf(date: IsoDate): Month {
  return date.slice(0, 7)
}

export function firstDayOf(month: Month): IsoDate {
  return `${month}-01`
}

export function addMonths(month: Month, n: number): Month {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n
  const year = Math.floor(index / 12)
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** Whole months from `a` to `b` (positive when `b` is later). */
export function monthsBetween(a: Month, b: Month): number {
  const index = (m: Month) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7))
  return index(b) - index(a)
}

/**
 * The months shown with one either side, as far as the bounds allow: the sides are drawn ahead,
 * out of sight, so that "Next month" or "Previous month" only reveals a month already laid out.
 */
export function monthsAround(shown: Month[], bounds: MonthBounds): Month[] {
  const before = addMonths(shown[0], -1)
  const after = addMonths(shown[shown.length - 1], 1)
  return [
    ...(before >= bounds.min ? [before] : []),
    ...shown,
    ...(after <= bounds.max ? [after] : [])
  ]
}

/** The months to draw: those shown and those drawn around them, each once, in calendar order. */
export function monthsDrawn(shown: Month[], ahead: Month[]): Month[] {
  return [...new Set([...shown, ...ahead])].sort()
}

export function daysInMonth(month: Month): number {
  return toDayNumber(firstDayOf(addMonths(month, 1))) - toDayNumber(firstDayOf(month))
}

export function lastDayOf(month: Month): IsoDate {
  return addDays(firstDayOf(addMonths(month, 1)), -1)
}

/** 0 = Monday ... 6 = Sunday: the column of a day in a Monday-first week. */
export function mondayColumn(date: IsoDate): number {
  return (weekday(date) + 6) % 7
}

/** The month's weeks, Monday first; days of the neighbouring months are null. */
export function monthWeeks(month: Month): (IsoDate | null)[][] {
  const first = toDayNumber(firstDayOf(month))
  const count = daysInMonth(month)
  const lead = mondayColumn(firstDayOf(month))
  const weeks: (IsoDate | null)[][] = []
  for (let cell = 0; cell < lead + count; cell += 7) {
    weeks.push(
      Array.from({ length: 7 }, (_, col) => {
        const n = cell + col - lead
        return n >= 0 && n < count ? fromDayNumber(first + n) : null
      })
    )
  }
  return weeks
}

/** The same day of the month `n` months on, or the month's last day when it is shorter. */
export function sameDayMonthsOn(date: IsoDate, n: number): IsoDate {
  const month = addMonths(monthOf(date), n)
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(month))
  return `${month}-${String(day).padStart(2, '0')}`
}

function clampMonth(month: Month, min: Month, max: Month): Month {
  return month < min ? min : month > max ? max : month
}

export function clampDate(date: IsoDate, min: IsoDate, max: IsoDate): IsoDate {
  return date < min ? min : date > max ? max : date
}

export interface MonthBounds {
  min: Month
  max: Month
}

/**
 * The months worth scrolling to: from this month (or the copy's first day, if earlier) to the
 * last month the copy holds availability or a rate for. With nothing in the copy yet, two
 * years from now, as the service publishes availability.
 */
export function monthBounds(
  coverage: {
    availability: { from: IsoDate; to: IsoDate } | null
    rates: { from: IsoDate; to: IsoDate } | null
  } | null,
  today: IsoDate
): MonthBounds {
  const now = monthOf(today)
  const starts = [now]
  const ends: Month[] = []
  for (const span of [coverage?.availability, coverage?.rates]) {
    if (!span) continue
    starts.push(monthOf(span.from))
    ends.push(monthOf(span.to))
  }
  const min = starts.reduce((a, b) => (b < a ? b : a))
  const max = ends.length > 0 ? ends.reduce((a, b) => (b > a ? b : a)) : addMonths(now, 23)
  return { min, max: max < min ? min : max }
}

/** The months shown: `count` from `first`, kept inside the bounds. */
export function shownMonths(first: Month, count: number, bounds: MonthBounds): Month[] {
  const last = addMonths(bounds.max, 1 - count)
  const start = clampMonth(first, bounds.min, last < bounds.min ? bounds.min : last)
  return Array.from({ length: count }, (_, i) => addMonths(start, i))
}

/** The first month to show so that `date` is visible, moving the view as little as possible. */
export function firstMonthShowing(date: IsoDate, first: Month, count: number): Month {
  const month = monthOf(date)
  if (month < first) return month
  const last = addMonths(first, count - 1)
  return month > last ? addMonths(month, 1 - count) : first
}

const monthName = new Intl.DateTimeFormat(undefined, {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC'
})

/** "March 2027", as the reader's locale writes it. */
export function monthLabel(month: Month): string {
  return monthName.format(new Date(`${firstDayOf(month)}T00:00:00Z`))
}
