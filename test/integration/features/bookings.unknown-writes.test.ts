import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import type { FaultOptions } from '../../../src-main/sandbox'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * Issue 20, "Writes whose outcome is not known", main's rules over real HTTP, with the sandbox's
 * own faults: `commitThen5xx` lets the service apply a write and then answers 503, `hold` keeps
 * a write on its way until the faults are next set.
 */

/** The service applies every create, then answers 503. */
const COMMIT_THEN_503: FaultOptions = { commitThen5xx: 1, errorStatus: 503, paths: '^/v1/booking$' }

const GUEST = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }

describe('bookings: writes whose outcome is not known', () => {
  let desk: Desk
  const used = new Set<number>()

  beforeAll(async () => {
    desk = await openDesk()
  })
  afterAll(async () => desk?.close())

  /** A bookable stay on a listing no other test used. */
  function stay() {
    const today = new Date().toISOString().slice(0, 10)
    for (let d = 40; d < 300; d += 3) {
      const from = addDays(today, d)
      const to = addDays(from, 4)
      for (const id of desk.sandbox.store.listingIds()) {
        if (used.has(id) || desk.sandbox.store.listing(id)?.bookingType === 'onRequest') continue
        const answer = desk.sandbox.store.quote({ listingId: id, from, to, adults: 2 })
        if (!('reasons' in answer)) {
          used.add(id)
          return { listingId: id, from, to, adults: 2 }
        }
      }
    }
    throw new Error('no bookable stay')
  }

  /** How many bookings the sandbox holds under an own reference (0 or 1: it refuses reuse). */
  const madeWith = (ref: string) => {
    try {
      desk.sandbox.store.readBooking(ref, 'DEMO')
      return 1
    } catch {
      return 0
    }
  }

  it('a 503 after the service made the booking is an unknown outcome that says to check, 5 of 5', async () => {
    desk.sandbox.setFaults(COMMIT_THEN_503)
    const outcomes = []
    try {
      for (let i = 1; i <= 5; i++) {
        outcomes.push(
          await desk.value('bookings:create', {
            stay: stay(),
            guest: GUEST,
            ownReference: `C503-${i}`
          })
        )
      }
    } finally {
      desk.sandbox.setFaults(null)
    }
    for (const [i, o] of outcomes.entries()) {
      expect(o.outcome).toBe('unknown')
      if (o.outcome !== 'unknown') continue
      expect(o.message).not.toMatch(/try again later/i)
      expect(o.message).toMatch(/internal error \(503\)/)
      expect(o.message).toMatch(/may have been carried out.*Check the booking before trying again/)
      expect(o.journalId).toBeTruthy()
      // The service did make each one: that is why "try again later" was wrong.
      expect(madeWith(`C503-${i + 1}`)).toBe(1)
    }
    const journal = await desk.value('journal:list', { action: 'create', outcome: 'unknown' })
    const mine = journal.items.filter((e) => e.ownReference?.startsWith('C503-'))
    expect(mine).toHaveLength(5)
    expect(mine.every((e) => /Check the booking before trying again/.test(e.message ?? ''))).toBe(
      true
    )
  })

  it('the same submission sent again reuses its own reference, so the service refuses a second booking', async () => {
    const s = stay()
    const submission = 'form-0001-same-booking'
    desk.sandbox.setFaults(COMMIT_THEN_503)
    let first
    try {
      first = await desk.value('bookings:create', { stay: s, guest: GUEST, submission })
    } finally {
      desk.sandbox.setFaults(null)
    }
    expect(first.outcome).toBe('unknown')
    const ref = first.outcome === 'unknown' ? first.lookup! : ''
    expect(ref).toMatch(/^SD-/)
    // The agent sends the same booking again from the same form: the same reference goes.
    const again = await desk.value('bookings:create', { stay: s, guest: GUEST, submission })
    expect(again).toMatchObject({ outcome: 'refused', field: 'ownReference' })
    expect(madeWith(ref)).toBe(1)
    const creates = await desk.value('journal:list', { action: 'create', booking: ref })
    expect(creates.items.map((e) => e.outcome).sort()).toEqual(['refused', 'unknown'])
  })

  it('refuses a second create in flight for the same submission; nothing more is sent', async () => {
    const s = stay()
    const submission = 'form-0002-double-send'
    desk.sandbox.setFaults({ hold: 1, paths: '^/v1/booking$' })
    const before = desk.sent('POST /v1/booking')
    const first = desk.call('bookings:create', { stay: s, guest: GUEST, submission })
    // Wait until the first is on its way (main has journaled and sent it).
    await expect.poll(() => desk.sent('POST /v1/booking')).toBe(before + 1)
    const second = await desk.call('bookings:create', {
      stay: s,
      guest: GUEST,
      submission,
      ownReference: 'TYPED-ANOTHER'
    })
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } })
    expect(!second.ok && second.error.message).toMatch(/already on its way/)
    // Setting the faults again lets the held create go on to the store.
    desk.sandbox.setFaults(null)
    expect(await first).toMatchObject({ ok: true, value: { outcome: 'done' } })
    expect(desk.sent('POST /v1/booking')).toBe(before + 1)
    expect(madeWith('TYPED-ANOTHER')).toBe(0)
  })

  it('a card number in a reason, a message or notes is refused on its field, and nothing is sent', async () => {
    const before = desk.proxy.requests.length
    const { id } = desk.sandbox.store.demoBookings().find((b) => b.status === 'confirmed')!
    const cancel = await desk.call('bookings:cancel', {
      bookingId: id,
      by: 'guest',
      reason: 'Guest paid with 4242-4242-4242-4242 twice',
      message: 'Sorry'
    })
    expect(cancel).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'reason' } })
    expect(!cancel.ok && cancel.error.message).toMatch(/card number/)
    const message = await desk.call('bookings:cancel', {
      bookingId: id,
      by: 'pm',
      reason: 'Owner',
      message: 'Refund to card 5555555555554444 please'
    })
    expect(message).toMatchObject({ ok: false, error: { field: 'message' } })
    const notes = await desk.call('bookings:create', {
      stay: stay(),
      guest: GUEST,
      notes: 'card 4242424242424242 exp 12/30'
    })
    expect(notes).toMatchObject({ ok: false, error: { code: 'bad-input', field: 'notes' } })
    expect(desk.proxy.requests.slice(before).filter((r) => r.startsWith('POST'))).toEqual([])
    const journal = await desk.value('journal:list', { booking: id })
    expect(journal.items).toEqual([])
  })

  it('an unknown write is settled by hand with a note: who, when and what, in the journal', async () => {
    desk.sandbox.setFaults(COMMIT_THEN_503)
    let outcome
    try {
      outcome = await desk.value('bookings:create', {
        stay: stay(),
        guest: GUEST,
        ownReference: 'SETTLE-1'
      })
    } finally {
      desk.sandbox.setFaults(null)
    }
    if (outcome.outcome !== 'unknown') throw new Error(`expected unknown, got ${outcome.outcome}`)
    const journalEvents = () => desk.events.of('journal:changed').length
    const before = journalEvents()
    const settled = await desk.value('journal:settle', {
      id: outcome.journalId!,
      result: 'done',
      note: 'Found it on the service by its own reference'
    })
    expect(settled).toMatchObject({
      outcome: 'unknown',
      settlement: {
        result: 'done',
        profileName: 'Demo',
        note: 'Found it on the service by its own reference'
      }
    })
    expect(settled.settlement?.by).toBeTruthy()
    expect(journalEvents()).toBe(before + 1)
    const again = await desk.call('journal:settle', {
      id: outcome.journalId!,
      result: 'not-done',
      note: 'second thoughts'
    })
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } })
  })
})
