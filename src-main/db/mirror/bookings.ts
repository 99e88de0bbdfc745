import type { BookingDetails } from '@shared/api/booking.schema'
import type { IsoDate } from '@shared/domain/dates'
import type { BookingSummary, WatchList } from '@shared/ipc/bookings.schema'
import type { RecentBookingsQuery, RecentBookingsResult } from '../queries/recent-bookings'
import type { KeepMeta } from '../repos/bookings'
import type { MirrorParts } from './parts'

/** The kept copies of bookings read from the service (in the kept store: src-main/kept). */
export interface MirrorBookings {
  /** Keeps the copy of a booking read from the service (repos/bookings.ts for what is kept). */
  keep(booking: BookingDetails, meta: KeepMeta): BookingSummary
  get(id: string): { booking: BookingDetails; summary: BookingSummary } | undefined
  /** The kept booking made with this own reference (exact, case-sensitive). */
  idByReference(reference: string): string | undefined
  /**
   * The listing of this mirror at a property's coordinates, when exactly one is there (how a kept
   * copy finds its listing; also for the team hub's kept bookings, which may lack it).
   */
  listingAt(latitude: number | undefined, longitude: number | undefined): number | null
  /** Kept bookings, newest read first; `search` matches id, own reference, guest or e-mail. */
  recent(q: RecentBookingsQuery): RecentBookingsResult
  /** Payments and confirmations awaited, instalments due from `today` to a week later. */
  watchList(today: IsoDate, nowMs: number): WatchList
}

export function mirrorBookings(p: MirrorParts): MirrorBookings {
  return {
    keep: (booking, meta) => p.write(() => p.bookings.keep(booking, meta)),
    get: (id) => p.bookings.get(id),
    idByReference: (reference) => p.bookings.idByReference(reference),
    listingAt: (latitude, longitude) => p.bookings.listingAt(latitude, longitude),
    recent: (q) => p.recent.list(q),
    watchList: (today, nowMs) => p.watch.list(today, nowMs)
  }
}
