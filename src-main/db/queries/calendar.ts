import type Database from 'better-sqlite3'
import { fromDayNumber, toDayNumber } from '@shared/domain/dates'
import { dayAt } from '@shared/calendar/packed-days'
import { centsAt } from '@shared/calendar/packed-rates'
import { monthWindow, windowDays, windowRates } from './packed-window'

interface CalendarDay {
  date: string
  /** False when the mirror has no availability for the day (then the flags are false too). */
  known: boolean
  available: boolean
  checkInDay: boolean
  checkOutDay: boolean
  /** For stays arriving this day; 0 means no limit (and is also shown for unknown days). */
  minStay: number
  maxStay: number
  /** Nightly price in cents, or null without a rate. */
  priceCents: number | null
}

export interface CalendarMonth {
  listingId: number
  month: string
  days: CalendarDay[]
}

/** Every day of `month` (YYYY-MM) for one listing: flags, stay limits and nightly price. */
export function calendarMonth(
  sqlite: Database.Database,
  listingId: number,
  month: string
): CalendarMonth {
  if (!/^\d{4}-\d{2}$/.test(month)) throw new RangeError(`not a month YYYY-MM: ${month}`)
  const from = toDayNumber(`${month}-01`)
  const next = new Date(Date.UTC(+month.slice(0, 4), +month.slice(5, 7), 1))
  const to = toDayNumber(next.toISOString().slice(0, 10))
  const row = monthWindow(sqlite, listingId, from, to)
  const days = windowDays(row, from)
  const rates = windowRates(row, from)
  const out: CalendarDay[] = []
  for (let d = from; d < to; d++) {
    const day = days && dayAt(days, d)
    out.push({
      date: fromDayNumber(d),
      known: day !== undefined,
      available: day?.available ?? false,
      checkInDay: day?.checkInDay ?? false,
      checkOutDay: day?.checkOutDay ?? false,
      minStay: day?.minStay ?? 0,
      maxStay: day?.maxStay ?? 0,
      priceCents: rates ? centsAt(rates, d) : null
    })
  }
  return { listingId, month, days: out }
}
