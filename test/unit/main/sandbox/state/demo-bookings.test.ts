import { describe, expect, it } from 'vitest'
import { BOOKING_STATUSES, BookingDetails, CancellationResult } from '@shared/api'
import { addDays, daysBetween, eachNight } from '@shared/domain/dates'
import { eurToCents, percentOf } from '@shared/domain/money'
import { priceStay } from '@shared/domain/pricing'
import { planInstalments } from '@shared/domain/instalments'
import { policyByName, tierFor } from '../../../../../src-main/sandbox/state/policies'
import { SandboxError, type SandboxStore } from '../../../../../src-main/sandbox/types'
import { bookingRequest, CHANNEL, findStay, GOOD_CARD, newStore, SERVICE, TODAY } from '../helpers'

const HOUR = 3_600_000
const NOT_VALID = 'booking state is not valid for this request'
/** Statuses that still hold their nights; the others freed them. */
const RELEASED = [
  'expired',
  'declined',
  'cancelled',
  'cancelledByGuest',
  'cancelledByPm',
  'cancelledByYR'
]
const CANCELLABLE = ['confirmed', 'pendingPayment', 'pendingConfirm', 'coolOff']

function details(store: SandboxStore, id: string) {
  return BookingDetails.parse(store.readBooking(id, 'DEMO'))
}

function refusal(fn: () => unknown): SandboxError {
  try {
    fn()
  } catch (e) {
    if (e instanceof SandboxError) return e
    throw e
  }
  throw new Error('expected a SandboxError')
}

const released = (status: string) => RELEASED.includes(status)

