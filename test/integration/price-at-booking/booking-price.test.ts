import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BookingDetails, BookingRequest } from '@shared/api'
import { addDays, eachNight, utcDateOf } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { BookingPriceAtBooking } from '@shared/watch/price-at-booking.schema'
import { openMirror, type Mirror } from '../../../src-main/db'
import { bookingPriceAtBooking } from '../../../src-main/features/watch/booking-price'
import { profileMirrorFile } from '../../../src-main/profiles/profiles-file'
import { instantStay, openDesk, type Desk } from '../main/desk-fixture'

/**
 * Price at booking on a mirror synced from the sandbox over real HTTP: bookings made after the
 * first sync, rates changed at the service afterwards and brought in by a delta sync. What the
 * booking cost is the sandbox's own record (store.readBooking), never the app's copy.
 */

const GOOD = { number: '4242 4242 4242 4242', cvc: '123', expiration: '12/30' }
const GUEST = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', country: 'GB' }

let desk: Desk
let mirror: Mirror
const used = new Set<number>()

beforeAll(async () => {
  // At 08:00 UTC, so that the demo sandbox's clock runs two hours ahead of this computer's, as
  // it does every morning (it starts at 10:00 UTC: docs/sandbox.md, Clock): the bookings' times
  // are the service's, the history's this computer's. Only Date is faked; it runs on with real
  // time, and jumps move both clocks alike.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  vi.setSystemTime(Date.parse(`${utcDateOf(Date.now())}T08:00:00Z`))
  desk = await openDesk({ listings: 60 })
  // Bookings below are made a minute after the first sync, beyond what the clock measure leaves open.
  vi.setSystemTime(Date.now() + 60_000)
  // The demo profile's mirror, opened beside the app's own connection (as a sync worker does).
  mirror = await openMirror(profileMirrorFile(desk.dataDir, desk.app.activeProfile().id))
})
afterAll(async () => {
  await mirror?.close()
  await desk?.close()
  vi.useRealTimers()
})

const ctx = () => ({ mirror: async () => mirror, now: () => Date.now() })
const price = async (bookingId: string) =>
  BookingPriceAtBooking.parse(await bookingPriceAtBooking(ctx(), { bookingId }))
const totalOf = (id: string) =>
  eurToCents(BookingDetails.parse(desk.sandbox.store.readBooking(id, 'DEMO')).payment!.amount!)

describe('price at booking, on a mirror synced from the sandbox', () => {
  it('still equals the booking’s own total after its nights’ rates changed at the service', async () => {
    const stay = instantStay(desk, used)
    const made = await desk.value('bookings:create', { stay, guest: GUEST, card: GOOD })
    if (made.outcome !== 'done') throw new Error(`not booked: ${made.outcome}`)
    const store = desk.sandbox.store
    const nights = eachNight(stay.from, stay.to)
    const was = nights.map((n) => store.rates(stay.listingId)!.rate[n])
    // A minute later on both clocks (the sandbox's runs on Date too).
    vi.setSystemTime(Date.now() + 60_000)
    store.setNightlyRate(stay.listingId, nights[0], was[0] + 40)
    store.setNightlyRate(stay.listingId, nights[1], was[1] - 15.5)
    await desk.value('sync:run', {})
    // The mirror holds the new rates now: the booking's stay at today's rates costs more.
    expect(mirror.calendars.rates(stay.listingId)!.rate[nights[0]]).toBe(was[0] + 40)

    const out = await price(made.bookingId)
    expect(out.verdict).toBe('same')
    expect(out.differences).toEqual([])
    expect(out.changesRolledBack).toBe(2)
    const total = out.lines.find((l) => l.key === 'total')!
    expect(total.cents).toBe(totalOf(made.bookingId))
    expect(total.bookingCents).toBe(totalOf(made.bookingId))
    expect(out.nights.map((n) => n.cents)).toEqual(was.map(eurToCents))
    expect(out.nights[0].nowCents).toBe(eurToCents(was[0] + 40))
    // The booking's time is the service's, two hours ahead of the history's.
    expect(out.madeAt! - out.historyStartsAt!).toBeGreaterThan(3_600_000)
  })

  it('differs, naming extra guests, for a booking whose read leaves out the children it charged', async () => {
    const store = desk.sandbox.store
    // A listing that charges extra guests, where two children push the party over what is included.
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
    let bookingId: string | undefined
    for (let lead = 20; !bookingId && lead < 200; lead++) {
      const from = addDays(today, lead)
      for (let n = 1; !bookingId && n <= 14; n++) {
        const req = { listingId, from, to: addDays(from, n), ...party }
        if ('reasons' in store.quote(req)) continue
        const caller = {
          token: 'demo-token',
          channel: 'DEMO',
          merchantOfRecord: 'service' as const
        }
        bookingId = store.createBooking(
          caller,
          BookingRequest.parse({ ...req, guest: GUEST, creditCard: GOOD })
        ).bookingId
      }
    }
    await desk.value('sync:run', {})
    const kept = await desk.value('bookings:open', { id: bookingId! })
    expect(kept.summary.listingId).toBe(listingId)

    const out = await price(bookingId!)
    expect(out.verdict).toBe('differs')
    expect(out.differences.map((d) => d.rule)).toContain('extra-guests')
    const extra = out.differences.find((d) => d.rule === 'extra-guests')!
    const rules = store.rates(listingId)!.additionalGuests!
    const included = maxGuest - rules.amount
    const charged = Math.min(maxGuest - included, rules.amount) - Math.max(2 - included, 0)
    const nights = eachNight(kept.booking.checkIn.date, kept.booking.checkOut.date).length
    expect(extra.deltaCents).toBe(charged * eurToCents(rules.price) * nights)
    expect(extra.words).toContain('the service’s read does not list children')
    expect(out.lines.find((l) => l.key === 'total')!.bookingCents).toBe(totalOf(bookingId!))
  })

  it('says not known, with the day the history starts, for a demo booking made before the first sync', async () => {
    const demo = desk.sandbox.demoBookings.find((b) => b.status === 'confirmed')!
    const out = await price(demo.id)
    expect(out.verdict).toBe('not-known')
    expect(out.historyStartsAt).toBeGreaterThan(out.madeAt!)
    expect(out.unknowns.join(' ')).toMatch(/not known: the history starts on /)
    expect(out.lines.find((l) => l.key === 'total')!.bookingCents).toBe(totalOf(demo.id))
  })

  it('refuses a booking the copy does not keep with a clear sentence', async () => {
    await expect(bookingPriceAtBooking(ctx(), { bookingId: 'SB00000000' })).rejects.toThrow(
      'Booking SB00000000 is not kept in this profile’s offline copy.'
    )
  })
})
