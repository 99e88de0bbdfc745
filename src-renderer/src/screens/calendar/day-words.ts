import type { CalendarDay, CalendarMonths } from '@shared/ipc/calendar.schema'
import type { IsoDate } from '@shared/domain/dates'
import { formatCents, formatWholeEuros } from '../../components/text'
import { PriceRange, PriceLevel, priceLevel, DayState, dayState, canCheckIn } from './day-model'

/**
 * One calendar day in words: what its cell shows, what a screen reader says for it, and its
 * price level against the listing's year. The cell's colours repeat these words, never replace
 * them.
 */

export const PRICE_LEVEL_WORDS: Record<PriceLevel, string> = {
  low: 'low price for this listing',
  mid: 'mid price for this listing',
  high: 'high price for this listing'
}

const DAY_STATE_WORDS: Record<DayState, string> = {
  open: 'open',
  closed: 'closed',
  unknown: 'not in the offline copy',
  past: 'past'
}

/**
 * The stays that may arrive on a day: "2–14 nights", "from 3 nights", or null when any length
 * will do (minimum 0 or 1, maximum 0 = no limit).
 */
export function stayLimitText(minStay: number, maxStay: number): string | null {
  if (maxStay > 0) {
    const min = Math.max(minStay, 1)
    return min === maxStay
      ? `${min} ${min === 1 ? 'night' : 'nights'} only`
      : `${min}–${maxStay} nights`
  }
  return minStay > 1 ? `from ${minStay} nights` : null
}

/** The stay limits as the day's detail says them, never empty. */
export function stayLimitSentence(day: CalendarDay): string {
  if (!day.known) return 'Not known: the offline copy has no availability for this day.'
  const text = stayLimitText(day.minStay, day.maxStay)
  return text
    ? `Stays arriving this day: ${text}.`
    : 'Stays arriving this day: any length (no minimum or maximum).'
}

export function priceText(cents: number | null): string {
  return cents === null ? 'no rate' : formatCents(cents)
}

/** "€142": a narrow cell's price, to the euro (the cell's name and the detail give the cents). */
export function priceShortText(cents: number | null): string {
  return cents === null ? 'no rate' : formatWholeEuros(cents)
}

/** The day's availability as a sentence part: "open, check-in allowed, no check-out". */
export function availabilityWords(
  day: CalendarDay,
  today: IsoDate,
  firstCheckIn?: IsoDate
): string {
  const state = dayState(day, today)
  if (state === 'past' && !day.known) return 'past, not in the offline copy'
  if (state !== 'open' && state !== 'closed') return DAY_STATE_WORDS[state]
  const parts = [DAY_STATE_WORDS[state]]
  if (state === 'open') {
    parts.push(
      canCheckIn(day, firstCheckIn)
        ? 'check-in allowed'
        : day.checkInDay
          ? 'no check-in (inside the advance notice)'
          : 'no check-in'
    )
  }
  parts.push(day.checkOutDay ? 'check-out allowed' : 'no check-out')
  return parts.join(', ')
}

/**
 * What a screen reader says for a cell: the date (as `dateText` writes it), availability, stay
 * limits, price and its level. Selection is told by aria-selected, not repeated here.
 */
export function dayAccessibleName(
  day: CalendarDay,
  dateText: string,
  range: PriceRange,
  today: IsoDate,
  firstCheckIn?: IsoDate
): string {
  const parts = [dateText, availabilityWords(day, today, firstCheckIn)]
  // A past day has no stay or price to offer: the copy's old figures are not said as current.
  if (day.date < today) return parts.join(', ')
  if (day.known) {
    const limits = stayLimitText(day.minStay, day.maxStay)
    if (limits) parts.push(`stays of ${limits}`)
  }
  if (day.priceCents === null) parts.push('no rate')
  else {
    const level = priceLevel(day.priceCents, range)
    parts.push(formatCents(day.priceCents) + (level ? ` (${PRICE_LEVEL_WORDS[level]})` : ''))
  }
  if (day.date === today) parts.push('today')
  return parts.join(', ')
}

/**
 * How far the copy reaches for this listing, and where its rates end (the grid scrolls on past
 * them through availability alone, so nights there say "no rate").
 */
export function coverageText(
  coverage: CalendarMonths['coverage'],
  dateText: (iso: IsoDate) => string
): string {
  const a = coverage.availability
  const r = coverage.rates
  const availability = a
    ? `Availability from ${dateText(a.from)} to ${dateText(a.to)}`
    : 'No availability in the offline copy for this listing'
  const rates = r
    ? a && r.to < a.to
      ? `rates to ${dateText(r.to)}: later nights show “no rate”`
      : `rates to ${dateText(r.to)}`
    : 'no rates in the offline copy for this listing'
  return `${availability}; ${rates}.`
}
