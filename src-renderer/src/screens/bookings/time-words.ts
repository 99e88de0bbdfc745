import { daysBetween, isIsoDate } from '@shared/domain/dates'
import { ago, formatDateTime, plural } from '../../components/text'

/**
 * Deadlines and ages in words, for the watch list and the data-source line. Pure: the clock is
 * a parameter, so the unit tests (bookings-time.test.ts) pin it.
 */

export type Urgency = 'passed' | 'urgent' | 'soon' | 'later' | 'unknown'

export interface TimeLeft {
  urgency: Urgency
  /** "2 hours 5 minutes left", "deadline passed 10 minutes ago", "deadline not known". */
  text: string
  /** The deadline itself, as the reader's clock shows it (null when not known). */
  deadline: number | null
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A span in whole units, at most two of them: "1 day 3 hours", "2 hours 5 minutes", "4 minutes". */
export function spanWords(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE)
  if (minutes < 1) return 'less than a minute'
  const days = Math.floor(minutes / (24 * 60))
  const hours = Math.floor((minutes % (24 * 60)) / 60)
  const mins = minutes % 60
  if (days > 0) return [plural(days, 'day'), hours ? plural(hours, 'hour') : ''].join(' ').trim()
  if (hours > 0) return [plural(hours, 'hour'), mins ? plural(mins, 'minute') : ''].join(' ').trim()
  return plural(mins, 'minute')
}

/**
 * How long a booking awaiting payment has left before it expires. Under two hours is urgent,
 * under a day soon. The service's read carries no deadline, so "not known" is a normal answer.
 */
export function timeLeft(expiresAt: string | null | undefined, now: number): TimeLeft {
  const deadline = expiresAt ? Date.parse(expiresAt) : NaN
  if (!Number.isFinite(deadline)) {
    return { urgency: 'unknown', text: 'deadline not known', deadline: null }
  }
  const left = deadline - now
  if (left <= 0) {
    return { urgency: 'passed', text: `deadline passed ${ago(deadline, now)}`, deadline }
  }
  const urgency: Urgency = left < 2 * HOUR ? 'urgent' : left < DAY ? 'soon' : 'later'
  return { urgency, text: `${spanWords(left)} left`, deadline }
}

/** An instalment's due date against today: "due today", "due in 3 days", "overdue by 2 days". */
export function dueWords(dueDate: string, today: string): string {
  if (!isIsoDate(dueDate) || !isIsoDate(today)) return 'due date not known'
  const days = daysBetween(today, dueDate)
  if (days === 0) return 'due today'
  if (days === 1) return 'due tomorrow'
  if (days > 1) return `due in ${days} days`
  return `overdue by ${plural(-days, 'day')}`
}

export interface SourceLike {
  source: 'live' | 'copy'
  note?: string
  summary: { fetchedAt: number }
}

/**
 * Where a booking on screen comes from, and how old it is: "Live from the service, read just
 * now", or "Copy from 12 Nov 2026, 10:04: the service can't be reached" (a copy is not an
 * error: it is what StayDesk kept from its last read).
 */
export function sourceText(kept: SourceLike, now: number): string {
  const at = kept.summary.fetchedAt
  if (kept.source === 'live') return `Live from the service, read ${ago(at, now)}`
  const note = kept.note?.trim()
  return `Copy from ${formatDateTime(at)} (${ago(at, now)})${note ? `: ${note}` : ''}`
}

/** The UTC date of an instant: the day the service's due dates are counted in. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}
