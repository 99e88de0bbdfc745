import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import { useHubPlaces } from '../hub/fixture'
import type { TeamHub } from '../hub/team-fixture'
import type { Desk } from '../main/desk-fixture'
import { openTeamDesk } from './hub-team-desk'

/**
 * Issue 22, the app's own sync on a team profile (create-app's sync target names the hub): a
 * full sync takes the hub's snapshots, not the service's pages, and ends holding every record
 * the hub holds; the service sees no request of this desk's; with the hub stopped the sync's
 * errors name the team hub, not the service.
 */

const places = useHubPlaces()

describe('the app syncing a team profile', () => {
  let t: TeamHub
  let desk: Desk

  beforeAll(async () => {
    ;({ t, desk } = await openTeamDesk(await places.place('embedded'), 'test', 'aldo', {
      catalog: true
    }))
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  it("takes a full sync from the hub's snapshots and holds every record the hub holds", async () => {
    const serviceBefore = t.proxy.requests.length
    const summary = await desk.value('sync:run', { full: true })
    expect(summary.errors).toEqual([])
    for (const resource of ['listings', 'availability', 'rates']) {
      expect(t.lines.some((l) => l.includes(`/hub/v1/test/snapshot/${resource}`))).toBe(true)
    }
    expect(t.lines.some((l) => /\/test\/v1\/(listings|availability|rates)\?/.test(l))).toBe(false)
    const held = await sql<{ n: string }>`
      SELECT count(*) AS n FROM hub_listing WHERE env = 'test'`.execute(t.hub.db)
    const { total } = await desk.value('listings:search', {})
    expect(total).toBe(Number(held.rows[0].n))
    expect(total).toBeGreaterThan(0)
    // The catalog came from the hub: the service saw nothing of this desk's sync.
    expect(t.proxy.requests.length).toBe(serviceBefore)
    expect((await desk.value('sync:status', {})).via).toBe('hub')
  })

  it('names the team hub, not the service, when the hub cannot be reached', async () => {
    await t.stop()
    const summary = await desk.value('sync:run', {})
    expect(summary.errors.length).toBeGreaterThan(0)
    for (const e of summary.errors) {
      expect(e.message).toContain(HUB_UNREACHABLE)
      expect(e.message).not.toMatch(/the service/i)
    }
  })
})
