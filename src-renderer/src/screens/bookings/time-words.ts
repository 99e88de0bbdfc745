import { daysBetween, isIsoDate } from '@shared/domain/dates'
import { plural } from '../../components/text'

/**
 * Spans and due dates in words, for the watch list and the payment sections. Pure: the clock is
 * a parameter, so the unit tests pin it.
 */

const MINUTE = 60_000

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

/** An instalment's due date against today: "due today", "due in 3 days", "overdue by 2 days". */
export function dueWords(dueDate: string, today: string): string {
  if (!isIsoDate(dueDate) || !isIsoDate(today)) return 'due date not known'
  const days = daysBetween(today, dueDate)
  if (days === 0) return 'due today'
  if (days === 1) return 'due tomorrow'
  if (days > 1) return `due in ${days} days`
  return `overdue by ${plural(-days, 'day')}`
}
