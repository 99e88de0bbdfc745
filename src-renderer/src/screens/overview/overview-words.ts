import { addDays } from '@shared/domain/dates'
import type { GapItem } from '@shared/overview/overview.schema'
import { formatCents, formatDate, plural } from '../../components/text'

/**
 * The Overview's words: the service's own ("unavailable", never "occupied": it does not tell a
 * booking from an owner's block), nights without a rate said as such, never shown as €0.
 */

const percent = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1
})

/** "23.5%", or "no data" when no day of the period is known. */
export function shareText(share: number | null): string {
  return share === null ? 'no data' : percent.format(share)
}

/** "€120.50", or "no rate" when no night of the period has one. */
export function rateText(cents: number | null): string {
  return cents === null ? 'no rate' : formatCents(cents)
}

/** A value at published rates, and how many of its nights have no rate: "€1,200.00 (+2 nights without a rate)". */
export function valueText(cents: number, unpriced: number): string {
  const value = formatCents(cents)
  return unpriced === 0 ? value : `${value} (+${plural(unpriced, 'night')} without a rate)`
}

/** "Jan 2027" from "2027-01" (UTC: the month as written). */
export function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC'
  })
}

/** "January 2027" for a heading or a choice. */
export function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC'
  })
}

/** "Dec 3, 2026 to Dec 5, 2026" for the nights of a gap (to: the day after the last night). */
export function gapNightsRange(g: Pick<GapItem, 'from' | 'to' | 'nights'>): string {
  const last = addDays(g.to, -1)
  return g.nights === 1 ? formatDate(g.from) : `${formatDate(g.from)} to ${formatDate(last)}`
}
