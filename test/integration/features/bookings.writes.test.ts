import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingDetails } from '@shared/api/booking.schema'
import {
  bookableStay,
  cardForms,
  filesUnder,
  instantStay,
  openDesk,
  type Desk
} from '../main/desk-fixture'

const GOOD = { number: '4242 4242 4242 4242', cvc: '123', expiration: '12/30' }
const DECLINED = { number: '4000 0000 0000 0002', cvc: '987', expiration: '11/31' }
const GUEST = {
  firstName: 'Zoë',
  lastName: 'Müller',
  email: 'zoe.mueller@example.com',
  phone: '+49 30 1234567',
  country: 'DE',
  language: 'de'
}

describe('bookings: creating and paying, through the desk', () => {
  let desk: Desk
  const used = new Set<number>()

  beforeAll(async () => {
    desk = await openDesk()
  })
  afterAll(async () => desk?.close())

  const serviceCopy = (id: string) =>
    BookingDetails.parse(desk.sandbox.store.readBooking(id, 'DEMO'))

  const stay = () => instantStay(desk, used)

  it('books with the success card: confirmed, the card shown as brand and last four', async () => {
    const outcome = await desk.value('bookings:create', { stay: stay(), guest: GUEST, card: GOOD })
    expect(outcome).toMatchObject({
      outcome: 'done',
      status: 'confirmed',
      card: { brand: 'visa', last4: '4242' }
    })
    if (outcome.outcome !== 'done') return
    expect(outcome.ownReference).toMatch(/^SD-/)
    expect(serviceCopy(outcome.bookingId).status).toBe('confirmed')
    const kept = await desk.value('bookings:recent', { limit: 500 })
    expect(kept.items.find((b) => b.id === outcome.bookingId)?.ownReference).toBe(
      outcome.ownReference
    )
  })

  it('a second booking with the same own reference is refused, naming that field', async () => {
    const first = await desk.value('bookings:create', {
      stay: stay(),
      guest: GUEST,
      ownReference: 'SD-TWICE-1'
    })
    expect(first.outcome).toBe('done')
    const again = await desk.value('bookings:create', {
      stay: stay(),
      guest: GUEST,
      ownReference: 'SD-TWICE-1'
    })
    expect(again).toMatchObject({ outcome: 'refused', field: 'ownReference' })
    if (again.outcome === 'refused') {
      expect(again.serviceMessage).toMatch(/^ownReference SD-TWICE-1 is already used by booking /)
    }
  })

  it('books with a declined card: pending payment with a link and expiry; then pays it', async () => {
    const created = await desk.value('bookings:create', {
      stay: stay(),
      guest: GUEST,
      card: DECLINED
    })
    expect(created).toMatchObject({
      outcome: 'done',
      status: 'pendingPayment',
      paymentStatus: 'failure'
    })
    if (created.outcome !== 'done') return
    expect(created.paymentUrl).toMatch(/^http/)
    expect(created.expiresAt).toBeTruthy()
    const declined = await desk.value('bookings:pay', {
      bookingId: created.bookingId,
      card: DECLINED
    })
    expect(declined).toMatchObject({
      outcome: 'done',
      paymentStatus: 'failure',
      card: { last4: '0002' }
    })
    const paid = await desk.value('bookings:pay', { bookingId: created.bookingId, card: GOOD })
    expect(paid).toMatchObject({ outcome: 'done', status: 'confirmed', paymentStatus: 'success' })
    expect(serviceCopy(created.bookingId).status).toBe('confirmed')
  })

  it('books without a card, and on an on-request listing', async () => {
    const plain = await desk.value('bookings:create', { stay: stay(), guest: GUEST })
    expect(plain).toMatchObject({ outcome: 'done', status: 'pendingPayment', card: null })
    const onRequest = desk.sandbox.store
      .listingIds()
      .filter((id) => desk.sandbox.store.listing(id)?.bookingType === 'onRequest')
    const others = desk.sandbox.store.listingIds().filter((id) => !onRequest.includes(id))
    const s = bookableStay(desk, 40, new Set([...others, ...used]))
    const confirmLater = await desk.value('bookings:create', { stay: s, guest: GUEST, card: GOOD })
    expect(confirmLater).toMatchObject({ outcome: 'done', status: 'pendingConfirm' })
  })

  it('a create whose answer is lost is found by its own reference, not sent again', async () => {
    const creates = () => desk.proxy.requests.filter((r) => r === 'POST /v1/booking').length
    const s = stay()
    desk.sandbox.setFaults({ commitThenDrop: 1, paths: '^/v1/booking$' })
    const before = creates()
    let outcome
    try {
      outcome = await desk.value('bookings:create', {
        stay: s,
        guest: GUEST,
        ownReference: 'AGENT-LOST-1'
      })
    } finally {
      desk.sandbox.setFaults(null)
    }
    expect(outcome).toMatchObject({ outcome: 'unknown', lookup: 'AGENT-LOST-1' })
    if (outcome.outcome !== 'unknown') return
    expect(outcome.booking?.summary.ownReference).toBe('AGENT-LOST-1')
    expect(creates()).toBe(before + 1)
  })

  it('refuses a field the service refuses, on that field', async () => {
    const result = await desk.call('bookings:create', {
      stay: stay(),
      guest: { ...GUEST, email: 'not-an-email' }
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'guest.email' } })
  })

  it('keeps no card number or code in any file it wrote: mirror, its WAL, the journal', async () => {
    for (const card of [GOOD, DECLINED]) {
      const forms = cardForms(card.number)
      const code = Buffer.from(`"cvc":"${card.cvc}"`)
      for (const { path, bytes } of filesUnder(desk.dataDir)) {
        for (const form of forms) expect(bytes.includes(form), `${path} holds the card`).toBe(false)
        expect(bytes.includes(code), `${path} holds the CVC`).toBe(false)
      }
    }
    const journal = await desk.value('journal:list', { action: 'create' })
    const sent = JSON.stringify(journal.items.map((e) => e.sent))
    expect(sent).toContain('4242')
    expect(sent).not.toContain('4242424242424242')
    expect(desk.crashes).toEqual([])
  })
})
