import type { BookingDetails } from '@shared/api/booking.schema'
import type { Listing } from '@shared/api/listing.schema'
import { addDays, utcDateOf } from '@shared/domain/dates'
import type { DowntimeSheet, SheetRow } from '@shared/ipc/commands/downtime'
import type { Mirror } from '../../db'

/**
 * The downtime pack covers today's date and the next SHEET_DAYS_AFTER dates: the dates the next
 * 72 hours run through. It goes by date, not by the hour: the service gives each stay's check-in
 * and check-out time as the property's local `HH:mm` without its time zone (only expiresAt is
 * marked UTC), so an arrival's instant, and whether it falls before or after a moment 72 hours
 * on, is not known to the hour.
 */
const SHEET_DAYS_AFTER = 3

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

/** Whether an arrival or departure dated `date` is on one of the sheet's dates (inclusive). */
export function onSheetDates(date: string, from: string, to: string): boolean {
  return date >= from && date <= to
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
 * The arrivals and departures dated today (UTC, the calendar the service's dates are counted
 * by) to SHEET_DAYS_AFTER days later, from the profile's kept bookings, made from the kept
 * copies (and the mirror's listings) at the moment it is asked for: after every sync and every
 * booking read it is current without being stored anywhere. Each row carries its time, the
 * booking's own check-in or check-out time, else the listing's (instructions): the property's
 * local time. Cancelled, expired and declined bookings are left off and named.
 */
export function downtimeSheet(
  mirror: Mirror,
  profile: { name: string; kind: string },
  now: number
): DowntimeSheet {
  const from = utcDateOf(now)
  const to = addDays(from, SHEET_DAYS_AFTER)
  // Stays that touch the sheet's dates (the recent list's overlap filter).
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
      if (!onSheetDates(side.date, from, to)) continue
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
  // By date, then by the local time on it (a row without one first, as its whole day).
  const order = (r: { date: string; time?: string | null; bookingId: string }) =>
    `${r.date} ${r.time ?? '00:00'} ${r.bookingId}`
  // At one time a departure comes first: the guest leaves before the next one arrives.
  rows.sort((a, b) => order(a).localeCompare(order(b)) || b.event.localeCompare(a.event))
  leftOff.sort((a, b) => order(a).localeCompare(order(b)))
  return { profile, madeAt: now, from, to, rows, leftOff, keptBookings }
}
