import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useHubPlaces } from '../hub/fixture'
import type { TeamHub } from '../hub/team-fixture'
import type { Desk } from '../main/desk-fixture'
import { openTeamDesk } from './hub-team-desk'

/**
 * Issue 22 part 4, the team journal: on a team profile the desk's Journal screen and booking
 * page (journal:list) read the hub's shared journal, naming who sent each write, and a write is
 * settled at the hub. A real hub over loopback; another agent writes through the hub directly.
 */

const places = useHubPlaces()

describe("a team profile's journal", () => {
  let t: TeamHub
  let desk: Desk
  let dinos: string

  beforeAll(async () => {
    ;({ t, desk } = await openTeamDesk(await places.place('embedded'), 'test'))
    const [first, second] = t.sandbox.store
      .demoBookings()
      .filter((b) => b.status === 'confirmed')
      .map((b) => b.id)
    dinos = first
    const cancel = (id: string) => ({
      bookingId: id,
      by: 'guest' as const,
      reason: 'Guest asked',
      message: 'Sorry to see you go'
    })
    const byDino = await t.call('dino', 'POST', '/test/v1/booking/guest/cancel', {
      ...cancel(first),
      salesChannel: 'DEMO'
    })
    expect(byDino.status).toBe(200)
    expect((await desk.value('bookings:cancel', cancel(second))).outcome).toBe('done')
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  it("lists the other agent's write beside this one's, each with who sent it", async () => {
    const { total, items } = await desk.value('journal:list', {})
    expect(total).toBe(2)
    expect(items.map((e) => [e.user, e.action, e.outcome])).toEqual([
      ['aldo', 'cancel', 'done'],
      ['dino', 'cancel', 'done']
    ])
  })

  it('filters by person', async () => {
    const { items } = await desk.value('journal:list', { user: 'dino' })
    expect(items.map((e) => [e.user, e.bookingId])).toEqual([['dino', dinos]])
  })

  it("lists on a booking's page the writes anyone made on it", async () => {
    const { items } = await desk.value('journal:list', { booking: dinos })
    expect(items.map((e) => e.user)).toEqual(['dino'])
    // Who the cancellation was for is in the hub's path, and kept with what was sent: the
    // booking page's "Asked by" reads it there.
    expect(items[0].sent).toMatchObject({ cancelledBy: 'guest', reason: 'Guest asked' })
  })

  it('settles at the hub, which refuses a write that was done with its own sentence', async () => {
    const [row] = (await desk.value('journal:list', { user: 'dino' })).items
    const settled = await desk.call('journal:settle', {
      id: row.id,
      result: 'done',
      note: 'Checked with the guest'
    })
    expect(settled.ok).toBe(false)
    if (!settled.ok) expect(settled.error.message).toMatch(/is done, not unknown/)
  })
})
