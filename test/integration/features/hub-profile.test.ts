import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createProfileStore } from '../../../src-main/profiles/profile-store'
import { createMemoryTokenStore } from '../../../src-main/auth/token-store'
import { useHubPlaces } from '../hub/fixture'
import { startTeamHub, type TeamHub } from '../hub/team-fixture'
import { tempDataDir } from '../main/app-fixtures'
import { openDesk, type Desk } from '../main/desk-fixture'

/**
 * Issue 22 part 4, the profile: a test or production profile connects to the service directly
 * or through a team hub (real hub over loopback, the desk's real profile commands).
 */

const places = useHubPlaces()

describe('a team hub profile', () => {
  let t: TeamHub
  let desk: Desk

  beforeAll(async () => {
    t = await startTeamHub(await places.place('embedded'))
    desk = await openDesk()
  })
  afterAll(async () => {
    await desk?.close()
    await t?.close()
  })

  const teamProfile = (name: string, kind: 'test' | 'production' = 'test') => ({
    name,
    kind,
    connection: 'hub' as const,
    baseUrl: `${t.base}/`,
    salesChannel: 'DEMO'
  })

  it("reaches the service's interface under the hub's environment prefix", async () => {
    const test = await desk.value('profiles:create', { profile: teamProfile('Team test') })
    const prod = await desk.value('profiles:create', {
      profile: teamProfile('Team live', 'production')
    })
    expect(test.hubUrl).toBe(t.base)
    expect(test.baseUrl).toBe(`${t.base}/test`)
    expect(prod.baseUrl).toBe(`${t.base}/production`)
  })

  it('says who the hub token signs in as, and keeps the role for the window', async () => {
    const created = await desk.value('profiles:create', {
      profile: teamProfile('Team aldo'),
      token: t.tokens.aldo
    })
    const verdict = await desk.value('profiles:test-connection', { id: created.id })
    expect(verdict).toMatchObject({
      ok: true,
      verdict: 'Signed in to the team hub as aldo (agent).'
    })
    const { profiles } = await desk.value('profiles:list', {})
    expect(profiles.find((p) => p.id === created.id)).toMatchObject({
      hubUser: 'aldo',
      hubRole: 'agent'
    })
  })

  it("learns the role of an activated team profile from the hub, for the window's greying", async () => {
    const created = await desk.value('profiles:create', {
      profile: teamProfile('Team vera'),
      token: t.tokens.vera
    })
    await desk.value('profiles:activate', { id: created.id })
    // Asked in the background after the switch: the state it ends in, not how fast.
    await vi.waitFor(
      async () => {
        const { profiles } = await desk.value('profiles:list', {})
        expect(profiles.find((p) => p.id === created.id)).toMatchObject({
          hubUser: 'vera',
          hubRole: 'viewer'
        })
      },
      { timeout: 20_000, interval: 50 }
    )
    expect(desk.events.of('profiles:changed').length).toBeGreaterThan(0)
  })

  it('says the hub did not accept a token it does not know (401)', async () => {
    const created = await desk.value('profiles:create', {
      profile: teamProfile('Team stranger'),
      token: 'sdh_999_not-a-token-the-hub-made'
    })
    const verdict = await desk.value('profiles:test-connection', { id: created.id })
    expect(verdict.ok).toBe(false)
    expect(verdict.code).toBe('unauthorized')
    expect(verdict.verdict).toMatch(/^The team hub did not accept this hub token \(401\)/)
  })

  it('keeps its connection: an edit to the service directly is refused on that field', async () => {
    const created = await desk.value('profiles:create', { profile: teamProfile('Team fixed') })
    const edited = await desk.call('profiles:update', {
      id: created.id,
      profile: { ...teamProfile('Team fixed'), connection: 'service' }
    })
    expect(edited.ok).toBe(false)
    if (!edited.ok) {
      expect(edited.error.code).toBe('conflict')
      expect(edited.error.message).toMatch(/^Connection: /)
    }
  })
})

describe('profiles files from before team hubs', () => {
  it('load, their profiles connecting to the service directly', () => {
    const data = tempDataDir()
    try {
      const at = '2026-11-01T10:00:00.000Z'
      const old = {
        id: 'old-1',
        name: 'Staging',
        kind: 'test',
        baseUrl: 'https://staging.example.com/api',
        salesChannel: 'STG1',
        createdAt: at,
        updatedAt: at
      }
      mkdirSync(data.dir, { recursive: true })
      writeFileSync(
        join(data.dir, 'profiles.json'),
        JSON.stringify({ version: 1, activeId: 'old-1', profiles: [old] })
      )
      const store = createProfileStore(data.dir, {
        demoBaseUrl: () => 'http://127.0.0.1:9',
        tokens: createMemoryTokenStore()
      })
      expect(store.startupIssue()).toBeUndefined()
      const loaded = store.get('old-1')
      expect(loaded?.baseUrl).toBe('https://staging.example.com/api')
      expect(loaded?.hubUrl).toBeUndefined()
    } finally {
      data.remove()
    }
  })
})
