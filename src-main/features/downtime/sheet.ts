import type { BookingDetails } from '@shared/api/booking.schema'
import type { Listing } from '@shared/api/listing.schema'
import { utcDateOf, type IsoDate } from '@shared/domain/dates'
import type { DowntimeSheet, SheetRow } from '@shared/ipc/commands/downtime'
import type { Mirror } from '../../db'

/** The downtime pack covers this many hours from the moment it is made. */
const SHEET_HOURS = 72

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Kept bookings are read a page at a time (the recent list's largest page). */
const PAGE = 500

/**
 * Statuses in which nobody arrives or leaves: the booking was cancelled (in any way), ran out of
 * time to pay, or was declined. They are named on the sheet as left off, not listed.
 */
function leftOffStatus(status: string): boolean {
  return status.startsWith('cancelled') || status === 'expired' || status === 'declined'
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/

/** `HH:mm` when the text is one, else null (the service's fields are free text). */
function timeOf(text: string | null | undefined): string | null {
  const t = text?.trim() ?? ''
  return HH_MM.test(t) ? t : null
}

/**
 * Whether an arrival or departure on `date` (at `time`, read as UTC like every date the service
 * gives) falls in [from, until). With no time known, the whole day counts: it is listed when any
 * of its hours is in the window, so a day's arrival is never dropped for want of a time.
 */
export function inWindow(date: IsoDate, time: string | null, from: number, until: number): boolean {
  const dayStart = Date.parse(`${date}T00:00:00Z`)
  if (time === null) return dayStart < until && dayStart + DAY_MS > from
  const at = Date.parse(`${date}T${time}:00Z`)
  return at >= from && at < until
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null
const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

/** The property's address: the mirror's listing (location), else the kept booking's own. */
function addressOf(
  listing: Listing | undefined,
  booking: BookingDetails
): Pick<SheetRow, 'address' | 'addressFrom'> {
  const loc = listing?.location
  if (loc && (str(loc.address) ?? str(loc.city)) !== null) {
    return {
      addressFrom: 'listing',
      address: {
        address: str(loc.address),
        street: str(loc.en?.street),
        number: str(loc.en?.number),
        zip: str(loc.zip),
        city: str(loc.city) ?? str(loc.en?.city),
        region: str(loc.region) ?? str(loc.en?.region),
        country: str(loc.country) ?? str(loc.en?.country)
      }
    }
  }
  const a = booking.propertyAddress
  return {
    addressFrom: a ? 'booking' : null,
    address: {
      address: str(a?.address),
      street: str(a?.street) ?? str(a?.en?.street),
      number: str(a?.number) ?? str(a?.en?.number),
      zip: str(a?.zip),
      city: str(a?.city) ?? str(a?.en?.city),
      region: str(a?.region) ?? str(a?.en?.region),
      country: str(a?.country) ?? str(a?.en?.country)
    }
  }
}

function guestNameOf(guest: BookingDetails['guest']): string | null {
  return str([guest?.firstName?.trim(), guest?.lastName?.trim()].filter(Boolean).join(' '))
}

interface Kept {
  booking: BookingDetails
  listingId: number | null
  listingName: string | null
  keptAt: number
}

function rowOf(
  kept: Kept,
  event: SheetRow['event'],
  listing: Listing | undefined,
  time: string | null
): SheetRow {
  const { booking } = kept
  const own = event === 'arrival' ? booking.checkIn.time : booking.checkOut.time
  const i = booking.instructions
  const phone = i?.phone
  return {
    event,
    date: event === 'arrival' ? booking.checkIn.date : booking.checkOut.date,
    time,
    timeFrom: time === null ? null : timeOf(own) !== null ? 'booking' : 'listing',
    bookingId: booking.id,
    status: booking.status,
    paymentStatus: booking.paymentStatus ?? null,
    guest: {
      name: guestNameOf(booking.guest),
      email: str(booking.guest?.email),
      phone: str(booking.guest?.phone)
    },
    listingId: kept.listingId,
    listingName: kept.listingName,
    ...addressOf(listing, booking),
    checkInTime: timeOf(listing?.instructions?.checkIn) ?? timeOf(i?.checkIn),
    checkOutTime: timeOf(listing?.instructions?.checkOut) ?? timeOf(i?.checkOut),
    checkinContact: str(i?.checkinContact),
    contactPhone:
      phone && num(phone.number) !== null
        ? { country: str(phone.country), number: num(phone.number), code: num(phone.code) }
        : null,
    collectionPoint: str(i?.collectionPoint),
    keptAt: kept.keptAt
  }
}

/**
 * The next SHEET_HOURS' arrivals and departures from the profile's kept bookings, made from the
 * kept copies (and the mirror's listings) at the moment it is asked for: after every sync and
 * every booking read it is current without being stored anywhere. An event's moment is its date
 * at the booking's own check-in or check-out time, else the listing's (instructions), as UTC;
 * with neither, its whole day. Cancelled, expired and declined bookings are left off and named.
 */
export function downtimeSheet(
  mirror: Mirror,
  profile: { name: string; kind: string },
  now: number
): DowntimeSheet {
  const until = now + SHEET_HOURS * HOUR_MS
  // Stays that touch the window's days (the recent list's overlap filter, by UTC day).
  const from = utcDateOf(now)
  const to = utcDateOf(until)
  const candidates: Kept[] = []
  for (let offset = 0; ; offset += PAGE) {
    const page = mirror.bookings.recent({ from, to, limit: PAGE, offset })
    for (const s of page.items) {
      const kept = mirror.bookings.get(s.id)
      if (!kept) continue
      candidates.push({
        booking: kept.booking,
        listingId: s.listingId,
        listingName: s.listingName,
        keptAt: s.fetchedAt
      })
    }
    if (offset + PAGE >= page.total) break
  }
  const keptBookings = mirror.bookings.recent({ limit: 1 }).total

  const rows: SheetRow[] = []
  const leftOff: DowntimeSheet['leftOff'] = []
  const listings = new Map<number, Listing | undefined>()
  const listingOf = (id: number | null) => {
    if (id === null) return undefined
    if (!listings.has(id)) listings.set(id, mirror.listings.get(id))
    return listings.get(id)
  }
  for (const kept of candidates) {
    const listing = listingOf(kept.listingId)
    for (const event of ['arrival', 'departure'] as const) {
      const side = event === 'arrival' ? kept.booking.checkIn : kept.booking.checkOut
      const listed =
        event === 'arrival' ? listing?.instructions?.checkIn : listing?.instructions?.checkOut
      const time = timeOf(side.time) ?? timeOf(listed)
      if (!inWindow(side.date, time, now, until)) continue
      if (leftOffStatus(kept.booking.status)) {
        leftOff.push({
          bookingId: kept.booking.id,
          status: kept.booking.status,
          event,
          date: side.date
        })
      } else rows.push(rowOf(kept, event, listing, time))
    }
  }
  const order = (r: { date: string; time?: string | null; bookingId: string }) =>
    `${r.date} ${r.time ?? '00:00'} ${r.bookingId}`
  // At one moment a departure comes first: the guest leaves before the next one arrives.
  rows.sort((a, b) => order(a).localeCompare(order(b)) || b.event.localeCompare(a.event))
  leftOff.sort((a, b) => order(a).localeCompare(order(b)))
  return { profile, madeAt: now, hours: SHEET_HOURS, until, rows, leftOff, keptBookings }
}
