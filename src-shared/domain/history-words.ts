import type { AvailabilityDay } from '../api/availability.schema'
import { eurToCents, formatEur } from './money'

/**
 * A recorded change's before and after in words, the same in the history screen, the calendar's
 * day detail and the command line: a night's price ("€120.00"), a day's availability ("open,
 * check-in, 2–14 nights" / "closed"), a rate rule or a listing field (short JSON).
 */

export type HistoryKind = 'price' | 'availability' | 'listing'

function dayWords(day: Partial<AvailabilityDay>): string {
  if (!day.available) return 'closed'
  const parts = ['open']
  if (day.checkInDay) parts.push('check-in')
  if (day.checkOutDay) parts.push('check-out')
  const min = day.minStay ?? 0
  const max = day.maxStay ?? 0
  if (min > 1 || max > 0)
    parts.push(max > 0 ? `${Math.max(min, 1)}–${max} nights` : `from ${min} nights`)
  return parts.join(', ')
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 120 ? `${text.slice(0, 117)}…` : text
}

export function changeWords(kind: HistoryKind, key: string, value: unknown): string {
  if (value === undefined || value === null) {
    return kind === 'price' && !key.startsWith('rule:')
      ? 'no rate'
      : kind === 'availability'
        ? 'not published'
        : 'not set'
  }
  if (kind === 'price' && !key.startsWith('rule:') && typeof value === 'number') {
    return formatEur(eurToCents(value))
  }
  if (kind === 'availability' && typeof value === 'object') {
    return dayWords(value as Partial<AvailabilityDay>)
  }
  return short(value)
}

/** "Price of 2027-02-14", "Availability of 2027-02-14", "Rate rule longerStay", "Field houseRules". */
export function changeSubject(kind: HistoryKind, key: string): string {
  if (key.startsWith('rule:')) return `Rate rule ${key.slice(5)}`
  if (kind === 'price') return `Price of ${key}`
  if (kind === 'availability') return `Availability of ${key}`
  return `Field ${key}`
}
