import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HUB_CONFIRM_HEADER } from '@shared/hub/journal'
import { addDays } from '@shared/domain/dates'
import { CARD_DECLINED, GUEST, TODAY } from '../sandbox/sandbox-client'
import { HUB_DATABASES, useHubPlaces } from './fixture'
import { dumpDatabase } from './fixture'
import { startTeamHub, type TeamHub } from './team-fixture'

/**
 * Issue 22 part 3: every write through the hub, over loopback, against the demo sandbox, on
 * both databases. What reached the service is counted at a proxy in front of the sandbox and
 * checked in the sandbox's own store, never in the hub's copy.
 */

const places = useHubPlaces()

/** A card the sandbox accepts (Mastercard), with a CVC that is nowhere else in these tests. */
const CANARY_CARD = { number: '5555 5555 5555 4444', cvc: '913', expiration: '12/30' }
const CANARY_DIGITS = '5555555555554444'

describe.each(HUB_DATABASES)('writes through the hub (%s)', (kind) => {
  let t: TeamHub
  const used = new Set<number>()

  beforeAll(async () => {
    t = await startTeamHub(await places.place(kind))
  })
  afterAll(async () => t?.close())

  /** A bookable instant stay on a listing no other test used. */
  function stay() {
    for (let d = 40; d < 300; d += 3) {
      const from = addDays(TODAY, d)
      const to = addDays(from, 4)
      for (const id of t.sandbox.store.listingIds()) {
        if (used.has(id) || t.sandbox.store.listing(id)?.bookingType === 'onRequest') continue
        if (!('reasons' in t.sandbox.store.quote({ listingId: id, from, to, adults: 2 }))) {
          used.add(id)
          return { listingId: id, from, to, adults: 2 }
        }
      }
    }
    throw new Error('no bookable stay')
  }

  const confirmedIds = () =>
    t.sandbox.store
      .demoBookings()
      .filter((b) => b.status === 'confirmed')
      .map((b) => b.id)
  const statusOf = (id: string) => t.sandbox.store.readBooking(id, 'DEMO').status
  const cancelBody = (bookingId: string) => ({
    bookingId,
    reason: 'Guest asked',
    message: 'Sorry to see you go'
  })

  it('refuses by role: a viewer cannot cancel, an agent cannot set references, a manager can', async () => {
    const [id] = confirmedIds()
    const before = t.sent('POST /v1/booking/guest/cancel')
    const viewer = await t.call('vera', 'POST', '/test/v1/booking/guest/cancel', cancelBody(id))
    expect(viewer).toMatchObject({
      status: 403,
      body: { message: 'bookings:cancel needs the agent role; vera is a viewer' }
    })
    expect(t.sent('POST /v1/booking/guest/cancel')).toBe(before)
    expect(statusOf(id)).toBe('confirmed')

    const listingId = t.sandbox.store.listingIds()[0]
    const ref = { reference: 'HUB-REF-1' }
    const agent = await t.call('aldo', 'PATCH', `/test/v1/listing/${listingId}/reference`, ref)
    expect(agent).toMatchObject({
      status: 403,
      body: { message: 'references:set needs the manager role; aldo is an agent' }
    })
    expect(t.sandbox.store.referencesOf('DEMO').get(listingId)).toBeUndefined()
    const manager = await t.call('mara', 'PATCH', `/test/v1/listing/${listingId}/reference`, ref)
    expect(manager.status).toBe(200)
    expect(t.sandbox.store.referencesOf('DEMO').get(listingId)).toMatchObject(ref)
    expect(manager.headers.get('x-staydesk-journal')).toMatch(/^\d+$/)
  })

  it('answers 400 naming the field of a bad body, and sends nothing', async () => {
    const before = t.proxy.requests.length
    const bad = await t.call('aldo', 'POST', '/test/v1/booking', {
      ...stay(),
      guest: { ...GUEST, email: 'not-an-address' }
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/guest\.email must be an e-mail address/)
    expect(t.proxy.requests.length).toBe(before)
  })

  it('refuses a production write without the typed confirmation; nothing reaches the service', async () => {
    const [, id] = confirmedIds()
    const before = t.proxy.requests.length
    const path = '/production/v1/booking/guest/cancel'
    const missing = await t.call('aldo', 'POST', path, cancelBody(id))
    expect(missing.status).toBe(428)
    expect(missing.body.message).toContain(`the booking id (${id}) typed to confirm`)
    expect(missing.body.message).toContain(HUB_CONFIRM_HEADER)
    const wrong = await t.call('aldo', 'POST', path, cancelBody(id), {
      [HUB_CONFIRM_HEADER]: 'SB00000000'
    })
    expect(wrong.status).toBe(428)
    expect(t.proxy.requests.length).toBe(before)
    expect(statusOf(id)).toBe('confirmed')
    const journal = await t.call('aldo', 'GET', '/hub/v1/production/journal')
    expect(journal.body.items).toEqual([])

    const confirmed = await t.call('aldo', 'POST', path, cancelBody(id), {
      [HUB_CONFIRM_HEADER]: id
    })
    expect(confirmed).toMatchObject({ status: 200, body: { id, status: 'cancelledByGuest' } })
    expect(statusOf(id)).toBe('cancelledByGuest')
  })

  it('a create whose answer is lost (commitThen5xx) stays unknown in the journal; the service holds it once', async () => {
    const ref = `HUB-503-${kind}`
    const before = t.sent('POST /v1/booking')
    t.sandbox.setFaults({ commitThen5xx: 1, errorStatus: 503, paths: '^/v1/booking$' })
    let answer
    try {
      answer = await t.call('aldo', 'POST', '/test/v1/booking', {
        ...stay(),
        guest: GUEST,
        ownReference: ref
      })
    } finally {
      t.sandbox.setFaults(null)
    }
    expect(answer.status).toBe(502)
    expect(answer.body).toMatchObject({ outcome: 'unknown', journalId: expect.any(Number) })
    expect(answer.body.message).toMatch(/internal error \(503\).*outcome is unknown/)
    expect(t.sent('POST /v1/booking')).toBe(before + 1)
    expect(t.sandbox.store.readBooking(ref, 'DEMO').id).toMatch(/^SB/)

    const journal = await t.call(
      'vera',
      'GET',
      '/hub/v1/test/journal?action=create&outcome=unknown'
    )
    const items = journal.body.items as Record<string, unknown>[]
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      id: answer.body.journalId,
      user: 'aldo',
      ownReference: ref,
      outcome: 'unknown',
      status: 503
    })

    // Settled by hand, once, by an agent; a viewer may not.
    const settle = `/hub/v1/test/journal/${String(answer.body.journalId)}/settle`
    const note = { result: 'done', note: 'Read the booking: it exists' }
    expect((await t.call('vera', 'POST', settle, note)).status).toBe(403)
    const settled = await t.call('dino', 'POST', settle, note)
    expect(settled).toMatchObject({
      status: 200,
      body: { outcome: 'unknown', settlement: { by: 'dino', result: 'done', note: note.note } }
    })
    const again = await t.call('aldo', 'POST', settle, note)
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/already settled by dino/)
  })

  it('two agents cancelling one booking at once send one cancellation; the other is told who sent it', async () => {
    const id = confirmedIds()[2]
    const before = t.sent('POST /v1/booking/guest/cancel')
    t.sandbox.setFaults({ hold: 1, paths: '^/v1/booking/guest/cancel$' })
    const calls = [
      t.call('aldo', 'POST', '/test/v1/booking/guest/cancel', cancelBody(id)),
      t.call('dino', 'POST', '/test/v1/booking/guest/cancel', cancelBody(id))
    ]
    // The one that lost answers at once, while the first is held on its way.
    const first = await Promise.race(calls)
    expect(first.status).toBe(409)
    t.sandbox.setFaults(null)
    const [a, d] = await Promise.all(calls)
    const [winner, loser, winnerName] = a.status === 200 ? [a, d, 'aldo'] : [d, a, 'dino']
    expect(winner).toMatchObject({ status: 200, body: { id, status: 'cancelledByGuest' } })
    expect(loser.status).toBe(409)
    expect(loser.body.message).toMatch(
      new RegExp(
        `^${winnerName} sent a cancellation of ${id} at \\d\\d:\\d\\d UTC; its outcome is not known yet`
      )
    )
    expect(t.sent('POST /v1/booking/guest/cancel')).toBe(before + 1)

    // Minutes later, a third cancel is refused with who did it and how it ended; none is sent.
    const late = await t.call('aldo', 'POST', '/test/v1/booking/pm/cancel', cancelBody(id))
    expect(late.status).toBe(409)
    expect(late.body.message).toMatch(
      new RegExp(`^${winnerName} sent a cancellation of ${id} .*; its outcome is done$`)
    )
    expect(t.sent('POST /v1/booking/pm/cancel')).toBe(0)
    const writes = await t.call('vera', 'GET', `/hub/v1/test/bookings/${id}/writes`)
    expect(writes.body.items).toMatchObject([
      { action: 'cancel', user: winnerName, outcome: 'done' }
    ])
  })

  it('forwards a quote for an agent and journals nothing; a viewer may not ask one', async () => {
    const s = stay()
    const journalBefore = (await t.call('vera', 'GET', '/hub/v1/test/journal')).body.items
    expect((await t.call('vera', 'POST', '/test/v1/quote', s)).status).toBe(403)
    const quote = await t.call('aldo', 'POST', '/test/v1/quote', s)
    expect(quote.status).toBe(200)
    expect(quote.body.rentalRate).toEqual(expect.any(Number))
    expect((await t.call('vera', 'GET', '/hub/v1/test/journal')).body.items).toEqual(journalBefore)
  })

  it('canary: a card number and CVC sent in a pay request are in no log line, database or answer', async () => {
    const made = await t.call('aldo', 'POST', '/test/v1/booking', {
      ...stay(),
      guest: GUEST,
      creditCard: CARD_DECLINED
    })
    expect(made.body).toMatchObject({ status: 'pendingPayment' })
    const bookingId = made.body.bookingId as string
    const paid = await t.call('aldo', 'POST', `/test/v1/booking/${bookingId}/pay`, {
      creditCard: CANARY_CARD
    })
    expect(paid).toMatchObject({ status: 200, body: { bookingId, status: 'confirmed' } })
    const journal = await t.call('aldo', 'GET', '/hub/v1/test/journal?action=pay')
    const [entry] = journal.body.items as Record<string, unknown>[]
    expect(entry.request).toEqual({ creditCard: { brand: 'mastercard', last4: '4444' } })
    await expect
      .poll(
        async () => (await t.call('vera', 'GET', `/hub/v1/test/bookings?q=${bookingId}`)).body.total
      )
      .toBe(1)
    const answers = [made.text, paid.text, journal.text]
    answers.push((await t.call('vera', 'GET', `/hub/v1/test/bookings/${bookingId}/writes`)).text)
    answers.push((await t.call('vera', 'GET', '/hub/v1/test/events?since=0')).text)
    await t.stop()
    const everything = [t.lines.join(''), await dumpDatabase(t.place), ...answers].join('\n')
    expect(everything).toContain('4444')
    for (const secret of [CANARY_DIGITS, CANARY_CARD.number, '4000000000000002']) {
      expect(everything).not.toContain(secret)
    }
    expect(everything).not.toMatch(/cvc\W{0,8}913/i)
    expect(everything).not.toMatch(/"913"/)
  })
})
