import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import { TODAY } from '../sandbox/sandbox-client'
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
})
