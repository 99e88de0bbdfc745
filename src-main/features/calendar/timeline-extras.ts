import { addDays, type IsoDate } from '@shared/domain/dates'
import { statusTone } from '@shared/domain/booking-status'
import type { TimelineBooking } from '@shared/ipc/calendar.schema'
import type { Mirror } from '../../db'

/**
 * What the timeline draws over a row's days besides their letters: each night's published price
 * and the kept bookings over the span, for one block of rows.
 */

/**
 * Whether a booking in this status holds its nights, so the timeline draws it. Cancelled,
 * declined and expired bookings have given their nights back: drawn, they would sit over nights
 * the service shows open again, or over the booking made in their place.
 */
function timelineHoldsNights(status: string): boolean {
  return statusTone(status) !== 'ended' || status === 'completed'
}

/** recent()'s page size: its largest. */
const PAGE = 500

/**
 * The kept bookings of the listings given whose nights meet the `days` days from `from`, by
 * listing, each list by check-in then id. A booking without a listing (or of a listing not in
 * `ids`) is left out: the timeline has no row to draw it on.
 */
export function timelineBookings(
  mirror: Mirror,
  from: IsoDate,
  days: number,
  ids: readonly number[]
): Map<number, TimelineBooking[]> {
  const out = new Map<number, TimelineBooking[]>()
  const wanted = new Set(ids)
  const last = addDays(from, days - 1)
  // recent() takes stays whose days (departure day included) meet from..to; a stay leaving on
  // `from` has no night in the span, so it is dropped below. The kept copies are the desk's own
  // reads, a few thousand at most: the pages of those over the span are few.
  for (let offset = 0; ; offset += PAGE) {
    const { total, items } = mirror.bookings.recent({ from, to: last, limit: PAGE, offset })
    for (const b of items) {
      if (b.listingId === null || !wanted.has(b.listingId)) continue
      if (b.checkOut <= from || !timelineHoldsNights(b.status)) continue
      let list = out.get(b.listingId)
      if (!list) out.set(b.listingId, (list = []))
      list.push({
        id: b.id,
        guestName: b.guestName,
        status: b.status,
        checkIn: b.checkIn,
        checkOut: b.checkOut
      })
    }
    if (offset + PAGE >= total) break
  }
  for (const list of out.values()) {
    list.sort((a, b) =>
      a.checkIn < b.checkIn ? -1 : a.checkIn > b.checkIn ? 1 : a.id < b.id ? -1 : 1
    )
  }
  return out
}

/** The months (YYYY-MM) the days from `from` fall in, in order. */
function monthsOf(from: IsoDate, days: number): string[] {
  const months: string[] = []
  for (let i = 0; i < days; i++) {
    const m = addDays(from, i).slice(0, 7)
    if (months[months.length - 1] !== m) months.push(m)
    // Jump to the month's last day: the next step lands in the next month.
    const day = Number(addDays(from, i).slice(8, 10))
    const length = new Date(Date.UTC(+m.slice(0, 4), +m.slice(5, 7), 0)).getUTCDate()
    i += length - day
  }
  return months
}

/**
 * Each night's price in cents (null without a rate) for `days` days from `from`, for one
 * listing: read a month at a time from the packed rates, as the month calendar reads them.
 */
export function timelinePrices(
  mirror: Mirror,
  listingId: number,
  from: IsoDate,
  days: number
): (number | null)[] {
  const byDate = new Map<string, number | null>()
  for (const month of monthsOf(from, days)) {
    for (const d of mirror.calendars.month(listingId, month).days) byDate.set(d.date, d.priceCents)
  }
  return Array.from({ length: days }, (_, i) => byDate.get(addDays(from, i)) ?? null)
}
