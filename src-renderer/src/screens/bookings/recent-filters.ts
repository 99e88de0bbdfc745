import type { CommandInput } from '@shared/ipc/contract'
import { isIsoDate } from '@shared/domain/dates'

/**
 * The recent-bookings filters as the screen keeps them, and as `bookings:recent` takes them.
 * Days stay `YYYY-MM-DD` strings from the date picker to IPC; nothing becomes a Date.
 */
export interface RecentFilters {
  /** On a team profile: id, own reference, guest name or e-mail, searched among the team's. */
  search?: string
  status: string | null
  guest: string
  listing: string
  /** Stay dates: bookings whose stay overlaps this range (either end may be open). */
  stay: [string | null, string | null]
}

export const NO_FILTERS: RecentFilters = {
  search: '',
  status: null,
  guest: '',
  listing: '',
  stay: [null, null]
}

export function hasFilters(f: RecentFilters): boolean {
  return (
    (f.search ?? '').trim() !== '' ||
    f.status !== null ||
    f.guest.trim() !== '' ||
    f.listing.trim() !== '' ||
    f.stay[0] !== null ||
    f.stay[1] !== null
  )
}

/**
 * The command's input for one page. A half-picked range (only its first day) already filters
 * from that day on, so the list answers while the person is still choosing the end.
 */
export function toRecentInput(
  f: RecentFilters,
  page: number,
  pageSize: number
): CommandInput<'bookings:recent'> {
  const text = (s: string) => s.trim() || undefined
  const day = (d: string | null) => (d && isIsoDate(d) ? d : undefined)
  let [from, to] = [day(f.stay[0]), day(f.stay[1])]
  if (from && to && to < from) [from, to] = [to, from]
  return {
    search: text(f.search ?? ''),
    status: f.status ?? undefined,
    guest: text(f.guest),
    listing: text(f.listing),
    from,
    to,
    limit: pageSize,
    offset: (Math.max(1, page) - 1) * pageSize
  }
}
