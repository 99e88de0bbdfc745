import { describe, expect, it } from 'vitest'
import {
  BookingCreatedByChannel,
  BookingCreatedByService,
  BookingDetails,
  CancellationResult,
  PricedQuote
} from '@shared/api'
import { eachNight } from '@shared/domain/dates'
import { SandboxError, type SandboxStore } from '../../../../../src-main/sandbox/types'
import {
  bookingRequest,
  CHANNEL,
  DECLINED_CARD,
  findStay,
  GOOD_CARD,
  newStore,
  SERVICE,
  type Stay
} from '../helpers'

const HOUR = 3_600_000

function refusal(fn: () => unknown): SandboxError {
  try {
    fn()
  } catch (e) {
    if (e instanceof SandboxError) return e
    throw e
  }
  throw new Error('expected a SandboxError')
}

function nightsFree(store: SandboxStore, stay: Stay): boolean[] {
  const days = store.availability(stay.listingId)!.availability
  return eachNight(stay.from, stay.to).map((d) => days[d].available)
}

describe('sandbox bookings', () => {
  it('confirms with the good card, charges what is due and blocks the nights', () => {
    const store = newStore()
    const stay = findStay(store, { minLead: 40 })
    const quote = PricedQuote.parse(store.quote(stay))
    const created = BookingCreatedByService.parse(
      store.createBooking(SERVICE, bookingRequest(stay, { creditCard: GOOD_CARD }))
    )
    expect(created.bookingId).toMatch(/^SB\d{8}$/)
    expect(created.status).toBe('confirmed')
    // Check-in 40+ days away: deposit now, balance later, so the booking is not paid in full.
    expect(created.paymentStatus).toBe('pending')
    expect(created.instalments.map((i) => i.status)).toEqual(['paid', 'init'])
    const sum = created.instalments.reduce((a, i) => a + Math.round(i.amount * 100), 0)
    const total = Math.round(
      (quote.rentalRate + (quote.cleaningFeeBasis === 'mandatory' ? quote.cleaning : 0)) * 100
    )
    expect(sum).toBe(total)
    expect(created.paymentInstructions.iban).toBeTruthy()
    expect(created.expiresAt).toBeUndefined()
    expect(nightsFree(store, stay).every((free) => !free)).toBe(true)
    expect(store.quote(stay)).toMatchObject({ available: false })
    expect(refusal(() => store.createBooking(SERVICE, bookingRequest(stay))).status).toBe(409)
  })

  it('answers success when the good card pays a short-notice stay in full', () => {
    const store = newStore()
    const created = store.createBooking(
      SERVICE,
      bookingRequest(findStay(store, { minLead: 5, maxLead: 20 }), { creditCard: GOOD_CARD })
    )
    expect(created).toMatchObject({ status: 'confirmed', paymentStatus: 'success' })
  })

  it('leaves a booking without a card pending payment until it expires after 24 hours', () => {
    const store = newStore()
    const stay = findStay(store)
    const created = BookingCreatedByService.parse(
      store.createBooking(SERVICE, bookingRequest(stay))
    )
    expect(created).toMatchObject({ status: 'pendingPayment', paymentStatus: 'pending' })
    expect(created.paymentUrl).toBe(`/pay/${created.bookingId}`)
    expect(Date.parse(created.expiresAt!) - store.now()).toBeGreaterThan(23.9 * HOUR)
    expect(Date.parse(created.expiresAt!) - store.now()).toBeLessThanOrEqual(24 * HOUR)
    expect(nightsFree(store, stay).some((free) => free)).toBe(false)

    store.advance(23 * HOUR)
    expect(store.readBooking(created.bookingId, 'DEMO').status).toBe('pendingPayment')
    store.advance(2 * HOUR)
    expect(store.readBooking(created.bookingId, 'DEMO').status).toBe('expired')
    expect(nightsFree(store, stay).every((free) => free)).toBe(true)
    expect(
      refusal(() => store.pay(SERVICE, created.bookingId, { creditCard: GOOD_CARD }))
    ).toMatchObject({
      status: 409,
      message: 'booking state is not valid for this request'
    })
    expect(
      refusal(() => store.cancel(SERVICE, 'guest', cancelBody(created.bookingId))).status
    ).toBe(409)
  })

  it('keeps a declined booking payable, then confirms it when the good card pays', () => {
    const store = newStore()
    const stay = findStay(store)
    const created = store.createBooking(
      SERVICE,
      bookingRequest(stay, { creditCard: DECLINED_CARD })
    )
    expect(created).toMatchObject({ status: 'pendingPayment', paymentStatus: 'failure' })
    expect(created.expiresAt).toBeDefined()

    const again = store.pay(SERVICE, created.bookingId, { creditCard: DECLINED_CARD })
    expect(again).toEqual({
      bookingId: created.bookingId,
      status: 'pendingPayment',
      paymentStatus: 'failure'
    })
    const paid = store.pay(SERVICE, created.bookingId, { creditCard: GOOD_CARD })
    expect(paid).toEqual({
      bookingId: created.bookingId,
      status: 'confirmed',
      paymentStatus: 'success'
    })
    // Paid bookings no longer expire.
    store.advance(48 * HOUR)
    const details = BookingDetails.parse(store.readBooking(created.bookingId, 'DEMO'))
    expect(details.status).toBe('confirmed')
    expect(details.instalments[0]).toMatchObject({ status: 'paid', paymentCardType: 'visa' })
    expect(
      refusal(() => store.pay(SERVICE, created.bookingId, { creditCard: GOOD_CARD })).status
    ).toBe(409)
    expect(refusal(() => store.pay(SERVICE, 'SB00000000', { creditCard: GOOD_CARD })).status).toBe(
      404
    )
  })

  it('refuses bad cards with 400 and keeps no card data', () => {
    const store = newStore()
    const stay = findStay(store)
    // The store's own check, behind the shared schema (which already refuses these over HTTP).
    const attempt = (card: typeof GOOD_CARD) =>
      refusal(() => store.createBooking(SERVICE, { ...bookingRequest(stay), creditCard: card }))
    expect(attempt({ ...GOOD_CARD, number: '4242424242424241' })).toMatchObject({
      status: 400,
      message: 'creditCard.number is not a valid card number'
    })
    expect(attempt({ ...GOOD_CARD, expiration: '01/26' })).toMatchObject({
      status: 400,
      message: 'creditCard.expiration is in the past'
    })
    expect(attempt({ ...GOOD_CARD, cvc: '1234' }).status).toBe(400)
    // A valid number that is not a success test card is declined, not refused.
    const other = store.createBooking(
      SERVICE,
      bookingRequest(stay, { creditCard: { ...GOOD_CARD, number: '4000056655665556' } })
    )
    expect(other.paymentStatus).toBe('failure')
    const paid = store.createBooking(
      SERVICE,
      bookingRequest(findStay(store, { skip: [stay.listingId] }), { creditCard: GOOD_CARD })
    )
    const text = JSON.stringify(store.readBooking(paid.bookingId, 'DEMO'))
    expect(text).not.toContain('4242424242424242')
    expect(text).not.toContain('"123"')
  })

  it('answers the channel-MoR shape and refuses a card from a channel that is Merchant of Record', () => {
    const store = newStore()
    const stay = findStay(store)
    expect(
      refusal(() => store.createBooking(CHANNEL, bookingRequest(stay, { creditCard: GOOD_CARD })))
    ).toMatchObject({
      status: 400,
      message: 'creditCard is only accepted when the service is Merchant of Record'
    })
    const created = store.createBooking(CHANNEL, bookingRequest(stay))
    expect(BookingCreatedByService.safeParse(created).success).toBe(false)
    expect(BookingCreatedByChannel.parse(created)).toMatchObject({
      status: 'pendingPayment',
      paymentStatus: 'pending',
      paymentUrl: `/pay/${created.bookingId}`
    })
    expect(refusal(() => store.readBooking(created.bookingId, 'DEMO')).status).toBe(404)
    expect(store.readBooking(created.bookingId, 'CHAN').id).toBe(created.bookingId)
  })

  it('puts on-request listings in pendingConfirm', () => {
    const store = newStore()
    const created = store.createBooking(
      SERVICE,
      bookingRequest(findStay(store, { onRequest: true }))
    )
    expect(created.status).toBe('pendingConfirm')
    expect(store.cancel(SERVICE, 'pm', cancelBody(created.bookingId)).status).toBe('cancelledByPm')
  })

  it('refuses unknown listings, unavailable stays and reused own references', () => {
    const store = newStore()
    const stay = findStay(store)
    expect(refusal(() => store.quote({ ...stay, listingId: 1 }))).toMatchObject({
      status: 404,
      message: 'listing 1 not found'
    })
    expect(
      refusal(() => store.createBooking(SERVICE, bookingRequest({ ...stay, listingId: 1 }))).status
    ).toBe(404)
    const tooMany = refusal(() =>
      store.createBooking(SERVICE, bookingRequest({ ...stay, adults: 99 }))
    )
    expect(tooMany.status).toBe(409)
    expect(tooMany.message).toContain('99')
    store.createBooking(SERVICE, bookingRequest(stay, { ownReference: 'REF-1' }))
    const other = findStay(store, { skip: [stay.listingId] })
    expect(
      refusal(() => store.createBooking(SERVICE, bookingRequest(other, { ownReference: 'REF-1' })))
        .status
    ).toBe(409)
    // Own references are per channel.
    expect(
      store.createBooking(CHANNEL, bookingRequest(other, { ownReference: 'REF-1' })).bookingId
    ).toMatch(/^SB/)
  })
})

