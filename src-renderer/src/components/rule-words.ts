import { isPercentOfRental, normaliseFeeBasis } from '@shared/domain/fees'
import { eurToCents } from '@shared/domain/money'
import { WEEKDAY_NAMES } from '@shared/domain/stay-rules'
import { formatPercent } from './season-words'
import { formatCents } from './text'

/**
 * A listing's stay rules in words, the same on the listing page and beside the calendar: fees
 * with what they are charged by, and weekdays by name.
 */

const BASIS_WORDS: Record<string, string> = {
  'per unit': 'per unit',
  'per stay': 'per stay',
  'per person': 'per person',
  'per person/stay': 'per person, once per stay',
  'per person/night': 'per person per night',
  'per person/day': 'per person per day',
  'per adult/day': 'per adult per day',
  'per adult/stay': 'per adult, once per stay',
  'per day': 'per day'
}

/**
 * "€2.50 per person per night", "10% of the rental amount". A fee without a basis is charged
 * once per stay (as the quote prices it); a basis StayDesk doesn't know is quoted as published.
 */
export function feeText(fee: { fee: number; feeBasis?: string | null }): string {
  const basis = fee.feeBasis
  if (isPercentOfRental(basis)) return `${formatPercent(fee.fee)} of the rental amount`
  const amount = formatCents(eurToCents(fee.fee))
  if (!basis?.trim()) return `${amount}, once per stay`
  const words = BASIS_WORDS[normaliseFeeBasis(basis)]
  return words ? `${amount} ${words}` : `${amount} (${basis.trim()})`
}

/**
 * "Saturday and Sunday", "Any day" (no list, or an empty one, restricts nothing), "Every day".
 * Day numbers are 0 = Sunday, as the rest of StayDesk reads them (docs/pricing.md).
 */
export function weekdaysText(days: readonly number[] | null | undefined): string {
  if (!days || days.length === 0) return 'Any day'
  const unique = [...new Set(days)].filter((d) => d >= 0 && d <= 6)
  if (unique.length === 7) return 'Every day'
  // Monday first, as a week is read in the places the portfolio lies in.
  const order = (d: number) => (d + 6) % 7
  const names = unique.sort((a, b) => order(a) - order(b)).map((d) => WEEKDAY_NAMES[d])
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}
