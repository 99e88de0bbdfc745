import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { parse } from 'csv-parse/sync'
import { openDesk, type Desk } from '../main/desk-fixture'
import { HUB_DATABASES, useHubPlaces } from './fixture'
import { startTeamHub, type TeamHub } from './team-fixture'

/**
 * Issue 22, the team journal on a desk: a team of more than 1,000 writes is paged through the
 * hub with its true count (the desk once read one hub page of 1,000 and cut it), and the CSV
 * export of a team profile is the team's journal with who sent each write, not this computer's.
 * A real hub over loopback on each database; one write by another agent goes through the hub,
 * the other 1,200 are put straight into its database (a write each would take minutes).
 */

const places = useHubPlaces()
const MANY = 1200

describe.each(HUB_DATABASES)('a team journal of more than 1,000 writes (%s)', (kind) => {
  let t: TeamHub
  let desk: Desk
  let dinos: string
  const saved: string[] = []

  beforeAll(async () => {
    t = await startTeamHub(await places.place(kind))
    desk = await openDesk({
      deps: {
        files: {
          save: async ({ suggestedName, contents }) => {
            saved.push(String(contents))
            return `/chosen/${suggestedName}`
          },
          printToPdf: async () => new Uint8Array()
        }
      }
    })
    const profile = await desk.value('profiles:create', {
      profile: {
        name: 'Team',
        kind: 'test',
        connection: 'hub',
        baseUrl: t.base,
        salesChannel: 'DEMO'
      },
      token: t.tokens.aldo
    })
    await desk.value('profiles:activate', { id: profile.id })

    dinos = t.sandbox.store.demoBookings().find((b) => b.status === 'confirmed')!.id
    const byDino = await t.call('dino', 'POST', '/test/v1/booking/guest/cancel', {
      bookingId: dinos,
      reason: 'Guest asked',
      message: 'Sorry to see you go',
      salesChannel: 'DEMO'
    })
    expect(byDino.status).toBe(200)

    const mara = await t.hub.db
      .selectFrom('hub_user')
      .select('id')
      .where('name', '=', 'mara')
      .executeTakeFirstOrThrow()
    await t.hub.db
      .insertInto('hub_journal')
      .values(
        Array.from({ length: MANY }, (_, i) => ({
          env: 'test',
          user_id: mara.id,
          action: 'reference' as const,
          target: `listing:${i + 1}`,
          listing_id: i + 1,
          request: JSON.stringify({ ownReference: `REF-${i + 1}` }),
          answered_at: new Date(),
          status: 200,
          outcome: 'done' as const,
          seq: sql<number>`nextval('hub_event_seq')`
        }))
      )
      .execute()
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  it('says the true count and pages through every write, the oldest on the last page', async () => {
    const first = await desk.value('journal:list', { limit: 25 })
    expect(first.total).toBe(MANY + 1)
    const last = await desk.value('journal:list', { limit: 25, offset: MANY })
    expect(last.total).toBe(MANY + 1)
    expect(last.items.map((e) => [e.user, e.bookingId])).toEqual([['dino', dinos]])

    const ids: string[] = []
    for (let offset = 0; offset < MANY + 1; offset += 500) {
      ids.push(...(await desk.value('journal:list', { limit: 500, offset })).items.map((e) => e.id))
    }
    expect(new Set(ids).size).toBe(MANY + 1)
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => b - a))
  })

  it('counts and pages a filtered journal the same way', async () => {
    const maras = await desk.value('journal:list', { user: 'mara', limit: 10, offset: 1195 })
    expect(maras.total).toBe(MANY)
    expect(maras.items.map((e) => e.listingId)).toEqual([5, 4, 3, 2, 1])
    const dino = await desk.value('journal:list', { user: 'DINO' })
    expect([dino.total, dino.items.length]).toEqual([1, 1])
  })

  it("exports the team's journal, every write with who sent it", async () => {
    const all = await desk.value('journal:export', {})
    expect(all.file).toMatch(/StayDesk journal .*\.csv$/)
    const rows = parse(saved.at(-1)!.replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[]
    expect(rows).toHaveLength(MANY + 1)
    expect(rows.filter((r) => r.By === 'mara')).toHaveLength(MANY)
    expect(rows.at(-1)).toMatchObject({
      By: 'dino',
      Action: 'cancel',
      Outcome: 'done',
      'Booking id': dinos
    })

    await desk.value('journal:export', { user: 'dino' })
    const dinoRows = parse(saved.at(-1)!.replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[]
    expect(dinoRows.map((r) => [r.By, r['Booking id']])).toEqual([['dino', dinos]])
    expect(JSON.parse(dinoRows[0]['Sent (JSON)'])).toMatchObject({ reason: 'Guest asked' })
  })
})
