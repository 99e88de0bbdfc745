import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { WatchList } from '@shared/ipc/bookings.schema'
import type { DataResource } from '@shared/ipc/data-resource.schema'
import { startTeamEvents, type TeamEvents } from '../../../src-main/features/journal/team-events'
import { useHubPlaces } from '../hub/fixture'
import { startTeamHub, type TeamHub } from '../hub/team-fixture'
import type { Desk } from '../main/desk-fixture'
import { openTeamDesk } from './hub-team-desk'

/**
 * Issue 22 part 4, a write at one desk seen at the others: main's team-events poll against a
 * real hub over loopback says a journal row and a kept booking changed after another agent's
 * cancellation, and nothing about what happened before it started listening.
 */

const places = useHubPlaces()

/** Another agent, dino, cancels a booking for its guest through the hub. */
function dinoCancels(t: TeamHub, bookingId: string | undefined) {
  return t.call('dino', 'POST', '/test/v1/booking/guest/cancel', {
    bookingId,
    by: 'guest',
    reason: 'Guest asked',
    message: 'Sorry to see you go',
    salesChannel: 'DEMO'
  })
}

describe("a team profile's events", () => {
  let t: TeamHub
  let events: TeamEvents
  const journal: string[] = []
  const changed: DataResource[][] = []

  beforeAll(async () => {
    t = await startTeamHub(await places.place('embedded'))
    const [before] = t.sandbox.store.demoBookings().filter((b) => b.status === 'confirmed')
    expect((await dinoCancels(t, before.id)).status).toBe(200)
    events = startTeamEvents({
      activeProfile: () => ({ id: 'team', kind: 'test', hubUrl: t.base }),
      token: () => t.tokens.aldo,
      journalChanged: (id) => journal.push(id),
      changed: (resources) => changed.push(resources),
      log: () => undefined,
      waitSeconds: 5
    })
    await events.listening
  })
  afterAll(async () => {
    await events?.stop()
    await t?.close()
  })

  it('says the journal and the kept bookings changed when another agent cancels, and nothing older', async () => {
    expect(journal).toEqual([])
    const [id] = t.sandbox.store.demoBookings().filter((b) => b.status === 'confirmed')
    const cancelled = await dinoCancels(t, id.id)
    expect(cancelled.status).toBe(200)
    const row = cancelled.headers.get('x-staydesk-journal')
    // The state it ends in, not how fast (that is the bench's).
    await vi.waitFor(
      () => {
        expect(journal).toContain(row)
        expect(changed).toContainEqual(['bookings'])
      },
      { timeout: 20_000, interval: 50 }
    )
    expect(new Set(journal)).toEqual(new Set([row]))
  })
})

describe('a desk switching to a team profile', () => {
  let t: TeamHub
  let events: TeamEvents | undefined

  beforeAll(async () => {
    t = await startTeamHub(await places.place('embedded'))
  })
  afterAll(async () => {
    await events?.stop()
    await t?.close()
  })

  it('listens from the switch on, not after its idle pause: a cancellation just after it is heard', async () => {
    let active: { id: string; kind: 'test'; hubUrl?: string } = { id: 'demo', kind: 'test' }
    const journal: string[] = []
    events = startTeamEvents({
      activeProfile: () => active,
      token: () => t.tokens.aldo,
      journalChanged: (id) => journal.push(id),
      changed: () => undefined,
      log: () => undefined,
      waitSeconds: 5,
      // A pause far longer than the test: only the wake can end it.
      idleMs: 600_000
    })
    // Let the loop find no team profile and settle into its pause.
    await new Promise((resolve) => setTimeout(resolve, 100))
    // The switch: the wake comes first, the new active profile is saved just after it.
    events.wake()
    active = { id: 'team', kind: 'test', hubUrl: t.base }
    await events.listening
    const [b] = t.sandbox.store.demoBookings().filter((x) => x.status === 'confirmed')
    const cancelled = await dinoCancels(t, b.id)
    expect(cancelled.status).toBe(200)
    const row = cancelled.headers.get('x-staydesk-journal')
    await vi.waitFor(() => expect(journal).toContain(row), { timeout: 20_000, interval: 50 })
  })
})

describe('the app on a team profile', () => {
  let t: TeamHub
  let desk: Desk

  beforeAll(async () => {
    ;({ t, desk } = await openTeamDesk(await places.place('embedded'), 'test', 'aldo'))
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  it("hears another agent's cancellation: the journal and the bookings change, and the team journal lists it", async () => {
    const [booking] = t.sandbox.store.demoBookings().filter((b) => b.status === 'confirmed')
    // The app starts listening once the team profile is active (its first ask of the events is
    // in the hub's log); a write before that is not news.
    await vi.waitFor(() => expect(t.lines.some((l) => l.includes('/events'))).toBe(true), {
      timeout: 20_000,
      interval: 50
    })
    const cancelled = await dinoCancels(t, booking.id)
    expect(cancelled.status).toBe(200)
    const row = cancelled.headers.get('x-staydesk-journal')
    await vi.waitFor(
      () => {
        expect(desk.events.of('journal:changed')).toContainEqual({ id: row })
        expect(desk.events.of('db:changed')).toContainEqual({ resources: ['bookings'] })
      },
      { timeout: 20_000, interval: 50 }
    )
    const { items } = await desk.value('journal:list', { booking: booking.id })
    expect(items.map((e) => [e.user, e.action, e.outcome])).toEqual([['dino', 'cancel', 'done']])
  })

  it("takes a colleague's cancellation into the copies it keeps: the booking leaves this desk's watch list, without a read of its own", async () => {
    // A booking this desk read that its watch list shows (a payment or an instalment to watch).
    const onWatch = (w: WatchList) =>
      new Set(
        [
          ...w.awaitingPayment,
          ...w.awaitingConfirmation,
          ...w.instalmentsDue.map((d) => d.booking),
          ...w.overdue.map((d) => d.booking)
        ].map((b) => b.id)
      )
    let watched: string | undefined
    for (const b of t.sandbox.store.demoBookings().filter((x) => !/^cancel/.test(x.status))) {
      await desk.value('bookings:open', { id: b.id })
      if (onWatch(await desk.value('bookings:watch', {})).has(b.id)) {
        watched = b.id
        break
      }
    }
    expect(watched, 'a demo booking on the watch list').toBeDefined()
    const reads = () => t.lines.filter((l) => l.includes(`/booking/${watched}`)).length
    const readsBefore = reads()
    const cancelled = await dinoCancels(t, watched)
    expect(cancelled.status).toBe(200)
    await vi.waitFor(
      async () => expect(onWatch(await desk.value('bookings:watch', {}))).not.toContain(watched),
      { timeout: 20_000, interval: 100 }
    )
    // Taken from the event: this desk asked the hub for the booking no more than before.
    expect(reads()).toBe(readsBefore)
  })
})
