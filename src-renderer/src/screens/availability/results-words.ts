import { daysBetween } from '@shared/domain/dates'
import type { OutsidePrice } from '@shared/ipc/availability.schema'
import type { ListingRefreshed } from '@shared/ipc/listings.schema'
import {
  earlierAnswerText,
  fromCopyText,
  fromServiceText,
  type Via,
  liveTitle,
  agoAt
} from '../../components/data-source'
import { formatCents, formatDay, formatNumber, nightsText } from '../../components/text'
import { listingsText } from './miss-words'

/** The results' and the live comparison's sentences, apart from the components for tests. */

/** "23 listings bookable" (the nights are on the stay's own line). */
export function resultsHeadline(count: number): string {
  return count === 0 ? 'No listing bookable' : `${listingsText(count)} bookable`
}

/** The range picker's text: both days with their weekdays, as the rest of the app writes them. */
export function pickedText(value: unknown): string {
  const [from, to] = Array.isArray(value) ? value : []
  if (typeof from !== 'string' || !from) return ''
  return typeof to === 'string' && to
    ? `${formatDay(from)} – ${formatDay(to)}`
    : `${formatDay(from)} – choose the departure`
}

/**
 * Where the answer comes from and how old it is, a copy older than a day flagged by the
 * data-age lines' own rule (and drawn in `copyAgeTone`'s colour); briefly, as the line under
 * the screen's title says what to do about it.
 */
export function sourceText(asOf: number | null, now: number, via: Via = 'service'): string {
  return fromCopyText(asOf, now, { words: 'brief', via })
}

/**
 * The bookable listings the price range left out, and on which side, said beside the count: the
 * range is applied after the rules, so they are neither in the results nor in "why not".
 * "3 bookable listings are outside the price range (above €900.00)."
 */
export function outsidePriceText(
  o: Pick<OutsidePrice, 'below' | 'above' | 'noEstimate'>,
  minCents: number | undefined,
  maxCents: number | undefined
): string | null {
  const n = o.below + o.above + o.noEstimate
  if (n === 0) return null
  const sides = [
    ...(o.below > 0 && minCents !== undefined ? [[o.below, `below ${formatCents(minCents)}`]] : []),
    ...(o.above > 0 && maxCents !== undefined ? [[o.above, `above ${formatCents(maxCents)}`]] : []),
    ...(o.noEstimate > 0 ? [[o.noEstimate, 'without an estimate']] : [])
  ] as [number, string][]
  const why =
    sides.length === 1
      ? sides[0][1]
      : sides.map(([count, side]) => `${formatNumber(count)} ${side}`).join(', ')
  const are = n === 1 ? '1 bookable listing is' : `${formatNumber(n)} bookable listings are`
  return `${are} outside the price range (${why}).`
}

/** How far a listing's total is outside the range: "€12.00 above the max." */
export function outsideByText(
  cents: number | null,
  minCents: number | undefined,
  maxCents: number | undefined
): string {
  if (cents === null) return 'No estimate: in no price range'
  if (maxCents !== undefined && cents > maxCents)
    return `${formatCents(cents - maxCents)} above the max.`
  if (minCents !== undefined && cents < minCents)
    return `${formatCents(minCents - cents)} below the min.`
  return 'In the range'
}

/** Under the outside listings, when main named only the nearest of them. */
export function outsideSampleText(shown: number, count: number): string | null {
  return shown < count
    ? `The ${formatNumber(shown)} nearest to the range of ${formatNumber(count)}.`
    : null
}

export function filteredOutText(filteredOut: number): string | null {
  if (filteredOut <= 0) return null
  return `The filters left out ${listingsText(filteredOut)} before the rules were checked.`
}

/** "2 adults, 2 children (ages 4 and 9)" */
export function guestsText(adults: number, ages: readonly number[]): string {
  const a = adults === 1 ? '1 adult' : `${adults} adults`
  if (ages.length === 0) return a
  if (ages.length === 1) return `${a}, 1 child (age ${ages[0]})`
  return `${a}, ${ages.length} children (ages ${ages.slice(0, -1).join(', ')} and ${ages.at(-1)})`
}

/** The stay searched, in one line: dates with weekdays, nights, guests. */
export function stayText(from: string, to: string, adults: number, ages: readonly number[]) {
  return [
    `${formatDay(from)} to ${formatDay(to)}`,
    nightsText(daysBetween(from, to)),
    guestsText(adults, ages)
  ].join(' · ')
}

