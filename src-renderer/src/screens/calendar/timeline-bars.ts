import { daysBetween, type IsoDate } from '@shared/domain/dates'
import type { TimelineBooking } from '@shared/ipc/calendar.schema'

/**
 * Where a row's kept bookings are drawn: each over its nights (check-in to the night before
 * check-out) cut to the days shown, and in a lane of its own where stays overlap (two bookings
 * over one night is what the double-booking watch warns of: both must be seen, not one under the
 * other).
 */

export interface BookingBar {
  booking: TimelineBooking
  /** First day column covered (0 = the span's first day). */
  start: number
  /** The column after the last one covered. */
  end: number
  /** The stay began before the first day shown. */
  cutStart: boolean
  /** The stay goes on after the last day shown. */
  cutEnd: boolean
  lane: number
}

export interface RowBars {
  bars: BookingBar[]
  /** Lanes the row's bars need (0 without bars). */
  lanes: number
}

const NONE: RowBars = { bars: [], lanes: 0 }

/** The bars of `bookings` over the `days` days from `from`; bookings outside them are left out. */
export function bookingBars(
  bookings: readonly TimelineBooking[],
  from: IsoDate,
  days: number
): RowBars {
  if (bookings.length === 0) return NONE
  const bars: BookingBar[] = []
  for (const booking of bookings) {
    const first = daysBetween(from, booking.checkIn)
    const after = daysBetween(from, booking.checkOut)
    const start = Math.max(0, first)
    const end = Math.min(days, after)
    if (end <= start) continue
    bars.push({ booking, start, end, cutStart: first < 0, cutEnd: after > days, lane: 0 })
  }
  bars.sort((a, b) => a.start - b.start || b.end - a.end)
  // Each bar takes the first lane free by its first night (a lane's last bar has ended).
  const laneEnds: number[] = []
  for (const bar of bars) {
    let lane = laneEnds.findIndex((end) => end <= bar.start)
    if (lane < 0) lane = laneEnds.length
    laneEnds[lane] = bar.end
    bar.lane = lane
  }
  return bars.length === 0 ? NONE : { bars, lanes: laneEnds.length }
}

/** The bars covering day column `day`, lane by lane. */
export function barsAt(row: RowBars, day: number): BookingBar[] {
  return row.bars.filter((b) => b.start <= day && day < b.end).sort((a, b) => a.lane - b.lane)
}
