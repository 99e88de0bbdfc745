import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HUB_UNREACHABLE } from '@shared/hub/words'
import { createMemoryTokenStore } from '../../../src-main/auth/token-store'
import { createProfileStore } from '../../../src-main/profiles/profile-store'
import { tempDir } from '../../helpers/sync-fixtures'
import { useHubPlaces } from '../hub/fixture'
import { startTeamHub, type TeamHub } from '../hub/team-fixture'
import { runStaydesk } from './run-cli'

/**
 * Issue 22: `staydesk --profile NAME` on a profile connected through a team hub goes where the
 * app goes, the hub's environment (<hub>/test/v1/...), with the personal hub token, and says
 * the team hub, not the service, when the hub is out of reach.
 */

const places = useHubPlaces()

describe('staydesk --profile on a team hub profile', () => {
  let t: TeamHub
  let env: NodeJS.ProcessEnv

  beforeAll(async () => {
    t = await startTeamHub(await places.place('embedded'), { catalog: true })
    const dataDir = tempDir('staydesk-data-')
    const store = createProfileStore(dataDir, {
      demoBaseUrl: () => t.base,
      tokens: createMemoryTokenStore()
    })
    store.create({
      name: 'Team',
      kind: 'test',
      connection: 'hub',
      baseUrl: t.base,
      salesChannel: 'DEMO'
    })
    env = { ...process.env, STAYDESK_TOKEN: t.tokens.aldo, STAYDESK_DATA_DIR: dataDir }
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it("syncs the hub's catalog into the profile's mirror, asking the hub, never the service", async () => {
    const serviceBefore = t.proxy.requests.length
    const synced = await runStaydesk(['--profile', 'Team', 'sync', '--json'], env)
    expect(synced.code, synced.stderr).toBe(0)
    expect(t.lines.some((l) => l.includes('/test/v1/listings'))).toBe(true)
    const status = await runStaydesk(['status', '--profile', 'Team', '--json'], env)
    expect(status.code, status.stderr).toBe(0)
    const records = JSON.parse(status.stdout).resources.map((r: { records: number }) => r.records)
    expect(records[0]).toBeGreaterThan(0)
    expect(t.proxy.requests.length).toBe(serviceBefore)
  })

  it('says the team hub cannot be reached when it is stopped', async () => {
    await t.stop()
    const synced = await runStaydesk(['--profile', 'Team', 'sync'], env)
    expect(synced.code).toBe(1)
    expect(synced.stderr).toContain(HUB_UNREACHABLE)
    expect(synced.stderr).not.toMatch(/the service cannot/i)
  })
})