export function bookingTypeLabel(t: string | null): string {
  if (t === 'instant') return 'Instant'
  if (t === 'onRequest') return 'On request'
  return t ?? '—'
}

const NO_ESTIMATE = 'no estimate: the copy has no rate for a night'

/** The note's id: the results table is described by it. */
export const ESTIMATE_NOTE_ID = 'availability-estimate-note'

/** What the estimate and its average hold, said once above the results. */
export const ESTIMATE_NOTE =
  'Estimate: the stay’s total at the published rates (rent, additional guests and the one ' +
  'discount, plus mandatory cleaning; taxes not included). Per night: that total divided by the ' +
  'nights, to the cent.'

/** "€120.00", or "no estimate" when the total has none. */
export function nightlyText(cents: number | null): string {
  return cents === null ? 'no estimate' : formatCents(cents)
}

export function estimateText(cents: number | null): string {
  return cents === null ? NO_ESTIMATE : formatCents(cents)
}

/** "City, Country", or the one that is known. */
export function placeText(city: string | null, country: string | null): string {
  return [city, country].filter(Boolean).join(', ') || 'Place not given'
}

const LIVE_TITLE = 'Live second opinion'

/**
 * Where the live section stands, for its heading and its first line: never asked, asking, the
 * service's answer, or an ask that failed (`failure`: what went wrong, e.g. "the service can't
 * be reached"), perhaps with an earlier answer still on screen.
 */
export type LivePhase =
  | { phase: 'idle' }
  | { phase: 'asking' }
  | { phase: 'answered' }
  | { phase: 'failed'; failure: string }

/**
 * The live section's heading. An ask that failed says so here, where the eye lands first: the
 * section never sits under a plain "live" heading while what it shows is not a live answer.
 */
export function liveHeading(p: LivePhase): string {
  return liveTitle(LIVE_TITLE, p.phase === 'failed' ? p.failure : null)
}

/**
 * A failure title ("The service can't be reached") as the end of the heading's sentence, with
 * the typographic apostrophe the screen's own sentences use.
 */
export function failureWords(title: string): string {
  return (title.charAt(0).toLowerCase() + title.slice(1)).replaceAll("'", '’')
}

/** What the service's period answer checks, said beside its count. */
export const LIVE_CAVEAT =
  'It checks free nights only, not arrival days, stay lengths or guests, so its count can differ from the bookable listings.'

/**
 * When the answer on screen was asked, said before it: "From the service, asked just now (…)",
 * or, while asking again or after an ask that failed, the answer below named as the earlier one.
 */
export function liveAskedText(
  p: LivePhase,
  askedAt: number,
  now: number,
  via: Via = 'service'
): string {
  if (p.phase === 'asking') {
    return `Asking the service again. Below, its answer asked ${agoAt(askedAt, now)}.`
  }
  if (p.phase === 'failed') return `The last ask failed. ${earlierAnswerText(askedAt, now)}`
  return fromServiceText(askedAt, now, via)
}

/** The service's count beside the copy's agreement, for the live comparison's first line. */
export function liveSummary(liveCount: number, disagreements: number): string {
  const free =
    liveCount === 1
      ? 'The service says 1 listing is free'
      : `The service says ${listingsText(liveCount)} are free`
  const agree =
    disagreements === 0
      ? 'The offline copy agrees on every listing.'
      : `The offline copy disagrees on ${listingsText(disagreements)}: it is probably stale for ${disagreements === 1 ? 'it' : 'them'}.`
  return `${free} on every night of the stay. ${agree}`
}

/** The two sides of one disagreement, and what it means for the results. */
export function disagreementWords(side: 'onlyLive' | 'onlyOffline') {
  const free = 'Free every night'
  const taken = 'Booked or closed on a night'
  return side === 'onlyOffline'
    ? {
        service: taken,
        copy: free,
        meaning: 'The copy may offer a stay that can’t be booked any more.'
      }
    : {
        service: free,
        copy: taken,
        meaning: 'The listing may be bookable though the copy says not.'
      }
}

/** What a listing's refresh did to the offline copy. */
export function refreshOutcomeText(r: ListingRefreshed): string {
  if (!r.found) return 'The service no longer publishes this listing; the copy is left as it was.'
  const parts = [
    ...(r.changed.availability ? ['calendar'] : []),
    ...(r.changed.rates ? ['rates'] : []),
    ...(r.changed.listings ? ['details'] : [])
  ]
  if (parts.length === 0) return 'Refreshed: the copy already held the service’s records.'
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
  return `Refreshed: its ${list} changed in the offline copy.`
}
