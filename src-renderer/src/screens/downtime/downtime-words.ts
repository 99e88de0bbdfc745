import { sentenceDate } from '@shared/domain/date-words'
import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import { daysBetween, utcDateOf } from '@shared/domain/dates'
import type { DowntimeSheet, SheetRow } from '@shared/ipc/commands/downtime'
import { ago, plural } from '../../components/text'

/**
 * The downtime pack in words. Pure (the clock is a parameter), so the wording is unit-tested.
 * The sheet's own moments (when it was made, when a copy was read) are UTC; a stay's check-in and
 * check-out times are the property's local time, as the service gives them (without a zone).
 */

/** "Thu, Nov 26, 2026, 09:30 UTC" */
function utcMoment(at: number): string {
  return `${sentenceDate(utcDateOf(at))}, ${new Date(at).toISOString().slice(11, 16)} UTC`
}

/** "Thu, Nov 26, 2026, 09:30 UTC (5 minutes ago)": every time on the sheet is UTC. */
export function utcAgo(at: number, now: number): string {
  return `${utcMoment(at)} (${ago(at, now)})`
}

/** The dates the sheet covers, in one line: "… dated Thu, 26 Nov 2026 to Sun, 29 Nov 2026: …". */
export function windowText(sheet: Pick<DowntimeSheet, 'from' | 'to'>): string {
  return `Arrivals and departures dated ${sentenceDate(sheet.from)} to ${sentenceDate(sheet.to)}: today and the next ${plural(daysBetween(sheet.from, sheet.to), 'day')}`
}

/** Why the sheet goes by date, and whose clock its stays' times are on. */
export const LOCAL_TIME_RULE =
  "Dates and times are the property's local ones: the service gives them without a time zone, so the sheet goes by date, not by the hour. Its dates take in the next 72 hours; today (the UTC date) stays listed all day."

/**
 * "10:00 (local time at the property)", "15:00 (local time at the property, the listing's
 * check-in time)" when the booking gives none; a row without a time is its whole day.
 */
export function eventTimeText(row: Pick<SheetRow, 'event' | 'time' | 'timeFrom'>): string {
  if (row.time === null) return 'time not given'
  if (row.timeFrom !== 'listing') return `${row.time} (local time at the property)`
  const which = row.event === 'arrival' ? 'check-in' : 'check-out'
  return `${row.time} (local time at the property, the listing's ${which} time)`
}

/**
 * The payment status in StayDesk's words, as the booking page's badge says it ("Paid",
 * "Payment pending"): its own words name it, so no "Payment:" lead repeats them.
 */
export function paymentText(status: string | null): string {
  return status ? paymentStatusLabel(status) : 'Payment status not given'
}

/** The booking's status in StayDesk's words, as the booking page's badge says it, once. */
export function statusText(status: string): string {
  return bookingStatusLabel(status)
}

/** What the sheet holds and what it leaves off, said on it (screen and paper). */
export function countsText(sheet: DowntimeSheet): string {
  const arrivals = sheet.rows.filter((r) => r.event === 'arrival').length
  const departures = sheet.rows.length - arrivals
  return `${plural(arrivals, 'arrival')} and ${plural(departures, 'departure')}, from the ${plural(sheet.keptBookings, 'booking')} this profile keeps`
}

export const LEFT_OFF_RULE =
  'Cancelled bookings (cancelled in any way), expired and declined ones are not listed: nobody arrives for them.'

/** "SB10000003, Cancelled by the guest: arrival Fri, 27 Nov 2026" */
export function leftOffText(l: DowntimeSheet['leftOff'][number]): string {
  return `${l.bookingId}, ${statusText(l.status)}: ${l.event} ${sentenceDate(l.date)}`
}

/** The rows by their date (the property's), in the sheet's order. */
export function byDay(rows: readonly SheetRow[]): { date: string; rows: SheetRow[] }[] {
  const days: { date: string; rows: SheetRow[] }[] = []
  for (const row of rows) {
    const last = days[days.length - 1]
    if (last?.date === row.date) last.rows.push(row)
    else days.push({ date: row.date, rows: [row] })
  }
  return days
}
