import { describe, expect, it } from 'vitest'
import { Listing } from '@shared/api'
import { createClock } from '../../../../../src-main/sandbox/state/clock'
import { bookingRequest, findStay, newStore, SERVICE, TODAY } from '../helpers'

const DAY_MS = 86_400_000

describe('sandbox clock and change tracking', () => {
  it('starts at 10:00 UTC on today and moves with advance()', () => {
    const store = newStore(5)
    const start = Date.parse(`${TODAY}T10:00:00Z`)
    expect(store.now()).toBeGreaterThanOrEqual(start)
    expect(store.now() - start).toBeLessThan(60_000)
    const before = store.now()
    store.advance(3 * DAY_MS)
    expect(store.now() - before).toBeGreaterThanOrEqual(3 * DAY_MS)
    expect(() => store.advance(-1)).toThrow(RangeError)
  })

  it('on the real date, never starts behind the real clock, so deadlines agree with a client', () => {
    const real = Date.now()
    const clock = createClock()
    const tenAm = Date.parse(`${new Date(real).toISOString().slice(0, 10)}T10:00:00Z`)
    expect(clock.startMs).toBeGreaterThanOrEqual(tenAm)
    // After 10:00 UTC the old clock ran behind: a booking expiring at 15:00 sandbox time looked
    // expired to the app at 20:00 real time.
    expect(clock.now()).toBeGreaterThanOrEqual(real)
  })

  it('reports the whole portfolio as changed since 0 and nothing since start', () => {
    const store = newStore(50)
    const ids = store.listingIds()
    const start = Math.floor(store.now() / 1000)
    for (const r of ['listings', 'availability', 'rates'] as const) {
      expect(store.changedSince(r, 0)).toEqual(ids)
      expect(store.changedSince(r, start + 1)).toEqual([])
    }
  })

  it('marks availability when a booking is created and again when it is cancelled', () => {
    const store = newStore()
    const stay = findStay(store)
    store.advance(1000)
    const t1 = Math.floor(store.now() / 1000)
    const v0 = store.version('availability', stay.listingId)
    const created = store.createBooking(SERVICE, bookingRequest(stay))
    expect(store.changedSince('availability', t1)).toEqual([stay.listingId])
    expect(store.changedSince('rates', t1)).toEqual([])
    expect(store.changedSince('listings', t1)).toEqual([])
    const v1 = store.version('availability', stay.listingId)
    expect(v1).toBeGreaterThan(v0)

    store.advance(60_000)
    const t2 = Math.floor(store.now() / 1000)
    expect(store.changedSince('availability', t2)).toEqual([])
    store.cancel(SERVICE, 'guest', { bookingId: created.bookingId, reason: 'r', message: 'm' })
    expect(store.changedSince('availability', t2)).toEqual([stay.listingId])
    expect(store.version('availability', stay.listingId)).toBeGreaterThan(v1)
  })

  it('marks availability when an unpaid booking expires', () => {
    const store = newStore()
    const stay = findStay(store)
    store.createBooking(SERVICE, bookingRequest(stay))
    // The demo bookings awaiting payment expire within the same 25 hours, so they count too.
    const unpaidDemo = store
      .demoBookings()
      .filter((d) => d.status === 'pendingPayment')
      .map((d) => d.listingId)
    expect(unpaidDemo.length).toBeGreaterThan(0)
    store.advance(25 * 3_600_000)
    const t = Math.floor(store.now() / 1000)
    // The expiry runs first thing in this call and is stamped with the current time.
    expect(store.changedSince('availability', t)).toEqual(
      [...new Set([stay.listingId, ...unpaidDemo])].sort((a, b) => a - b)
    )
  })

  it('churns deterministically and reports exactly what changed', () => {
    const a = newStore()
    const b = newStore()
    a.advance(1000)
    const t = Math.floor(a.now() / 1000)
    const before = new Map(a.listingIds().map((id) => [id, JSON.stringify(a.rates(id))]))
    const avBefore = new Map(a.listingIds().map((id) => [id, JSON.stringify(a.availability(id))]))
    const lBefore = new Map(a.listingIds().map((id) => [id, JSON.stringify(a.listing(id))]))
    const steps = Array.from({ length: 12 }, () => a.churn())
    expect(Array.from({ length: 12 }, () => b.churn())).toEqual(steps)

    const rates = [...new Set(steps.flatMap((s) => s.rates))].sort((x, y) => x - y)
    const availability = [...new Set(steps.flatMap((s) => s.availability))].sort((x, y) => x - y)
    const listings = [...new Set(steps.flatMap((s) => s.listings))].sort((x, y) => x - y)
    expect(rates.length).toBeGreaterThan(0)
    expect(listings.length).toBeGreaterThan(0)
    expect(a.changedSince('rates', t)).toEqual(rates)
    expect(a.changedSince('availability', t)).toEqual(availability)
    expect(a.changedSince('listings', t)).toEqual(listings)
    for (const id of a.listingIds()) {
      expect(JSON.stringify(a.rates(id)) !== before.get(id)).toBe(rates.includes(id))
      expect(JSON.stringify(a.availability(id)) !== avBefore.get(id)).toBe(
        availability.includes(id)
      )
      expect(JSON.stringify(a.listing(id)) !== lBefore.get(id)).toBe(listings.includes(id))
    }
    for (const id of listings) {
      const l = Listing.parse(a.listing(id))
      expect(l.lastModified).toBeGreaterThanOrEqual(t)
    }
  })

  it('never lets churn touch nights held by a booking, so a cancel frees them all again', () => {
    const store = newStore(3)
    const held: { id: number; bookingId: string; dates: string[] }[] = []
    for (const id of store.listingIds()) {
      const others = store.listingIds().filter((x) => x !== id)
      const stay = findStay(store, { minLead: 2, maxLead: 200, skip: others })
      const { bookingId } = store.createBooking(SERVICE, bookingRequest(stay))
      const dates = Object.keys(store.availability(id)!.availability)
      held.push({ id, bookingId, dates: dates.filter((d) => d >= stay.from && d < stay.to) })
    }
    for (let k = 0; k < 600; k++) store.churn()
    for (const { id, bookingId, dates } of held) {
      const days = store.availability(id)!.availability
      for (const d of dates) expect(days[d].available).toBe(false)
      store.cancel(SERVICE, 'pm', { bookingId, reason: 'r', message: 'm' })
      const after = store.availability(id)!.availability
      for (const d of dates) expect(after[d].available).toBe(true)
    }
  })

  it('lists only active listings free for every night of a period, without rates and status', () => {
    const store = newStore()
    const stay = findStay(store, { minLead: 20 })
    const free = store.availableInPeriod(stay.from, stay.to)
    expect(free.map((l) => l.id)).toContain(stay.listingId)
    for (const l of free) {
      expect(l.active).not.toBe(false)
      expect(l).not.toHaveProperty('basicRates')
      expect(l).not.toHaveProperty('specialRates')
      expect(l).not.toHaveProperty('status')
      const days = store.availability(l.id)!.availability
      for (
        let d = stay.from;
        d < stay.to;
        d = new Date(Date.parse(d) + DAY_MS).toISOString().slice(0, 10)
      ) {
        expect(days[d].available).toBe(true)
      }
    }
    expect(free.length).toBeLessThan(store.listingIds().length)
    store.createBooking(SERVICE, bookingRequest(stay))
    expect(store.availableInPeriod(stay.from, stay.to).map((l) => l.id)).not.toContain(
      stay.listingId
    )
    // Nights in the past or beyond the two-year window are never offered.
    const yesterday = new Date(Date.parse(TODAY) - DAY_MS).toISOString().slice(0, 10)
    expect(store.availableInPeriod(yesterday, stay.to)).toEqual([])
  })
})

