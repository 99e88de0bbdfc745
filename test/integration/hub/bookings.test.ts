import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingDetails } from '@shared/api'
import { addDays } from '@shared/domain/dates'
import { TODAY, TOKEN } from '../sandbox/sandbox-client'
import { keepBooking } from '../../../src-hub/bookings/kept'
import { nextSeq } from '../../../src-hub/events/seq'
import { HUB_DATABASES, useHubPlaces } from './fixture'
import { startTeamHub, type TeamHub } from './team-fixture'

/**
 * Issue 22 part 3: bookings kept for the team and the team's events. What one desk read or
 * wrote through the hub, another finds by id, own reference, guest name or e-mail, and sees in
 * its event poll.
 */

const places = useHubPlaces()

describe.each(HUB_DATABASES)('kept bookings and team events (%s)', (kind) => {
  let t: TeamHub

  beforeAll(async () => {
    t = await startTeamHub(await places.place(kind))
  })
  afterAll(async () => t?.close())

  const search = async (q: string) =>
    (await t.call('dino', 'GET', `/hub/v1/test/bookings?q=${encodeURIComponent(q)}`)).body

  it('keeps a booking a viewer read, found by another agent by guest name, e-mail or id prefix', async () => {
    const [demo] = t.sandbox.store.demoBookings()
    const truth = t.sandbox.store.readBooking(demo.id, 'DEMO')
    const first = truth.guest!.firstName!
    const last = truth.guest!.lastName!
    const email = truth.guest!.email!
    expect(await search(last)).toMatchObject({ total: 0 })
    const read = await t.call('vera', 'GET', `/test/v1/booking/${demo.id}/DEMO`)
    expect(read).toMatchObject({ status: 200, body: { id: demo.id } })
    for (const q of [
      last.slice(0, 3).toUpperCase(),
      first.toLowerCase(),
      email.slice(0, 4),
      demo.id.slice(0, 6).toLowerCase()
    ]) {
      const found = await search(q)
      expect(found.items).toContainEqual(
        expect.objectContaining({
          bookingId: demo.id,
          guestName: `${first} ${last}`,
          guestEmail: email,
          keptBy: 'vera',
          status: truth.status
        })
      )
    }
    expect(await search('zzzz-nobody')).toMatchObject({ total: 0, items: [] })
    expect((await t.call('vera', 'GET', '/hub/v1/test/bookings')).status).toBe(400)
  })

  it('keeps a booking made through the hub under its own reference, and another desk sees the write in its event poll', async () => {
    const stay = t.sandbox.store
      .listingIds()
      .filter((id) => t.sandbox.store.listing(id)?.bookingType !== 'onRequest')
      .map((listingId) => ({
        listingId,
        from: addDays(TODAY, 60),
        to: addDays(TODAY, 64),
        adults: 2
      }))
      .find((s) => !('reasons' in t.sandbox.store.quote(s)))!
    const { listingId } = stay
    const start = await t.call('vera', 'GET', '/hub/v1/test/events?since=0')
    const since = start.body.next as number

    const made = await t.call('aldo', 'POST', '/test/v1/booking', {
      ...stay,
      guest: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
      ownReference: `TEAM-${kind}-7`
    })
    expect(made.status).toBe(200)
    const bookingId = made.body.bookingId as string

    // vera's desk, another token, long-polls from where it was.
    const seen: Record<string, unknown>[] = []
    let next = since
    await expect
      .poll(
        async () => {
          const poll = await t.call('vera', 'GET', `/hub/v1/test/events?since=${next}&wait=2`)
          seen.push(...(poll.body.events as Record<string, unknown>[]))
          next = poll.body.next as number
          return seen.some((e) => e.kind === 'booking')
        },
        { timeout: 5000 }
      )
      .toBe(true)
    expect(seen).toContainEqual(
      expect.objectContaining({
        kind: 'journal',
        entry: expect.objectContaining({
          user: 'aldo',
          action: 'create',
          outcome: 'done',
          bookingId
        })
      })
    )
    expect(seen).toContainEqual(
      expect.objectContaining({
        kind: 'booking',
        booking: expect.objectContaining({ bookingId, ownReference: `TEAM-${kind}-7`, listingId })
      })
    )
    const seqs = seen.map((e) => e.seq as number)
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    expect(seqs.every((s) => s > since)).toBe(true)

    expect((await search(`team-${kind}`)).items).toMatchObject([{ bookingId }])
    expect((await search('grace@ex')).items).toMatchObject([{ bookingId }])
    const writes = await t.call('vera', 'GET', `/hub/v1/test/bookings/TEAM-${kind}-7/writes`)
    expect(writes.body).toMatchObject({
      bookingId,
      items: [{ action: 'create', user: 'aldo', ownReference: `TEAM-${kind}-7` }]
    })
    const mine = await t.call('vera', 'GET', '/hub/v1/test/journal?user=ALDO&action=create')
    expect(mine.body.items).toMatchObject([{ user: 'aldo', bookingId }])
    expect((await t.call('vera', 'GET', '/hub/v1/test/journal?user=vera')).body.items).toEqual([])
  })

  it('makes a booking read again unchanged no team event, and a booking changed at the service one', async () => {
    const [, , third] = t.sandbox.store
      .demoBookings()
      .filter((b) => b.status === 'confirmed')
      .map((b) => b.id)
    const read = async () =>
      expect((await t.call('vera', 'GET', `/test/v1/booking/${third}/DEMO`)).status).toBe(200)
    const bookingEvents = async (since: number) => {
      const poll = await t.call('dino', 'GET', `/hub/v1/test/events?since=${since}`)
      const events = (poll.body.events as { kind: string; booking?: Record<string, unknown> }[])
        .filter((e) => e.kind === 'booking')
        .map((e) => e.booking)
      return { events, next: poll.body.next as number }
    }
    const start = (await bookingEvents(0)).next
    await read()
    const first = await bookingEvents(start)
    expect(first.events).toMatchObject([{ bookingId: third, status: 'confirmed' }])

    await read()
    await read()
    expect((await bookingEvents(first.next)).events).toEqual([])
    // Who read it last is still recorded: dino's search shows vera's read.
    expect((await search(third)).items).toMatchObject([{ bookingId: third, keptBy: 'vera' }])

    // Cancelled at the service behind the hub's back: the next read is news for every desk.
    const cancelled = await fetch(`${t.sandbox.url}/v1/booking/guest/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId: third, reason: 'Guest asked', message: 'Plans changed' })
    })
    expect(cancelled.status).toBe(200)
    const now = t.sandbox.store.readBooking(third, 'DEMO').status
    expect(now).not.toBe('confirmed')
    await read()
    expect((await bookingEvents(first.next)).events).toMatchObject([
      { bookingId: third, status: now }
    ])
  })
})

describe('a booking read while the team event order is busy (postgres)', () => {
  let t: TeamHub

  beforeAll(async () => {
    t = await startTeamHub(await places.place('postgres'))
  })
  afterAll(async () => t?.close())

  // Every change of the team's record queues on one lock (events/seq.ts). A write whose journal
  // row holds it, here another connection's transaction on the same server, must not hold up a
  // desk's booking read: the desk gets its booking, and the team's copy follows the lock.
  it('answers the desk at once and keeps the booking once the lock is free', async () => {
    const demo = t.sandbox.store.demoBookings()
    const id = demo[demo.length - 1].id
    const read = await t.hub.db.transaction().execute(async (trx) => {
      await nextSeq(trx)
      return t.call('vera', 'GET', `/test/v1/booking/${id}/DEMO`)
    })
    expect(read).toMatchObject({ status: 200, body: { id } })
    const found = await t.call('dino', 'GET', `/hub/v1/test/bookings?q=${id}`)
    expect(found.body.items).toMatchObject([{ bookingId: id, keptBy: 'vera' }])
  })

  // Another hub process on the same server has no way to tell this one's waiting polls: they
  // learn of its changes from the newest event number, read once a second for all of them.
  it('wakes a waiting event poll with a booking kept through another connection', async () => {
    const start = await t.call('vera', 'GET', '/hub/v1/test/events?since=0')
    const since = start.body.next as number
    const poll = t.call('vera', 'GET', `/hub/v1/test/events?since=${since}&wait=20`)
    const other = await t.place.open()
    try {
      const [demo] = t.sandbox.store.demoBookings()
      const details = BookingDetails.parse(t.sandbox.store.readBooking(demo.id, 'DEMO'))
      const vera = await other.db
        .selectFrom('hub_user')
        .select('id')
        .where('name', '=', 'vera')
        .executeTakeFirstOrThrow()
      await keepBooking(other.db, { env: 'test', bookingId: demo.id, by: vera.id, details })
      expect((await poll).body.events).toMatchObject([
        { kind: 'booking', booking: { bookingId: demo.id, keptBy: 'vera' } }
      ])
    } finally {
      await other.close()
    }
  })
})
