import { vi } from 'vitest'
import { BookingRequest } from '@shared/api'
import { addDays, eachNight, utcDateOf } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { openMirror, type Mirror } from '../../../src-main/db'
import { profileMirrorFile } from '../../../src-main/profiles/profiles-file'
import { openDesk, type Desk } from '../main/desk-fixture'
import { CARD_OK, GUEST } from '../sandbox/sandbox-client'

/**
 * A desk on the demo for price at booking, and a booking whose price differs at the service's
 * own hand. (test/integration/price-at-booking/booking-price.test.ts sets up the same way and
 * may import these.)
 */

const CALLER = { token: 'demo-token', channel: 'DEMO', merchantOfRecord: 'service' as const }

/**
 * The desk at 08:00 UTC, the demo sandbox's clock two hours ahead of this computer's, as every
 * morning (it starts at 10:00 UTC: docs/sandbox.md, Clock): the bookings' times are the
 * service's, the history's this computer's. Only Date is faked; it runs on with real time, and
 * jumps move both clocks alike. Bookings made after it are a minute after the first sync, beyond
 * what the clock measure leaves open. The mirror is the demo profile's, opened beside the app's
 * own connection (as a sync worker does). Call vi.useRealTimers() after closing.
 */
export async function openPricedDesk(): Promise<{ desk: Desk; mirror: Mirror }> {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  vi.setSystemTime(Date.parse(`${utcDateOf(Date.now())}T08:00:00Z`))
  const desk = await openDesk({ listings: 60 })
  vi.setSystemTime(Date.now() + 60_000)
  const mirror = await openMirror(profileMirrorFile(desk.dataDir, desk.app.activeProfile().id))
  return { desk, mirror }
}

/**
 * A booking made at the service for two adults and the children that fill a listing which
 * charges extra guests: the service's read lists the adults only, so its total differs from
 * the stay priced for them by the extra guests.
 */
export function bookWithChildren(
  desk: Desk,
  used: Set<number>
): { bookingId: string; listingId: number; nights: string[] } {
  const store = desk.sandbox.store
  const listingId = store.listingIds().find((id) => {
    const extra = store.rates(id)!.additionalGuests
    const l = store.listing(id)!
    return (
      !used.has(id) &&
      l.active !== false &&
      l.bookingType !== 'onRequest' &&
      (l.maxGuest ?? 0) >= 4 &&
      (extra?.amount ?? 0) >= 2 &&
      (extra?.price ?? 0) > 0
    )
  })!
  used.add(listingId)
  const maxGuest = store.listing(listingId)!.maxGuest!
  const party = { adults: 2, children: maxGuest - 2, childrenAges: Array(maxGuest - 2).fill(8) }
  const today = utcDateOf(store.now())
  for (let lead = 20; lead < 200; lead++) {
    const from = addDays(today, lead)
    for (let n = 2; n <= 14; n++) {
      const req = { listingId, from, to: addDays(from, n), ...party }
      if ('reasons' in store.quote(req)) continue
      const { bookingId } = store.createBooking(
        CALLER,
        BookingRequest.parse({ ...req, guest: GUEST, creditCard: CARD_OK })
      )
      return { bookingId, listingId, nights: eachNight(from, req.to) }
    }
  }
  throw new Error('no stay with children to book')
}

/** Extra guests the sandbox charges for the party beyond the two adults the read lists, in cents. */
export function extraGuestsCents(desk: Desk, listingId: number, nights: number): number {
  const store = desk.sandbox.store
  const rules = store.rates(listingId)!.additionalGuests!
  const maxGuest = store.listing(listingId)!.maxGuest!
  const included = maxGuest - rules.amount
  const charged = Math.min(maxGuest - included, rules.amount) - Math.max(2 - included, 0)
  return charged * eurToCents(rules.price) * nights
}