function cancelBody(bookingId: string) {
  return { bookingId, reason: 'change of plans', message: 'Sorry, we cannot come.' }
}

describe('sandbox cancellations', () => {
  function bookPaid(store: SandboxStore, lead: [number, number], policy = 'Moderate') {
    const stay = findStay(store, { minLead: lead[0], maxLead: lead[1], policy })
    const created = store.createBooking(SERVICE, bookingRequest(stay, { creditCard: GOOD_CARD }))
    return { stay, created }
  }

  it('refunds a guest in full when cancelled early enough (Moderate: 14+ days)', () => {
    const store = newStore()
    const { stay, created } = bookPaid(store, [15, 25])
    const result = CancellationResult.parse(
      store.cancel(SERVICE, 'guest', cancelBody(created.bookingId))
    )
    expect(result).toMatchObject({ status: 'cancelledByGuest', paymentStatus: 'refunded' })
    expect(result.cancelledReason).toBe('change of plans')
    expect(result.cancelledAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(Math.abs(Date.parse(result.cancelledAt!) - store.now())).toBeLessThan(1000)
    expect(result.instalments[0].refundedAmount).toBe(result.instalments[0].amount)
    expect(result.instalments[0].refundedAt).toBe(result.cancelledAt)
    expect(nightsFree(store, stay).every((free) => free)).toBe(true)
    const details = store.readBooking(created.bookingId, 'DEMO')
    expect(details).toMatchObject({ status: 'cancelledByGuest', paymentStatus: 'refunded' })
  })

  it('refunds half between 7 and 13 days and nothing later (Moderate)', () => {
    const store = newStore()
    const half = bookPaid(store, [8, 12])
    const r1 = CancellationResult.parse(
      store.cancel(SERVICE, 'guest', cancelBody(half.created.bookingId))
    )
    expect(r1.paymentStatus).toBe('partialPaid')
    expect(r1.instalments[0].refundedAmount).toBeCloseTo(r1.instalments[0].amount / 2, 2)

    const late = bookPaid(store, [1, 6])
    const r2 = CancellationResult.parse(
      store.cancel(SERVICE, 'guest', cancelBody(late.created.bookingId))
    )
    expect(r2.paymentStatus).toBe('paid')
    expect(r2.instalments[0].refundedAmount).toBe(0)
  })

  it('refunds everything when the property manager cancels, whatever the policy', () => {
    const store = newStore()
    const { created } = bookPaid(store, [1, 6])
    const r = CancellationResult.parse(store.cancel(SERVICE, 'pm', cancelBody(created.bookingId)))
    expect(r).toMatchObject({ status: 'cancelledByPm', paymentStatus: 'refunded' })
    expect(r.instalments[0].refundedAmount).toBe(r.instalments[0].amount)
  })

  it('cancels by own reference, marks unpaid cancellations cancelled and refuses a second cancel', () => {
    const store = newStore()
    const stay = findStay(store)
    const created = store.createBooking(SERVICE, bookingRequest(stay, { ownReference: 'MY-42' }))
    const r = store.cancel(SERVICE, 'guest', cancelBody('MY-42'))
    expect(r).toMatchObject({
      id: created.bookingId,
      status: 'cancelledByGuest',
      paymentStatus: 'cancelled'
    })
    expect(refusal(() => store.cancel(SERVICE, 'guest', cancelBody('MY-42')))).toMatchObject({
      status: 409,
      message: 'booking state is not valid for this request'
    })
    expect(
      refusal(() => store.cancel(CHANNEL, 'guest', cancelBody(created.bookingId))).status
    ).toBe(404)
    expect(refusal(() => store.cancel(SERVICE, 'guest', cancelBody('nope'))).status).toBe(404)
    expect(
      refusal(() => store.pay(SERVICE, created.bookingId, { creditCard: GOOD_CARD })).status
    ).toBe(409)
  })

  it('reads full booking details', () => {
    const store = newStore()
    const { stay, created } = bookPaid(store, [15, 25])
    const d = BookingDetails.parse(store.readBooking(created.bookingId, 'DEMO'))
    const listing = store.listing(stay.listingId)!
    expect(d.checkIn).toEqual({ date: stay.from, time: listing.instructions?.checkIn })
    expect(d.propertyAddress?.city).toBe(listing.location?.city)
    expect(d.guest?.id).toBeTruthy()
    expect(d.instructions?.closestAirportsList?.[0].iata).toMatch(/^[A-Z]{3}$/)
    expect(d.cancellationPolicy).toMatchObject({
      name: 'Moderate',
      refund: { dayPeriod: 14, percentage: 100 }
    })
    expect(d.payment?.currency).toBe('EUR')
    expect(d.paymentStatus).toBe('paid')
  })
})

describe('sandbox bookings on request and by channel', () => {
  it('holds a declined on-request booking for payment, then sends it for confirmation once paid', () => {
    const store = newStore()
    const stay = findStay(store, { onRequest: true })
    const created = store.createBooking(
      SERVICE,
      bookingRequest(stay, { creditCard: DECLINED_CARD })
    )
    expect(created).toMatchObject({ status: 'pendingPayment', paymentStatus: 'failure' })
    expect(store.pay(SERVICE, created.bookingId, { creditCard: GOOD_CARD })).toMatchObject({
      status: 'pendingConfirm',
      paymentStatus: 'success'
    })
  })

  it('lets a channel-MoR booking expire after 24 hours like any unpaid one', () => {
    const store = newStore()
    const stay = findStay(store)
    const created = BookingCreatedByChannel.parse(
      store.createBooking(CHANNEL, bookingRequest(stay))
    )
    expect(created.expiresAt).toBeDefined()
    store.advance(25 * HOUR)
    expect(store.readBooking(created.bookingId, 'CHAN').status).toBe('expired')
    expect(nightsFree(store, stay).every((free) => free)).toBe(true)
  })

  it('refunds a Strict guest cancellation 30 to 59 days out by half', () => {
    const store = newStore()
    const stay = findStay(store, { minLead: 35, maxLead: 55, policy: 'Strict' })
    const created = store.createBooking(SERVICE, bookingRequest(stay, { creditCard: GOOD_CARD }))
    const r = CancellationResult.parse(
      store.cancel(SERVICE, 'guest', cancelBody(created.bookingId))
    )
    expect(r.paymentStatus).toBe('partialPaid')
    // Only the deposit was paid (check-in 30+ days away); half of it comes back, the balance was never taken.
    expect(r.instalments.map((i) => i.status)).toEqual(['paid', 'init'])
    expect(r.instalments[0].refundedAmount).toBeCloseTo(r.instalments[0].amount / 2, 2)
    expect(r.instalments[1].refundedAmount ?? 0).toBe(0)
  })
})
