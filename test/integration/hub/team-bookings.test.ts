import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import { openTeamDesk } from '../features/hub-team-desk'
import type { Desk } from '../main/desk-fixture'
import { TODAY } from '../sandbox/sandbox-client'
import { HUB_DATABASES, useHubPlaces } from './fixture'
import type { TeamHub } from './team-fixture'

/**
 * Issue 22, bookings found through the hub on a desk: an own reference another agent made opens
 * here (this computer's copies never heard of it), and the recent list's search finds the team's
 * kept bookings by guest name, e-mail, id or own reference, each with who kept it and when, and
 * with its listing from this desk's mirror when the hub knows none (a booking another agent
 * read). With the hub stopped, the copies kept here still list and are searched the same way,
 * with a line saying why the team's can't. A real hub over loopback, on PGlite and on
 * PostgreSQL; the other agent (dino) works through the hub directly.
 */

const places = useHubPlaces()

describe.each(HUB_DATABASES)("a team profile's bookings (%s)", (kind) => {
  let t: TeamHub
  let desk: Desk
  let made: { bookingId: string; ownReference: string }
  let readByVera: { id: string; email: string; last: string }
  let listingOfVeras: number

  beforeAll(async () => {
    ;({ t, desk } = await openTeamDesk(await places.place(kind), 'test', 'aldo', {
      catalog: true
    }))
    // This desk's mirror holds the catalog: a booking's listing is found in it.
    expect((await desk.value('sync:run', { full: true })).errors).toEqual([])

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

    // A demo booking at a listing no other listing shares the position of: the desk tells
    // flats in one building apart by no other means, and shows no listing for them.
    const position = (id: number) => {
      const location = store.listing(id)?.location
      return `${location?.latitude},${location?.longitude}`
    }
    const positions = store.listingIds().map(position)
    const alone = (id: number) => positions.filter((p) => p === position(id)).length === 1
    const demo = store.demoBookings().find((b) => alone(b.listingId))!
    listingOfVeras = demo.listingId
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

  it("shows the listing of a booking another agent read, from this desk's mirror, and filters by it", async () => {
    // The service's read names no listing, so the hub keeps none for vera's booking.
    const { items } = await desk.value('listings:search', { limit: 500 })
    const name = items.find((l) => l.id === listingOfVeras)!.name
    const byId = await desk.value('bookings:recent', { search: readByVera.id })
    expect(byId.items).toEqual([
      expect.objectContaining({
        id: readByVera.id,
        keptBy: 'vera',
        listingId: listingOfVeras,
        listingName: name
      })
    ])
    const ids = async (listing: string) =>
      (await desk.value('bookings:recent', { search: readByVera.id, listing })).items.map(
        (b) => b.id
      )
    expect(await ids(String(listingOfVeras))).toEqual([readByVera.id])
    expect(await ids(name.slice(0, 4).toLowerCase())).toEqual([readByVera.id])
    expect(await ids(String(listingOfVeras + 1))).toEqual([])
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
    // Its id and e-mail find it too, as the box says, and the line says what was searched.
    for (const text of [made.bookingId.toLowerCase(), 'ADA.LOVELACE@']) {
      const found = await desk.value('bookings:recent', { search: text })
      expect([found.source, found.items.map((b) => b.id)]).toEqual(['local', [made.bookingId]])
      expect(found.note).toContain('whose id, own reference, guest name or e-mail starts with')
    }
    expect((await desk.value('bookings:recent', { search: 'ada.lovelace@x' })).items).toEqual([])
    expect(desk.crashes).toEqual([])
  })
})
