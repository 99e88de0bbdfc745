import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingDetails } from '@shared/api/booking.schema'
import { eurToCents } from '@shared/domain/money'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * The support desk's bookings over real HTTP: the demo's bookings kept on first start, lookups
 * by id and own reference, copies offline, cancellation with its preview, refusal, lost answer
 * and double click, and the journal of each write.
 */
describe('bookings: opened, listed and cancelled against the demo service', () => {
  let desk: Desk

  beforeAll(async () => {
    desk = await openDesk()
  })
  afterAll(async () => desk?.close())

  const demoWith = (status: string) => {
    const b = desk.sandbox.store.demoBookings().find((d) => d.status === status)
    if (!b) throw new Error(`no demo booking in status ${status}`)
    return b
  }
  const serviceCopy = (id: string) =>
    BookingDetails.parse(desk.sandbox.store.readBooking(id, 'DEMO'))

  it('keeps the demo’s bookings as its recent list on first start', async () => {
    const recent = await desk.value('bookings:recent', { limit: 100 })
    const demo = desk.sandbox.demoBookings.map((b) => b.id).sort()
    expect(recent.items.map((b) => b.id).sort()).toEqual(demo)
    expect(recent.total).toBe(demo.length)
    // Read over HTTP like any lookup, once each.
    expect(desk.sent('GET /v1/booking/')).toBe(demo.length)
    const pending = recent.items.find((b) => b.status === 'pendingPayment')
    expect(pending?.expiresAt).toBeTruthy()
  })

  it('opens a booking by its id, live, exactly as the service holds it', async () => {
    const { id } = demoWith('confirmed')
    const kept = await desk.value('bookings:open', { id })
    expect(kept.source).toBe('live')
    expect(kept.booking).toEqual(serviceCopy(id))
    expect(kept.summary.listingId).toBe(
      desk.sandbox.demoBookings.find((b) => b.id === id)?.listingId
    )
  })

  it('opens a booking by the channel’s own reference', async () => {
    const withRef = desk.sandbox.demoBookings.find((b) => b.ownReference)!
    const kept = await desk.value('bookings:open', { reference: withRef.ownReference! })
    expect(kept.booking.id).toBe(withRef.id)
  })

  it('opens a booking by its own reference in any case, as by its id', async () => {
    const withRef = desk.sandbox.demoBookings.find((b) => /[A-Z]/.test(b.ownReference ?? ''))!
    const typed = withRef.ownReference!.toLowerCase()
    const kept = await desk.value('bookings:open', { reference: typed })
    expect(kept.booking.id).toBe(withRef.id)
  })

  it('a lookup that finds nothing says what is true, never that a sync will bring it', async () => {
    const byId = await desk.call('bookings:open', { id: 'SB99999999' })
    expect(!byId.ok && byId.error).toMatchObject({
      code: 'not-found',
      message:
        'The service has no booking SB99999999 for sales channel DEMO. Check the id and the ' +
        'profile: a sync does not bring bookings, they are read one at a time by id.'
    })
    const byRef = await desk.call('bookings:open', { reference: 'NO-SUCH-REF' })
    expect(!byRef.ok && byRef.error.code).toBe('not-found')
    expect(!byRef.ok && byRef.error.message).toBe(
      'No booking has own reference “NO-SUCH-REF”: StayDesk keeps none under it (in any case) ' +
        'and the service found none for sales channel DEMO. Check the reference, or open the ' +
        'booking by its id: a sync does not bring bookings.'
    )
  })

  it('filters the recent list by status, guest and stay dates', async () => {
    const confirmed = await desk.value('bookings:recent', { status: 'confirmed' })
    expect(confirmed.items.every((b) => b.status === 'confirmed')).toBe(true)
    const someone = confirmed.items[0]
    const first = someone.guestName!.split(' ')[0].slice(0, 3)
    const byGuest = await desk.value('bookings:recent', { guest: first })
    expect(byGuest.items.map((b) => b.id)).toContain(someone.id)
    const byDates = await desk.value('bookings:recent', {
      from: someone.checkIn!,
      to: someone.checkIn!
    })
    expect(byDates.items.map((b) => b.id)).toContain(someone.id)
  })

  it('lists what needs watching', async () => {
    const watch = await desk.value('bookings:watch', {})
    expect(watch.awaitingPayment.map((b) => b.status)).not.toHaveLength(0)
    expect(watch.awaitingConfirmation.every((b) => b.status === 'pendingConfirm')).toBe(true)
    expect(watch.instalmentsDue.length).toBeGreaterThan(0)
  })

  it('cancels for the guest: the refunds are the preview’s, the copy and the journal follow', async () => {
    const target = desk.sandbox.store
      .demoBookings()
      .find(
        (b) =>
          b.status === 'confirmed' &&
          desk.sandbox.store.readBooking(b.id, 'DEMO').instalments?.some((i) => i.status === 'paid')
      )!
    const preview = await desk.value('bookings:cancel-preview', { id: target.id })
    expect(preview.likelyRefused).toBe(false)
    const outcome = await desk.value('bookings:cancel', {
      bookingId: target.id,
      by: 'guest',
      reason: 'Plans changed',
      message: 'We are sorry to cancel.'
    })
    expect(outcome.outcome).toBe('done')
    if (outcome.outcome !== 'done') return
    expect(outcome.status).toBe('cancelledByGuest')
    expect(outcome.refundCents).toBe(preview.guest!.refundCents)
    const service = serviceCopy(target.id)
    expect(service.status).toBe('cancelledByGuest')
    const refunded = service.instalments.reduce((s, i) => s + eurToCents(i.refundedAmount ?? 0), 0)
    expect(outcome.refundCents).toBe(refunded)
    expect(outcome.booking?.booking.status).toBe('cancelledByGuest')
    const journal = await desk.value('journal:list', { booking: target.id })
    expect(journal.items).toHaveLength(1)
    expect(journal.items[0]).toMatchObject({ action: 'cancel', outcome: 'done' })
  })

  it('a cancellation the service refuses says so, with the booking as it stands', async () => {
    const { id } = demoWith('cancelledByPm')
    const before = desk.sent('POST /v1/booking/pm/cancel')
    const outcome = await desk.value('bookings:cancel', {
      bookingId: id,
      by: 'pm',
      reason: 'Owner maintenance',
      message: 'Sorry.'
    })
    expect(outcome).toMatchObject({ outcome: 'refused', code: 'conflict' })
    if (outcome.outcome !== 'refused') return
    expect(outcome.message).toContain('booking state is not valid for this request')
    // The service's own words apart, for a form to show; this refusal names no field.
    expect(outcome.serviceMessage).toBe('booking state is not valid for this request')
    expect(outcome.field).toBeNull()
    expect(outcome.booking?.booking.status).toBe('cancelledByPm')
    expect(desk.sent('POST /v1/booking/pm/cancel')).toBe(before + 1)
    const journal = await desk.value('journal:list', { booking: id })
    expect(journal.items[0]).toMatchObject({ outcome: 'refused' })
  })

  it('a lost answer is read back, never sent again', async () => {
    const { id } = desk.sandbox.store
      .demoBookings()
      .find((b) => b.status === 'confirmed' && serviceCopy(b.id).status === 'confirmed')!
    desk.sandbox.setFaults({ commitThenDrop: 1, paths: '/cancel$' })
    const before = desk.sent('POST /v1/booking/pm/cancel')
    try {
      const outcome = await desk.value('bookings:cancel', {
        bookingId: id,
        by: 'pm',
        reason: 'Double booking',
        message: 'We are sorry.'
      })
      expect(outcome.outcome).toBe('unknown')
      if (outcome.outcome !== 'unknown') return
      // The read after the lost answer shows what really happened.
      expect(outcome.booking?.booking.status).toBe('cancelledByPm')
      expect(outcome.lookup).toBe(id)
    } finally {
      desk.sandbox.setFaults(null)
    }
    expect(desk.sent('POST /v1/booking/pm/cancel')).toBe(before + 1)
    const journal = await desk.value('journal:list', { booking: id })
    expect(journal.items[0]).toMatchObject({ outcome: 'unknown' })
  })

  it('a second click while the first request is out is refused, and one request goes', async () => {
    const { id } = desk.sandbox.store
      .demoBookings()
      .find((b) => b.status === 'pendingConfirm' && serviceCopy(b.id).status === 'pendingConfirm')!
    desk.sandbox.setFaults({ latencyMs: 300, paths: '/cancel$' })
    const before = desk.sent('POST /v1/booking/guest/cancel')
    try {
      const input = { bookingId: id, by: 'guest' as const, reason: 'r', message: 'm' }
      const [a, b] = await Promise.all([
        desk.call('bookings:cancel', input),
        desk.call('bookings:cancel', input)
      ])
      const refused = [a, b].filter((r) => !r.ok)
      expect(refused).toHaveLength(1)
      expect(refused[0]).toMatchObject({ ok: false, error: { code: 'conflict' } })
    } finally {
      desk.sandbox.setFaults(null)
    }
    expect(desk.sent('POST /v1/booking/guest/cancel')).toBe(before + 1)
  })

  it('offline, a kept booking opens as the copy it is, and an unknown one says there is none', async () => {
    const { id } = demoWith('completed')
    await desk.value('bookings:open', { id })
    desk.sandbox.setFaults({ drop: 1 })
    try {
      const copy = await desk.value('bookings:open', { id })
      expect(copy.source).toBe('copy')
      expect(copy.note).toMatch(/connection|reached/i)
      const none = await desk.call('bookings:open', { id: 'SB99999999' })
      expect(none).toMatchObject({ ok: false, error: { code: 'offline' } })
      if (!none.ok) expect(none.error.message).toMatch(/no copy/)
    } finally {
      desk.sandbox.setFaults(null)
    }
    expect(desk.crashes).toEqual([])
  })
})
