import type { Cleaning } from '@shared/api/listing.schema'
import type { HistoryItem } from '@shared/ipc/history.schema'
import type { ListingRefreshed } from '@shared/ipc/listings.schema'
import { changeSubject } from '@shared/domain/history-words'
import { eurToCents } from '@shared/domain/money'
import { formatCents, nightsText } from '../../components/text'

/**
 * The listing page's values in a property manager's words: fees with what they are charged by,
 * weekdays by name, stay limits, and what a live check changed. Pure, so each rule is tested.
 */

/** Cleaning as a guest meets it: included in the rent, or a fee that is mandatory or optional. */
export function cleaningText(cleaning: Cleaning | undefined): string {
  if (!cleaning) return 'No cleaning fee published (read as included)'
  const amount = formatCents(eurToCents(cleaning.fee))
  switch (cleaning.feeBasis) {
    case 'included':
      return 'Included in the rent'
    case 'mandatory':
      return `${amount}, mandatory (added to every stay)`
    case 'optional':
      return `${amount}, optional (the guest may choose it)`
    default:
      return `${amount} (${cleaning.feeBasis})`
  }
}

export function stayLengthText(n: number | undefined, none: string): string {
  if (n === undefined || n <= 0) return none
  return nightsText(n)
}

export function daysNoticeText(n: number | undefined): string {
  if (n === undefined || n <= 0) return 'None: bookable for today'
  return n === 1 ? '1 day before check-in' : `${n} days before check-in`
}

/** "15:00", or that the listing doesn't say. */
export function timeText(t: string | undefined): string {
  return t?.trim() ? t.trim() : 'Not published'
}

/** What a live check of one listing changed in the offline copy, as one sentence. */
export function refreshText(r: Pick<ListingRefreshed, 'changed' | 'found'>): string {
  if (!r.found) {
    return 'The service no longer publishes this listing; the offline copy is left as it was.'
  }
  const changes = [
    r.changed.rates && 'Prices changed',
    r.changed.availability && 'Availability changed',
    r.changed.listings && 'Listing details changed'
  ].filter((c): c is string => !!c)
  if (changes.length === 0) return 'Nothing changed: the offline copy matches the service.'
  return `${changes.join('. ')}. The offline copy now has the service’s values.`
}

/**
 * One change a live check found, old → new: "Price of Fri, 11 Dec 2026: €120.00 → €137.00",
 * "Availability of Sat, 12 Dec 2026: open, check-in → closed", "Location: City: Domburg → City:
 * Veere". `day` writes a night as the rest of the window does (the reader's locale).
 */
export function liveChangeText(
  item: Pick<HistoryItem, 'kind' | 'key' | 'before' | 'after'>,
  day: (iso: string) => string
): string {
  return `${changeSubjectText(item, day)}: ${item.before} → ${item.after}`
}

/**
 * What a recorded change is about, as the History screen and the listing page both say it:
 * "Price of Fri, Dec 11, 2026", "Rate rule longer stay", a field by its label ("House rules").
 */
export function changeSubjectText(
  item: Pick<HistoryItem, 'kind' | 'key'>,
  day: (iso: string) => string
): string {
  return changeSubject(item.kind, item.key, day)
}

/** A language key of the descriptions ("EN", "DE") by name, "English", keeping the code. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code.toLowerCase())
    return name && name.toLowerCase() !== code.toLowerCase() ? name : code
  } catch {
    return code
  }
}

/** English first, then the other languages by code: the order the page's tabs follow. */
export function languageOrder(codes: readonly string[]): string[] {
  return [...codes].sort((a, b) => (a === 'EN' ? -1 : b === 'EN' ? 1 : a.localeCompare(b)))
}

/** "Photo 2 of 8: pool, garden": an image's alt text from its labels. */
export function imageAlt(index: number, count: number, labels: readonly string[] | undefined) {
  const words = (labels ?? []).map((l) => l.trim()).filter(Boolean)
  return `Photo ${index + 1} of ${count}${words.length ? `: ${words.join(', ')}` : ''}`
}
