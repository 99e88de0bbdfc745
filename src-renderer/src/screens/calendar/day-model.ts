import type { CalendarDay, CalendarMonths } from '@shared/ipc/calendar.schema'
import type { IsoDate } from '@shared/domain/dates'

/**
 * One calendar day as the grid reads it: its state, whether a stay may arrive on it, its marks,
 * and its price level against the listing's year. Its words are in day-words.ts.
 */

export type PriceRange = CalendarMonths['priceRange']

export type PriceLevel = 'low' | 'mid' | 'high'

/**
 * Where a night's price sits in the listing's year, in thirds of its range: the shading of the
 * grid and the bars under each price. A year with one price throughout is all "mid".
 */
export function priceLevel(cents: number | null, range: PriceRange): PriceLevel | null {
  if (cents === null || !range) return null
  const spread = range.highCents - range.lowCents
  if (spread <= 0) return 'mid'
  const t = (cents - range.lowCents) / spread
  return t < 1 / 3 ? 'low' : t < 2 / 3 ? 'mid' : 'high'
}

/** How many bars the cell draws for a level (one to three, like a signal meter). */
export const PRICE_LEVEL_BARS: Record<PriceLevel, number> = { low: 1, mid: 2, high: 3 }

export type DayState = 'open' | 'closed' | 'unknown' | 'past'

export function dayState(day: CalendarDay, today: IsoDate): DayState {
  // A day before today is past whatever an older copy still says of it: open on the last sync
  // is not bookable now, and the service no longer publishes it.
  if (day.date < today) return 'past'
  if (!day.known) return 'unknown'
  return day.available ? 'open' : 'closed'
}

/**
 * Whether a stay may arrive on the day: open, a check-in day, and not before `firstCheckIn`
 * (today plus the listing's advance notice: the service refuses an arrival sooner, so the
 * calendar must not mark one).
 */
export function canCheckIn(day: CalendarDay, firstCheckIn?: IsoDate): boolean {
  return (
    day.known &&
    day.available &&
    day.checkInDay &&
    (firstCheckIn === undefined || day.date >= firstCheckIn)
  )
}

/**
 * The short marks in a cell's corner: check-in allowed (on an open day only: nobody arrives on
 * a closed one, nor inside the advance notice) and check-out allowed (a stay may end on the
 * morning of a closed day).
 */
export function dayMarks(
  day: CalendarDay,
  firstCheckIn?: IsoDate
): { checkIn: boolean; checkOut: boolean } {
  return {
    checkIn: canCheckIn(day, firstCheckIn),
    checkOut: day.known && day.checkOutDay
  }
}
