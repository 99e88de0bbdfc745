import type { MISS_CODES } from '@shared/ipc/availability.schema'
import { formatNumber } from '../../components/text'

/**
 * "Why not bookable" in a property manager's words: each rule by name, and, for the listings
 * that break only that rule, what small change would open them up for the stay.
 */

export type MissCode = (typeof MISS_CODES)[number]

export const MISS_TITLES: Record<MissCode, string> = {
  inactive: 'Listing not active',
  'not-available': 'Booked or closed on a night of the stay',
  'check-in-day': 'Arrival day not allowed',
  'check-out-day': 'Departure day not allowed',
  'min-stay': 'Shorter than the minimum stay',
  'max-stay': 'Longer than the maximum stay',
  'too-many-guests': 'Too many guests',
  'advance-notice': 'Arrival too soon (advance notice)',
  'no-rate': 'No nightly rate for a night of the stay'
}

/** What would make a listing that breaks only this rule bookable. */
const OPENS: Record<MissCode, string> = {
  inactive: 'once activated',
  'not-available': 'on dates when those nights are free',
  'check-in-day': 'with another arrival day',
  'check-out-day': 'with another departure day',
  'min-stay': 'for a longer stay',
  'max-stay': 'for a shorter stay',
  'too-many-guests': 'for fewer guests',
  'advance-notice': 'for a later arrival',
  'no-rate':
    'for nights the service publishes rates for (a year ahead), or once the offline copy has them (sync)'
}

export function listingsText(n: number): string {
  return n === 1 ? '1 listing' : `${formatNumber(n)} listings`
}

/**
 * The "breaks only this rule" figure, worded as what it opens up: "3 listings break only this
 * rule: they would be bookable for a longer stay."
 */
export function onlyReasonText(code: MissCode, only: number, count: number): string {
  if (only === 0) {
    return count === 1
      ? 'It also breaks another rule, so changing this one alone opens nothing.'
      : 'Each also breaks another rule, so changing this one alone opens none of them.'
  }
  const opens = OPENS[code]
  if (only === 1) {
    return `${count === 1 ? 'It breaks' : '1 listing breaks'} only this rule: it would be bookable ${opens}.`
  }
  const who = only === count ? `All ${listingsText(only)}` : listingsText(only)
  return `${who} break only this rule: they would be bookable ${opens}.`
}

/**
 * The reasons' introduction: what was judged, how many of those can't be booked (main counts
 * each listing once, whatever rules it breaks), and how the groups count: a listing breaking two
 * rules is in two groups, so the groups' counts don't add up to that number.
 */
export function missesIntro(considered: number, notBookable: number, filtered: boolean): string {
  if (considered === 0) return 'The filters kept no listing to judge.'
  const judged = filtered
    ? `${considered === 1 ? 'The 1 listing' : `The ${listingsText(considered)}`} the filters kept`
    : `${considered === 1 ? 'The 1 listing' : `All ${listingsText(considered)}`} of the portfolio`
  const refused =
    notBookable === 0
      ? ''
      : considered === 1
        ? ' It can’t be booked for this stay.'
        : notBookable === considered
          ? ' None of them can be booked for this stay.'
          : ` ${formatNumber(notBookable)} of them can’t be booked for this stay.`
  return (
    `${judged} ${considered === 1 ? 'was' : 'were'} judged by every rule.${refused} A listing counts under each rule it breaks; the rules ` +
    'that alone keep the most listings out come first.'
  )
}

/** Under an expanded reason, when main named only some of its listings. */
export function sampleText(shown: number, count: number): string | null {
  return shown < count ? `Showing ${formatNumber(shown)} of ${listingsText(count)}.` : null
}
