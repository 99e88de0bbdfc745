import { describe, expect, it } from 'vitest'
import { addDays, eachNight } from '@shared/domain/dates'
import { createSandboxStore } from '../../../../../src-main/sandbox/state/store'
import { SandboxError, type SandboxStore } from '../../../../../src-main/sandbox/types'
import { bookingRequest, CHANNEL, findStay, newStore, SERVICE, TODAY } from '../helpers'

/**
 * The calendar edits tests make (reopenNight, setMinStay, setNightlyRate), the demo's starting
 * situations and its incidents (docs/sandbox.md, "Situations and incidents"), on the store.
 */

const startSeconds = (store: SandboxStore): number => Math.floor(store.now() / 1000)

/** The store a minute later, so every change below is stamped after the start's second. */
function later(store: SandboxStore): number {
  store.advance(60_000)
  return startSeconds(store)
}

function withSituations(listings = 300): SandboxStore {
  return createSandboxStore({
    listings,
    seed: 1,
    today: TODAY,
    callers: [SERVICE, CHANNEL],
    situations: true
  })
}

function refusal(fn: () => void): SandboxError {
  try {
    fn()
  } catch (error) {
    if (error instanceof SandboxError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('reopenNight', () => {
  it('makes a booked night bookable again, records it for delta and leaves the booking as it was', () => {
    const store = newStore()
    const stay = findStay(store, { minLead: 10 })
    const created = store.createBooking(SERVICE, bookingRequest(stay))
    const before = store.readBooking(created.bookingId, SERVICE.channel)
    const since = later(store)
    store.reopenNight(stay.listingId, stay.from)

    const days = store.availability(stay.listingId)!.availability
    expect(days[stay.from].available).toBe(true)
    for (const night of eachNight(stay.from, stay.to).slice(1)) {
      expect(days[night].available).toBe(false)
    }
    expect(store.changedSince('availability', since)).toEqual([stay.listingId])
    expect(store.changedSince('rates', since)).toEqual([])
    expect(store.readBooking(created.bookingId, SERVICE.channel)).toEqual(before)
  })

  it('refuses a night no booking holds, and one outside the calendar', () => {
    const store = newStore()
    const stay = findStay(store, { minLead: 10 })
    expect(refusal(() => store.reopenNight(stay.listingId, stay.from))).toMatchObject({
      status: 400,
      message: `${stay.from} of listing ${stay.listingId} is not held by a booking`
    })
    expect(refusal(() => store.reopenNight(stay.listingId, addDays(TODAY, -1))).status).toBe(400)
    expect(refusal(() => store.reopenNight(stay.listingId, '2026-02-30')).status).toBe(400)
    expect(refusal(() => store.reopenNight(1, stay.from)).status).toBe(404)
  })

  it('a booking made on reopened nights keeps them when the first booking is cancelled', () => {
    const store = newStore()
    const stay = findStay(store, { minLead: 10 })
    const first = store.createBooking(SERVICE, bookingRequest(stay))
    const nights = eachNight(stay.from, stay.to)
    for (const night of nights) store.reopenNight(stay.listingId, night)
    // The double booking the watch warns of: the service sells the same nights again.
    const second = store.createBooking(SERVICE, bookingRequest(stay))
    expect(second.status).toBe('pendingPayment')
    store.cancel(SERVICE, 'guest', { bookingId: first.bookingId, reason: 'r', message: 'm' })
    const days = store.availability(stay.listingId)!.availability
    for (const night of nights) expect(days[night].available).toBe(false)
    // Reopening now finds the second booking as the holder.
    store.reopenNight(stay.listingId, stay.from)
    expect(store.availability(stay.listingId)!.availability[stay.from].available).toBe(true)
  })
})

describe('setMinStay', () => {
  it('changes the minimum stay of arrivals on the date and records it for delta', () => {
    const store = newStore()
    const id = store.listingIds()[3]
    const date = addDays(TODAY, 40)
    const since = later(store)
    store.setMinStay(id, date, 21)
    const days = store.availability(id)!.availability
    expect(days[date].minStay).toBe(21)
    expect(days[addDays(date, 1)].minStay).not.toBe(21)
    expect(store.changedSince('availability', since)).toEqual([id])
    expect(store.changedSince('rates', since)).toEqual([])
  })

  it('refuses nights that are not a whole number from 0 to 255, and dates outside the calendar', () => {
    const store = newStore()
    const id = store.listingIds()[0]
    for (const bad of [-1, 2.5, 256, Number.NaN]) {
      expect(refusal(() => store.setMinStay(id, addDays(TODAY, 5), bad)).status).toBe(400)
    }
    expect(refusal(() => store.setMinStay(id, addDays(TODAY, 730), 3)).status).toBe(400)
  })
})

describe('setNightlyRate', () => {
  it('publishes the new price and records a rates change, nothing else', () => {
    const store = newStore()
    const id = store.listingIds()[1]
    const date = addDays(TODAY, 20)
    const since = later(store)
    store.setNightlyRate(id, date, 123.45)
    expect(store.rates(id)!.rate[date]).toBe(123.45)
    expect(store.changedSince('rates', since)).toEqual([id])
    expect(store.changedSince('availability', since)).toEqual([])
  })

  it('refuses a price under one cent (the calendar keeps 0 for "no rate published")', () => {
    const store = newStore()
    const id = store.listingIds()[1]
    expect(refusal(() => store.setNightlyRate(id, addDays(TODAY, 20), 0)).status).toBe(400)
    expect(store.rates(id)!.rate[addDays(TODAY, 20)]).toBeGreaterThan(0)
  })
})

describe('the demo situations (situations: true)', () => {
  const store = withSituations()
  const s = store.situations()
  const plain = newStore()

  it('a confirmed demo booking has its first night open again, the booking unchanged', () => {
    const r = s.reopened!
    const booking = store.demoBookings().find((b) => b.id === r.bookingId)!
    expect(booking).toMatchObject({ status: 'confirmed', listingId: r.listingId, from: r.date })
    expect(r.date > TODAY).toBe(true)
    const days = store.availability(r.listingId)!.availability
    expect(days[r.date].available).toBe(true)
    for (const night of eachNight(booking.from, booking.to).slice(1)) {
      expect(days[night].available).toBe(false)
    }
    expect(plain.availability(r.listingId)!.availability[r.date].available).toBe(false)
    expect(store.readBooking(r.bookingId, SERVICE.channel).payment).toEqual(
      plain.readBooking(r.bookingId, SERVICE.channel).payment
    )
  })

  it('three nights of a listing without demo bookings are priced under EUR 30, a tenth of before', () => {
    const m = s.mistyped!
    expect(m.nights).toHaveLength(3)
    expect(store.demoBookings().some((b) => b.listingId === m.listingId)).toBe(false)
    const rates = store.rates(m.listingId)!.rate
    for (const n of m.nights) {
      expect(rates[n.date]).toBe(n.newEur)
      expect(n.newEur).toBeLessThan(30)
      expect(plain.rates(m.listingId)!.rate[n.date]).toBe(n.oldEur)
      expect(Math.abs(n.newEur! * 10 - n.oldEur)).toBeLessThanOrEqual(0.05)
    }
  })

  it('an open night inside the rates window has no published rate, and the quote says so', () => {
    const u = s.unpriced!
    expect(store.rates(u.listingId)!.rate).not.toHaveProperty(u.date)
    expect(plain.rates(u.listingId)!.rate[u.date]).toBe(u.oldEur)
    const day = store.availability(u.listingId)!.availability[u.date]
    expect(day.available).toBe(true)
    const refusals = store.refusals({
      listingId: u.listingId,
      from: u.date,
      to: addDays(u.date, Math.max(1, day.minStay)),
      adults: 1
    })
    expect(refusals.map((r) => r.rule)).toContain('unpriced-nights')
  })

  it('are part of the starting state: no delta since the start; without the option, none', () => {
    const start = Math.floor(Date.parse(`${TODAY}T10:00:00Z`) / 1000)
    for (const r of ['listings', 'availability', 'rates'] as const) {
      expect(store.changedSince(r, start)).toEqual([])
    }
    expect(plain.situations()).toEqual({})
  })

  it('the demo bookings keep their statuses, stays and money', () => {
    expect(store.demoBookings()).toEqual(plain.demoBookings())
    for (const b of plain.demoBookings()) {
      expect(store.readBooking(b.id, SERVICE.channel)).toEqual(
        plain.readBooking(b.id, SERVICE.channel)
      )
    }
  })
})

describe('incidents()', () => {
  it('reopen another confirmed booking, cut five prices by 40 % and raise a minimum stay to 21, each recorded', () => {
    const store = withSituations()
    const situations = store.situations()
    const since = later(store)
    const report = store.incidents()
    expect(Math.floor(report.at / 1000)).toBe(since)

    const r = report.reopened!
    expect(r.bookingId).not.toBe(situations.reopened!.bookingId)
    const booking = store.demoBookings().find((b) => b.id === r.bookingId)!
    expect(booking.status).toBe('confirmed')
    expect(r.date).toBe(addDays(booking.to, -1))
    expect(store.availability(r.listingId)!.availability[r.date].available).toBe(true)

    const cut = report.priceCut!
    expect(cut.nights).toHaveLength(5)
    const rates = store.rates(cut.listingId)!.rate
    for (const n of cut.nights) {
      expect(rates[n.date]).toBe(n.newEur)
      expect(Math.round(n.newEur! * 100)).toBe(Math.round(n.oldEur * 100 * 0.6))
    }

    const m = report.minStay!
    expect(m.nights).toHaveLength(7)
    const days = store.availability(m.listingId)!.availability
    for (const n of m.nights) {
      expect(days[n.date].minStay).toBe(21)
      expect(n.old).toBeLessThan(21)
    }

    expect(store.changedSince('rates', since)).toEqual([cut.listingId])
    expect(store.changedSince('availability', since)).toEqual(
      [r.listingId, m.listingId].sort((a, b) => a - b)
    )
    expect(store.changedSince('listings', since)).toEqual([])
    const used = [situations.mistyped!.listingId, situations.unpriced!.listingId]
    expect(used).not.toContain(cut.listingId)
    expect(used).not.toContain(m.listingId)
  })

  it('without the starting situations, reopen the first confirmed booking still wholly held', () => {
    const store = newStore()
    const report = store.incidents()
    const first = store.demoBookings().find((b) => b.status === 'confirmed' && b.from > TODAY)!
    expect(report.reopened).toMatchObject({ bookingId: first.id, date: addDays(first.to, -1) })
  })
})
