import type { AvailabilityDay } from '../api/availability.schema'
import { fieldChange, valueWords, type FieldChange } from './field-change-words'
import { fieldLabel } from './listing-field-labels'
import { eurToCents, formatEur } from './money'

/**
 * A recorded change's before and after in words, the same in the history screen, the calendar's
 * day detail and the command line: a night's price ("€120.00"), a day's availability ("open,
 * check-in, 2–14 nights" / "closed"), a rate rule or a listing field by its members' labels
 * ("City: Domburg; Address: Duinweg 65"), never JSON.
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

/** The listing member or rate rule a change of a listing field or a rule is about. */
function fieldOf(kind: HistoryKind, key: string): string | null {
  if (key.startsWith('rule:')) return key.slice(5)
  return kind === 'listing' ? key : null
}

/** One side of a change, whole (the other side unknown): what the value is, in words. */
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
  const field = fieldOf(kind, key) ?? key
  return valueWords(field, value)
}

/**
 * Both sides of a change: for an object or a list, only the members that changed, each by its
 * label ("City: Domburg" → "City: Veere", "8 images" → "10 images: 2 added"); otherwise each side
 * as `changeWords` says it.
 */
export function changePair(
  kind: HistoryKind,
  key: string,
  before: unknown,
  after: unknown
): FieldChange {
  const field = fieldOf(kind, key)
  if (field === null) {
    return { before: changeWords(kind, key, before), after: changeWords(kind, key, after) }
  }
  return fieldChange(field, before, after)
}

/**
 * What a change is about: "Price of 2027-02-14", "Availability of …", "Rate rule longer stay",
 * a listing field by its label ("Location", "House rules"). `day` writes the night (the screens
 * write it as a sentence date; the command line keeps the YYYY-MM-DD its --date takes).
 */
export function changeSubject(
  kind: HistoryKind,
  key: string,
  day: (iso: string) => string = (iso) => iso
): string {
  const field = fieldOf(kind, key)
  if (key.startsWith('rule:')) return `Rate rule ${fieldLabel(key.slice(5)).toLowerCase()}`
  if (field !== null) return fieldLabel(field)
  return `${kind === 'price' ? 'Price' : 'Availability'} of ${DAY_KEY.test(key) ? day(key) : key}`
}

/** A night or day as the service keys it (YYYY-MM-DD). */
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/
