import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BookingDetails } from '@shared/api'
import { eachNight } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { BookingPriceAtBooking } from '@shared/watch/price-at-booking.schema'
import type { Mirror } from '../../../src-main/db'
import { bookingPriceAtBooking } from '../../../src-main/features/watch/booking-price'
import { instantStay, type Desk } from '../main/desk-fixture'
import { bookWithChildren, extraGuestsCents, openPricedDesk } from '../watch/price-desk'

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
  // At 08:00 UTC, the demo sandbox's clock two hours ahead of this computer's (price-desk.ts).
  const opened = await openPricedDesk()
  desk = opened.desk
  mirror = opened.mirror
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
    // Two adults and children that fill a listing which charges extra guests (price-desk.ts).
    const { bookingId, listingId, nights } = bookWithChildren(desk, used)
    await desk.value('sync:run', {})
    const kept = await desk.value('bookings:open', { id: bookingId })
    expect(kept.summary.listingId).toBe(listingId)

    const out = await price(bookingId)
    expect(out.verdict).toBe('differs')
    expect(out.differences.map((d) => d.rule)).toContain('extra-guests')
    const extra = out.differences.find((d) => d.rule === 'extra-guests')!
    expect(eachNight(kept.booking.checkIn.date, kept.booking.checkOut.date)).toEqual(nights)
    expect(extra.deltaCents).toBe(extraGuestsCents(desk, listingId, nights.length))
    expect(extra.words).toContain('the service’s read does not list children')
    expect(out.lines.find((l) => l.key === 'total')!.bookingCents).toBe(totalOf(bookingId))
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
