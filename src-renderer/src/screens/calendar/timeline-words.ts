import { bookingStatusLabel, statusTone } from '@shared/domain/booking-status'
import { dateRange } from '@shared/domain/date-words'
import { daysBetween } from '@shared/domain/dates'
import type { TimelineBooking } from '@shared/ipc/calendar.schema'
import { type DayLetter, letterCounts, letterOf } from './timeline-layout'
import { formatCents, plural } from '../../components/text'

/** The timeline's day letters in words (the layout and its maths: timeline-layout.ts). */

export const DAY_LETTER_WORDS: Record<DayLetter, string> = {
  i: 'open, check-in allowed',
  o: 'open, no check-in',
  x: 'closed',
  '-': 'not in the offline copy'
}

const dayWord = (n: number) => plural(n, 'day')

/** "12 days open with check-in, 30 days open, 14 days closed": the row at a glance. */
export function rowSummary(days: string): string {
  const c = letterCounts(days)
  const parts = [
    c.i > 0 && `${dayWord(c.i)} open with check-in`,
    c.o > 0 && `${dayWord(c.o)} open without check-in`,
    c.x > 0 && `${dayWord(c.x)} closed`,
    c['-'] > 0 && `${dayWord(c['-'])} not in the offline copy`
  ].filter((p): p is string => !!p)
  return parts.length > 0 ? parts.join(', ') : 'no days'
}

/** The letter of one day of a row, in words. */
export function dayLetterWords(days: string, index: number): string {
  return DAY_LETTER_WORDS[letterOf(days[index] ?? '-')]
}

/**
 * A night's price in the few characters a timeline day has: "€185", "€1.2K" (the reader's
 * locale, whole euros, compact past a thousand); the cell's words and tooltip give the cents.
 */
const compactEur = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'EUR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1
})

export function compactPrice(cents: number): string {
  return compactEur.format(Math.round(cents / 100))
}

/** A night's price in words: the full amount, or that none is published. */
export function nightPriceWords(cents: number | null | undefined): string {
  return cents === null || cents === undefined
    ? 'no published rate'
    : `${formatCents(cents)} a night`
}

/** A booking's status as the bar shows it by shape: solid, striped or dotted (and in words). */
export type BarShape = 'held' | 'waiting' | 'other'

export function barShape(status: string): BarShape {
  const tone = statusTone(status)
  return tone === 'ok' ? 'held' : tone === 'waiting' ? 'waiting' : 'other'
}

/** What a bar shows: the guest's name, else the booking id. */
export function barText(b: TimelineBooking): string {
  return b.guestName?.trim() || b.id
}

/**
 * A bar's accessible name and tooltip: "Anna Smith, booking SB10322106, Confirmed, Fri, Aug 14
 * to Fri, Aug 21, 2027, 7 nights (from before the days shown). Opens the booking."
 */
export function barLabel(b: TimelineBooking, cutStart: boolean, cutEnd: boolean): string {
  const nights = daysBetween(b.checkIn, b.checkOut)
  const cut =
    cutStart && cutEnd
      ? ' (beyond the days shown on both sides)'
      : cutStart
        ? ' (from before the days shown)'
        : cutEnd
          ? ' (goes on after the days shown)'
          : ''
  const who = b.guestName?.trim() ? `${b.guestName.trim()}, booking ${b.id}` : `Booking ${b.id}`
  return `${who}, ${bookingStatusLabel(b.status)}, ${dateRange(b.checkIn, b.checkOut)}, ${plural(nights, 'night')}${cut}. Opens the booking.`
}

/** The bookings over one night, in words for the focused day: "booked: Anna Smith (Confirmed)". */
export function bookedWords(bookings: readonly TimelineBooking[]): string {
  if (bookings.length === 0) return ''
  const each = bookings.map((b) => `${barText(b)} (${bookingStatusLabel(b.status)})`)
  return `; booked: ${each.join(' and ')}`
}