describe('sandbox demo bookings', () => {
  const store = newStore()
  const demo = store.demoBookings()

  it('files about 20 bookings covering every status the spec lists, plus confirmed', () => {
    expect(demo.length).toBeGreaterThanOrEqual(20)
    expect(new Set(demo.map((d) => d.status))).toEqual(new Set(BOOKING_STATUSES))
    for (const d of demo) expect(d.id).toMatch(/^SB\d{8}$/)
    expect(new Set(demo.map((d) => d.id)).size).toBe(demo.length)
    expect(new Set(demo.map((d) => d.listingId)).size).toBeGreaterThanOrEqual(15)
    expect(new Set(demo.map((d) => d.merchantOfRecord))).toEqual(new Set(['service', 'channel']))
  })

  it('is the same for the same seed and today, and differs for another seed', () => {
    const again = newStore()
    expect(again.demoBookings()).toEqual(demo)
    for (const d of demo) expect(details(again, d.id)).toEqual(details(store, d.id))
    const other = newStore(300, 2).demoBookings()
    expect(other.map((d) => [d.listingId, d.from, d.guestName])).not.toEqual(
      demo.map((d) => [d.listingId, d.from, d.guestName])
    )
  })

  it.each([30, 60, 150])('gives every status with %i listings too', (listings) => {
    const statuses = new Set(
      newStore(listings)
        .demoBookings()
        .map((d) => d.status)
    )
    expect(statuses).toEqual(new Set(BOOKING_STATUSES))
  })

  it.each([1, 2, 5, 12])('files fewer bookings, without overlaps, in a portfolio of %i', (n) => {
    const small = newStore(n)
    const bookings = small.demoBookings()
    expect(bookings.length).toBeLessThanOrEqual(demo.length)
    expectNoOverlaps(bookings)
  })

  it('never lets two bookings of one listing overlap', () => expectNoOverlaps(demo))

  it('holds the nights of active bookings from today on and leaves the others free', () => {
    for (const d of demo) {
      const days = store.availability(d.listingId)!.availability
      const nights = eachNight(d.from, d.to).filter((n) => n >= TODAY)
      for (const n of nights) expect(days[n].available, `${d.status} ${n}`).toBe(released(d.status))
    }
    const inProgress = demo.find((d) => d.status === 'inProgress')!
    expect(inProgress.from < TODAY && inProgress.to > TODAY).toBe(true)
    for (const status of ['completed', 'disputeByGuest', 'disputeByPm']) {
      for (const d of demo.filter((x) => x.status === status)) expect(d.to < TODAY).toBe(true)
    }
  })

  it('prices stays from today on as the quote did on the booking day', () => {
    for (const d of demo) {
      const b = details(store, d.id)
      const total = eurToCents(b.payment!.amount!)
      expect(b.instalments.reduce((sum, i) => sum + eurToCents(i.amount), 0)).toBe(total)
      const booked = b.instalments[0].dueDate!
      const plan = planInstalments(total, booked, d.from)
      expect(b.instalments.map((i) => [i.name, eurToCents(i.amount), i.dueDate])).toEqual(
        plan.map((i) => [i.name, i.amountCents, i.dueDate])
      )
      const listing = store.listing(d.listingId)!
      const cleaning = eurToCents(b.payment!.cleaning!)
      const mandatory = listing.cleaning?.feeBasis === 'mandatory' ? cleaning : 0
      expect(total).toBe(eurToCents(b.payment!.rental!) + mandatory)
      if (d.from < TODAY) continue
      const price = priceStay({
        listing,
        rates: store.rates(d.listingId)!,
        stay: { from: d.from, to: d.to, adults: b.adults! },
        today: booked
      })
      expect([total, eurToCents(b.payment!.discount!)]).toEqual([
        price.totalCents,
        price.discount?.cents ?? 0
      ])
    }
  })

  it('shows instalments paid, due and refunded, a balance coming due within 7 days among them', () => {
    const all = demo.map((d) => ({ d, b: details(store, d.id) }))
    const instalments = all.flatMap(({ b }) => b.instalments)
    expect(instalments.some((i) => i.status === 'paid' && i.paidAt)).toBe(true)
    expect(instalments.some((i) => i.status === 'init')).toBe(true)
    expect(instalments.some((i) => (i.refundedAmount ?? 0) > 0 && i.refundedAt)).toBe(true)
    const comingDue = all.filter(
      ({ d, b }) =>
        d.status === 'confirmed' &&
        b.instalments.some(
          (i) =>
            i.name === 'balance' &&
            i.status === 'init' &&
            daysBetween(TODAY, i.dueDate!) > 0 &&
            daysBetween(TODAY, i.dueDate!) <= 7
        )
    )
    expect(comingDue.length).toBeGreaterThan(0)
    const byStatus = new Map(all.map(({ d, b }) => [d.status, b]))
    const guest = byStatus.get('cancelledByGuest')!
    expect(guest.paymentStatus).toBe('partialPaid')
    for (const i of guest.instalments.filter((x) => x.status === 'paid')) {
      expect(eurToCents(i.refundedAmount!)).toBe(percentOf(eurToCents(i.amount), 50))
    }
    expect(byStatus.get('cancelledByPm')!.paymentStatus).toBe('refunded')
    expect(byStatus.get('cancelledByYR')!.paymentStatus).toBe('refunded')
    expect(byStatus.get('completed')!.paymentStatus).toBe('paid')
  })

  it('has realistic guests, several with names outside ASCII, and some own references and brands', () => {
    const guests = demo.map((d) => details(store, d.id).guest!)
    for (const g of guests) {
      expect(g.email).toMatch(/^[a-z0-9.]+@example\.(com|net|org)$/)
      expect(g.phone).toMatch(/^\+\d{1,3} \d+ \d+$/)
      expect(g.country).toMatch(/^[A-Z]{2}$/)
      expect(g.language).toMatch(/^[a-z]{2}$/)
    }
    // eslint-disable-next-line no-control-regex -- exactly the ASCII range is meant
    const nonAscii = guests.filter((g) => /[^\x00-\x7f]/.test(`${g.firstName}${g.lastName}`))
    expect(nonAscii.length).toBeGreaterThanOrEqual(5)
    expect(demo.filter((d) => d.ownReference).length).toBeGreaterThanOrEqual(3)
    expect(demo.some((d) => details(store, d.id).salesBrand)).toBe(true)
  })

  it('reads a booking by its own reference, only in its channel', () => {
    for (const d of demo.filter((x) => x.ownReference)) {
      expect(store.readBooking(d.ownReference!, 'DEMO').id).toBe(d.id)
      expect(refusal(() => store.readBooking(d.ownReference!, 'CHAN')).status).toBe(404)
    }
  })

  it('hands out later booking ids that never collide with the demo ones', () => {
    const fresh = newStore()
    const ids = new Set(demo.map((d) => d.id))
    for (let k = 0; k < 5; k++) {
      const stay = findStay(fresh, { minLead: 20 + k * 30 })
      const { bookingId } = fresh.createBooking(SERVICE, bookingRequest(stay))
      expect(bookingId).toMatch(/^SB\d{8}$/)
      expect(ids.has(bookingId)).toBe(false)
    }
  })
})