describe('sandbox references and versions', () => {
  it('stores references for known listings and refuses unknown ones, all or nothing', () => {
    const store = newStore(5)
    const [a, b] = store.listingIds()
    expect(() => store.setReference(SERVICE, a, { reference: 'my-a' })).not.toThrow()
    expect(() => store.setReference(SERVICE, 1, { reference: 'x' })).toThrow(/listing 1 not found/)
    expect(() =>
      store.setReferences(SERVICE, {
        references: [
          { listingId: b, reference: 'my-b' },
          { listingId: 2, reference: 'y' }
        ]
      })
    ).toThrow(/listing 2 not found/)
    expect(() =>
      store.setReferences(SERVICE, {
        salesChannel: 'OTHR',
        references: [{ listingId: b, reference: 'b' }]
      })
    ).not.toThrow()
  })

  it('changes availability and rate versions when the sandbox day changes, not listing versions', () => {
    const store = newStore(5)
    const id = store.listingIds()[0]
    const before = (['listings', 'availability', 'rates'] as const).map((r) => store.version(r, id))
    store.advance(3_600_000)
    expect(store.version('availability', id)).toBe(before[1])
    store.advance(DAY_MS)
    expect(store.version('listings', id)).toBe(before[0])
    expect(store.version('availability', id)).toBeGreaterThan(before[1])
    expect(store.version('rates', id)).toBeGreaterThan(before[2])
  })

  it('keeps one listingIds array, only raises versions and reports churned ids once each', () => {
    const store = newStore(20)
    expect(store.listingIds()).toBe(store.listingIds())
    const resources = ['listings', 'availability', 'rates'] as const
    const versions = () =>
      store.listingIds().map((id) => resources.map((r) => store.version(r, id)))
    let last = versions()
    for (let step = 0; step < 40; step++) {
      const churned = store.churn()
      for (const ids of Object.values(churned)) {
        expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b))
      }
      if (step % 10 === 9) store.advance(DAY_MS)
      const next = versions()
      next.forEach((row, i) => row.forEach((v, k) => expect(v).toBeGreaterThanOrEqual(last[i][k])))
      last = next
    }
  })
})
