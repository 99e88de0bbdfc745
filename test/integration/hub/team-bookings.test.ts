import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import { openTeamDesk } from '../features/hub-team-desk'
import type { Desk } from '../main/desk-fixture'
import { TODAY } from '../sandbox/sandbox-client'
import { useHubPlaces } from './fixture'
import type { TeamHub } from './team-fixture'

/**
 * Issue 22, bookings found through the hub on a desk: an own reference another agent made opens
 * here (this computer's copies never heard of it), and the recent list's search finds the team's
 * kept bookings by guest name, e-mail, id or own reference, each with who kept it and when. With
 * the hub stopped, the copies kept here still list, with a line saying why the team's can't.
 * A real hub over loopback; the other agent (dino) works through the hub directly.
 */

const places = useHubPlaces()

describe("a team profile's bookings", () => {
  let t: TeamHub
  let desk: Desk
  let made: { bookingId: string; ownReference: string }
  let readByVera: { id: string; email: string; last: string }

  beforeAll(async () => {
    ;({ t, desk } = await openTeamDesk(await places.place('embedded'), 'test'))

    const store = t.sandbox.store
    const stay = store
      .listingIds()
      .filter((id) => store.listing(id)?.bookingType !== 'onRequest')
      .map((listingId) => ({
        listingId,
        from: addDays(TODAY, 70),
        to: addDays(TODAY, 73),
        adults: 2
      }))
      .find((s) => !('reasons' in store.quote(s)))!
    const answer = await t.call('dino', 'POST', '/test/v1/booking', {
      ...stay,
      guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@example.com' },
      ownReference: 'DINO-REF-42'
    })
    expect(answer.status).toBe(200)
    made = { bookingId: answer.body.bookingId as string, ownReference: 'DINO-REF-42' }

    const [demo] = store.demoBookings()
    const truth = store.readBooking(demo.id, 'DEMO')
    readByVera = { id: demo.id, email: truth.guest!.email!, last: truth.guest!.lastName! }
    expect((await t.call('vera', 'GET', `/test/v1/booking/${demo.id}/DEMO`)).status).toBe(200)
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  it('opens by its own reference, typed in any case, a booking another agent made', async () => {
    const opened = await desk.value('bookings:open', { reference: 'dino-ref-42' })
    expect(opened.source).toBe('live')
    expect(opened.booking.id).toBe(made.bookingId)
    expect(opened.booking.guest?.lastName).toBe('Lovelace')
    expect(t.sandbox.store.readBooking(made.bookingId, 'DEMO').id).toBe(made.bookingId)
  })

  it("finds the team's kept bookings by guest name, e-mail, id and own reference, saying who kept each", async () => {
    const search = async (text: string) => desk.value('bookings:recent', { search: text })
    const byName = await search('lovel')
    expect(byName.source).toBe('team')
    expect(byName.items).toContainEqual(
      expect.objectContaining({
        id: made.bookingId,
        guestName: 'Ada Lovelace',
        ownReference: made.ownReference,
        keptBy: expect.stringMatching(/^(dino|aldo)$/),
        keptAt: expect.any(Number)
      })
    )
    expect((await search('ada.lovelace@')).items.map((b) => b.id)).toEqual([made.bookingId])
    expect((await search('dino-ref')).items.map((b) => b.id)).toEqual([made.bookingId])

    const vera = await search(readByVera.email.slice(0, 6).toUpperCase())
    expect(vera.items).toContainEqual(
      expect.objectContaining({ id: readByVera.id, keptBy: 'vera' })
    )
    const byId = await search(readByVera.id)
    expect([byId.total, byId.items.map((b) => [b.id, b.keptBy])]).toEqual([
      1,
      [[readByVera.id, 'vera']]
    ])
    // This computer never read vera's booking: only the team's list holds it.
    const mine = await desk.value('bookings:recent', { guest: readByVera.last })
    expect(mine.items.map((b) => b.id)).not.toContain(readByVera.id)
  })

  it("narrows the team's matches by status and stay dates", async () => {
    const status = t.sandbox.store.readBooking(made.bookingId, 'DEMO').status
    const same = await desk.value('bookings:recent', { search: 'ada', status })
    expect(same.items.map((b) => b.id)).toContain(made.bookingId)
    const other = await desk.value('bookings:recent', { search: 'ada', status: 'cancelled' })
    expect(other.items.map((b) => b.id)).not.toContain(made.bookingId)
    const away = await desk.value('bookings:recent', { search: 'ada', to: TODAY })
    expect(away.items.map((b) => b.id)).not.toContain(made.bookingId)
  })

  it("lists this computer's copies when the hub stops, saying the team's list can't be read", async () => {
    await t.stop()
    const result = await desk.call('bookings:recent', { search: 'lovel' })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value.source).toBe('local')
    expect(result.value.note).toMatch(new RegExp(`^${HUB_UNREACHABLE}, so the team's bookings`))
    // Opened above, so kept here: the local copy still lists.
    expect(result.value.items.map((b) => b.id)).toEqual([made.bookingId])
    expect(desk.crashes).toEqual([])
  })
})
