import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingDetails } from '@shared/api/booking.schema'
import { addDays } from '@shared/domain/dates'
import { fromWireQuote } from '@shared/domain/quote-wire'
import { PricedQuote } from '@shared/api/quote.schema'
import { cardForms, filesUnder, openDesk, type Desk } from './desk-fixture'

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

/** A stay the offline copy says can be booked, `from` at least `lead` days ahead. */
function bookableStay(desk: Desk, lead: number, skip = new Set<number>()) {
  for (let d = lead; d < lead + 200; d += 3) {
    const from = addDays(new Date().toISOString().slice(0, 10), d)
    const to = addDays(from, 4)
    for (const id of desk.sandbox.store.listingIds()) {
      if (skip.has(id)) continue
      const answer = desk.sandbox.store.quote({ listingId: id, from, to, adults: 2 })
      if (!('reasons' in answer)) return { listingId: id, from, to, adults: 2 }
    }
  }
  throw new Error('no bookable stay')
}

describe('creating and paying bookings, and quoting, through the desk', () => {
  let desk: Desk
  const used = new Set<number>()

  beforeAll(async () => {
    desk = await openDesk()
  })
  afterAll(async () => desk?.close())

  const serviceCopy = (id: string) =>
    BookingDetails.parse(desk.sandbox.store.readBooking(id, 'DEMO'))

  /** A bookable stay on an instant listing no other test used (on-request ones wait). */
  function stay() {
    const onRequest = desk.sandbox.store
      .listingIds()
      .filter((id) => desk.sandbox.store.listing(id)?.bookingType === 'onRequest')
    const s = bookableStay(desk, 40, new Set([...used, ...onRequest]))
    used.add(s.listingId)
    return s
  }

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

  it('quotes live and offline alike on a fresh copy; a changed rate shows, a refresh mends it', async () => {
    const s = stay()
    const answer = await desk.value('quotes:ask', s)
    expect(answer.live.state).toBe('priced')
    expect(answer.offline.state).toBe('priced')
    expect(answer.differences).toEqual([])
    if (answer.live.state !== 'priced') return
    const service = fromWireQuote(PricedQuote.parse(desk.sandbox.store.quote(s)))
    expect(answer.live.quote.totalCents).toBe(service.totalCents)
    expect(answer.live.quote.rentalRateCents).toBe(service.rentalRateCents)

    // The owner changes this stay's first night on the service; the offline copy does not know.
    const night = desk.sandbox.store.rates(s.listingId)!.rate[s.from]
    desk.sandbox.store.setNightlyRate(s.listingId, s.from, night + 25)
    const stale = await desk.value('quotes:ask', s)
    expect(stale.differences.map((d) => d.field)).toContain('totalCents')
    expect(stale.differences.find((d) => d.field === 'totalCents')?.label).toBe('Total to pay')
    await desk.value('listings:refresh', { id: s.listingId })
    expect((await desk.value('quotes:ask', s)).differences).toEqual([])
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
