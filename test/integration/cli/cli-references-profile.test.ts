import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createMemoryTokenStore } from '../../../src-main/auth/token-store'
import { APP_JOURNAL_FILE } from '../../../src-main/journal'
import { createProfileStore } from '../../../src-main/profiles/profile-store'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { recordingProxy, type RecordingProxy } from '../main/app-fixtures'
import { runStaydesk } from './run-cli'

/**
 * `references import --profile NAME` on a production profile: the number of rows to send must
 * be typed again with --confirm, as the app's dialog asks; without it nothing is sent and
 * nothing is journaled. With it, the write joins the app's own journal as that profile.
 */
describe('staydesk references import on a production profile', () => {
  let sandbox: SandboxHandle
  let proxy: RecordingProxy
  let env: NodeJS.ProcessEnv
  let dataDir: string
  let csv: string
  let ids: readonly number[]
  const cli = (...args: string[]) => runStaydesk([...args, '--profile', 'Live'], env)

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 20, seed: 10, log: () => undefined })
    proxy = await recordingProxy(sandbox.url)
    dataDir = tempDir('staydesk-data-')
    const store = createProfileStore(dataDir, {
      demoBaseUrl: () => sandbox.url,
      tokens: createMemoryTokenStore()
    })
    store.create({ name: 'Live', kind: 'production', baseUrl: proxy.url, salesChannel: 'DEMO' })
    env = { ...process.env, STAYDESK_TOKEN: 'demo-token', STAYDESK_DATA_DIR: dataDir }
    ids = sandbox.store.listingIds()
    csv = join(tempDir('staydesk-cli-references-'), 'live.csv')
    writeFileSync(
      csv,
      ['listingId,reference', `${ids[0]},LIVE-0`, `${ids[1]},LIVE-1`, '999999,GHOST'].join('\n')
    )
    const synced = await cli('sync')
    expect(synced.code, synced.stderr).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await proxy?.close()
    await sandbox?.close()
  })

  const writes = () => proxy.requests.filter((r) => r.startsWith('PATCH ')).length

  it('without --confirm naming the rows to send, nothing is sent or journaled', async () => {
    const dry = await cli('references', 'import', csv, '--dry-run')
    expect(dry.code).toBe(1)
    expect(dry.stdout).toContain(
      'Profile "Live" is a production profile: the import needs --confirm 2.'
    )

    const missing = await cli('references', 'import', csv)
    expect(missing.code).toBe(2)
    expect(missing.stderr.trim()).toBe(
      'staydesk: --confirm 2 is required: profile "Live" is a production profile and works ' +
        'on live data; 2 rows would be sent'
    )
    // The diff is printed first, so the person sees which rows they are confirming.
    expect(missing.stdout).toContain('3 rows in')

    const wrong = await cli('references', 'import', csv, '--confirm', '3')
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('--confirm 2 is required')
    expect(writes()).toBe(0)
    expect(sandbox.store.referencesOf('DEMO').size).toBe(0)
    expect(existsSync(join(dataDir, APP_JOURNAL_FILE))).toBe(false)
  }, 180_000)

  it('with --confirm 2 the two good rows are sent, journaled as the profile', async () => {
    const done = await cli('references', 'import', csv, '--confirm', '2')
    expect(done.code, done.stderr).toBe(0)
    expect(writes()).toBe(1)
    expect(sandbox.store.referencesOf('DEMO')).toEqual(
      new Map([
        [ids[0], { reference: 'LIVE-0' }],
        [ids[1], { reference: 'LIVE-1' }]
      ])
    )
    const audit = await cli('audit', '--action', 'references', '--json')
    expect(audit.code, audit.stderr).toBe(0)
    expect(JSON.parse(audit.stdout).items).toMatchObject([
      { profileName: 'Live', profileKind: 'production', outcome: 'done' }
    ])
  }, 120_000)
})
