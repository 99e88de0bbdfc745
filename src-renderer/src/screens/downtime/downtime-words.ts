import { sentenceDate } from '@shared/domain/date-words'
import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import { utcDateOf } from '@shared/domain/dates'
import type { DowntimeSheet, SheetRow } from '@shared/ipc/commands/downtime'
import { ago, plural } from '../../components/text'

/**
 * The downtime pack in words. Pure (the clock is a parameter), so the wording is unit-tested.
 * Times are UTC, as the service gives them and as the sheet's window is counted.
 */

/** "Thu, Nov 26, 2026, 09:30 UTC" */
function utcMoment(at: number): string {
  return `${sentenceDate(utcDateOf(at))}, ${new Date(at).toISOString().slice(11, 16)} UTC`
}

/** "Thu, Nov 26, 2026, 09:30 UTC (5 minutes ago)": every time on the sheet is UTC. */
export function utcAgo(at: number, now: number): string {
  return `${utcMoment(at)} (${ago(at, now)})`
}

/** The window the sheet covers, in one line. */
export function windowText(sheet: Pick<DowntimeSheet, 'madeAt' | 'until' | 'hours'>): string {
  return `Arrivals and departures from ${utcMoment(sheet.madeAt)} to ${utcMoment(sheet.until)} (the next ${sheet.hours} hours)`
}

/** "16:00 UTC (the booking's time)"; a row without a time is the whole day. */
export function eventTimeText(row: Pick<SheetRow, 'time' | 'timeFrom'>): string {
  if (row.time === null) return 'time not given'
  const from = row.timeFrom === 'listing' ? "listing's check-in/out time" : "booking's time"
  return `${row.time} UTC (${from})`
}

/** The payment status in the service's own word, then StayDesk's plain words. */
export function paymentText(status: string | null): string {
  return status ? withPlain(status, paymentStatusLabel(status)) : 'not given'
}

/** "partialPaid (Partly paid)"; "paid", not "paid (Paid)". */
function withPlain(word: string, plain: string): string {
  return plain.toLowerCase() === word.toLowerCase() ? word : `${word} (${plain})`
}

/** The booking's status in the service's own word, then StayDesk's plain words. */
export function statusText(status: string): string {
  return withPlain(status, bookingStatusLabel(status))
}

/** What the sheet holds and what it leaves off, said on it (screen and paper). */
export function countsText(sheet: DowntimeSheet): string {
  const arrivals = sheet.rows.filter((r) => r.event === 'arrival').length
  const departures = sheet.rows.length - arrivals
  return `${plural(arrivals, 'arrival')} and ${plural(departures, 'departure')}, from the ${plural(sheet.keptBookings, 'booking')} this profile keeps`
}

export const LEFT_OFF_RULE =
  'Cancelled bookings (cancelled in any way), expired and declined ones are not listed: nobody arrives for them.'

/** "SB10000003, cancelledByGuest (Cancelled by the guest): arrival Fri, 27 Nov 2026" */
export function leftOffText(l: DowntimeSheet['leftOff'][number]): string {
  return `${l.bookingId}, ${statusText(l.status)}: ${l.event} ${sentenceDate(l.date)}`
}

/** The rows by UTC day, in the sheet's order. */
export function byDay(rows: readonly SheetRow[]): { date: string; rows: SheetRow[] }[] {
  const days: { date: string; rows: SheetRow[] }[] = []
  for (const row of rows) {
    const last = days[days.length - 1]
    if (last?.date === row.date) last.rows.push(row)
    else days.push({ date: row.date, rows: [row] })
  }
  return days
}