describe('sandbox demo bookings change like any other', () => {
  it('cancels the cancellable ones (the guest by the policy tier) and refuses the rest with 409', () => {
    const store = newStore()
    let partial = 0
    for (const d of store.demoBookings()) {
      const body = { bookingId: d.id, reason: 'r', message: 'm' }
      if (!CANCELLABLE.includes(d.status)) {
        expect(refusal(() => store.cancel(SERVICE, 'guest', body))).toMatchObject({
          status: 409,
          message: NOT_VALID
        })
        expect(refusal(() => store.cancel(SERVICE, 'pm', body)).status).toBe(409)
        continue
      }
      const before = details(store, d.id)
      const result = CancellationResult.parse(store.cancel(SERVICE, 'guest', body))
      const policy = policyByName(store.listing(d.listingId)!.cancellationPolicy?.name)
      const percent = tierFor(policy, daysBetween(TODAY, d.from)).percent
      if (percent > 0 && percent < 100) partial++
      expect(result.status).toBe('cancelledByGuest')
      result.instalments.forEach((i, k) => {
        const paid = before.instalments[k].status === 'paid'
        expect(eurToCents(i.refundedAmount ?? 0)).toBe(
          paid ? percentOf(eurToCents(i.amount), percent) : 0
        )
      })
      const days = store.availability(d.listingId)!.availability
      for (const n of eachNight(d.from, d.to)) expect(days[n].available).toBe(true)
    }
    expect(partial).toBeGreaterThan(0)
  })

  it('lets the unpaid ones expire a few hours after start, or be paid before', () => {
    const store = newStore()
    const unpaid = store.demoBookings().filter((d) => d.status === 'pendingPayment')
    expect(unpaid.length).toBeGreaterThanOrEqual(2)
    for (const d of unpaid) {
      const left = Date.parse(d.expiresAt!) - store.now()
      expect(left).toBeGreaterThan(HOUR)
      expect(left).toBeLessThan(24 * HOUR)
    }
    const [paid, ...rest] = unpaid
    expect(store.pay(SERVICE, paid.id, { creditCard: GOOD_CARD })).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'success'
    })
    store.advance(HOUR)
    for (const d of rest) expect(details(store, d.id).status).toBe('pendingPayment')
    store.advance(24 * HOUR)
    expect(details(store, paid.id).status).toBe('confirmed')
    for (const d of rest) {
      expect(details(store, d.id).status).toBe('expired')
      const days = store.availability(d.listingId)!.availability
      for (const n of eachNight(d.from, d.to)) expect(days[n].available).toBe(true)
    }
    expect(store.demoBookings().find((d) => d.id === rest[0].id)).toMatchObject({
      status: 'expired'
    })
  })

  it('belongs to the first caller only: another channel cannot read or cancel them', () => {
    const store = newStore()
    const [first] = store.demoBookings()
    expect(refusal(() => store.readBooking(first.id, CHANNEL.channel)).status).toBe(404)
    const body = { bookingId: first.id, reason: 'r', message: 'm' }
    expect(refusal(() => store.cancel(CHANNEL, 'pm', body)).status).toBe(404)
  })
})

describe('sandbox listing references', () => {
  it('answers what the PATCH endpoints stored, per channel, as copies', () => {
    const store = newStore(5)
    const [a, b] = store.listingIds()
    store.setReference(SERVICE, a, { reference: 'my-a', status: 'active' })
    store.setReferences(SERVICE, {
      references: [{ listingId: b, reference: 'my-b', url: 'https://example.com/b' }]
    })
    store.setReferences(SERVICE, {
      salesChannel: 'OTHR',
      references: [{ listingId: a, reference: 'other-a' }]
    })
    const demo = store.referencesOf('DEMO')
    expect([...demo]).toEqual([
      [a, { reference: 'my-a', status: 'active' }],
      [b, { reference: 'my-b', url: 'https://example.com/b' }]
    ])
    expect([...store.referencesOf('OTHR')]).toEqual([[a, { reference: 'other-a' }]])
    expect(store.referencesOf('NONE').size).toBe(0)
    demo.get(a)!.reference = 'changed'
    expect(store.referencesOf('DEMO').get(a)!.reference).toBe('my-a')
  })
})

function expectNoOverlaps(bookings: { listingId: number; from: string; to: string }[]): void {
  const byListing = new Map<number, { from: string; to: string }[]>()
  for (const b of bookings) {
    const others = byListing.get(b.listingId) ?? []
    for (const o of others) expect(b.from >= o.to || o.from >= b.to, JSON.stringify(b)).toBe(true)
    byListing.set(b.listingId, [...others, b])
    expect(addDays(b.from, 1) <= b.to).toBe(true)
  }
}
