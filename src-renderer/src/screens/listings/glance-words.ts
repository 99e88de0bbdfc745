import {
  GLANCE_MISSING_WORDS,
  LOWEST_PRICE_NIGHTS,
  type GlanceMissing,
  type ListingGlance
} from '@shared/ipc/listings.schema'
import { formatCents, formatDate, nightsText } from '../../components/text'

/**
 * The Listings table's figures at a glance in words (main computes them: listing-glance.ts). A
 * missing figure says why, "none open" or "no rate", never an empty cell or 0.
 */

/** The note that says what the figures are; the table is described by it (aria-describedby). */
export const GLANCE_NOTE_ID = 'listings-glance-note'

/**
 * What the three columns mean, said once above the table (the headers are short). Min. stay is
 * the rule a manager sets and reads in every channel's extranet, the arrival day's minimum stay;
 * the stay that can be booked from that day may be longer (weekly check-in and check-out days).
 */
export const GLANCE_NOTE =
  `From the offline copy's calendars and rates. Lowest rate: the lowest nightly rate published ` +
  `for the open nights among the next ${LOWEST_PRICE_NIGHTS} (from today, UTC). Next arrival: the ` +
  `first day, after the advance notice, from which a stay can be booked (check-in allowed that ` +
  `day, every night open and priced, check-out allowed on the departure day, the length within ` +
  `that day's minimum and maximum stay). Min. stay: the minimum stay of an arrival on that day.`

function missing(why: GlanceMissing | null): string {
  return GLANCE_MISSING_WORDS[why ?? 'none-open']
}

/** "€84.00", or why there is none. */
export function lowestText(g: ListingGlance | undefined): string {
  if (!g) return '—'
  return g.lowestCents === null ? missing(g.lowestMissing) : formatCents(g.lowestCents)
}

/** "3 nights", or why there is none. */
export function minStayText(g: ListingGlance | undefined): string {
  if (!g) return '—'
  return g.minStayNights === null ? missing(g.arrivalMissing) : nightsText(g.minStayNights)
}

/** "Nov 23, 2026", or why there is none. */
export function arrivalText(g: ListingGlance | undefined): string {
  if (!g) return '—'
  return g.nextArrival === null ? missing(g.arrivalMissing) : formatDate(g.nextArrival)
}
