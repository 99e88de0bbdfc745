import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createMemoryTokenStore } from '../../../src-main/auth/token-store'
import { createProfileStore } from '../../../src-main/profiles/profile-store'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk, type Ran } from './run-cli'

/** What a file is now: its bytes and modification time, to show nothing touched it. */
function snapshot(file: string): { bytes: string; mtimeMs: number } {
  return { bytes: readFileSync(file).toString('base64'), mtimeMs: statSync(file).mtimeMs }
}

const oneLine = (r: Ran) => expect(r.stderr.trim().split('\n')).toHaveLength(1)

/**
 * `--profile NAME` reads the app's profiles.json and never changes it: the app may be running,
 * and the file is its own.
 */
describe('staydesk --profile reads the saved profiles and changes nothing', () => {
  let sandbox: SandboxHandle

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 25, seed: 5, today: '2026-11-23' })
  }, 120_000)
  afterAll(async () => {
    await sandbox?.close()
  })

  /** A data folder whose profiles.json the app itself wrote: Demo and a "Staging" profile. */
  function appDataDir() {
    const dataDir = tempDir('staydesk-data-')
    const store = createProfileStore(dataDir, {
      demoBaseUrl: () => sandbox.url,
      tokens: createMemoryTokenStore()
    })
    const staging = store.create({
      name: 'Staging',
      kind: 'test',
      baseUrl: sandbox.url,
      salesChannel: 'DEMO'
    })
    const env = { ...process.env, STAYDESK_TOKEN: 'demo-token', STAYDESK_DATA_DIR: dataDir }
    return { dataDir, store, staging, env, file: join(dataDir, 'profiles.json') }
  }

  it("syncs into and reads the profile's own mirror; profiles.json keeps its bytes and mtime", async () => {
    const { dataDir, store, staging, env, file } = appDataDir()
    const before = snapshot(file)
    const expectedMirror = join(dataDir, 'mirrors', `${staging.id}.sqlite`)

    // Before any sync: nothing to read, and no mirrors folder made just to say so.
    const empty = await runStaydesk(['status', '--profile', 'staging'], env)
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain(`no mirror at ${expectedMirror}`)
    expect(existsSync(join(dataDir, 'mirrors'))).toBe(false)

    const synced = await runStaydesk(['--profile', 'Staging', 'sync', '--json'], env)
    expect(synced.code, synced.stderr).toBe(0)
    const status = await runStaydesk(['status', '--profile', 'Staging', '--json'], env)
    expect(status.code, status.stderr).toBe(0)
    const out = JSON.parse(status.stdout)
    // The same file the app opens for this profile.
    expect(out.db).toBe(store.mirrorPath(staging.id))
    expect(out.db).toBe(expectedMirror)
    expect(out.resources.map((r: { records: number }) => r.records)).toEqual([25, 25, 25])

    expect(snapshot(file)).toEqual(before)
    // Beside the profiles and mirrors only the logs folder, where the sync wrote cli.N.log.
    expect(readdirSync(dataDir).sort()).toEqual(['logs', 'mirrors', 'profiles.json'])
    expect(readdirSync(join(dataDir, 'logs')).every((f) => /^cli\.\d+\.log$/.test(f))).toBe(true)
  })

  it('leaves a file without a Demo profile as it is (the app adds one, the command line does not)', async () => {
    const dataDir = tempDir('staydesk-data-')
    const file = join(dataDir, 'profiles.json')
    const at = '2026-11-01T10:00:00.000Z'
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        activeId: 'gone',
        profiles: [
          {
            id: 'p1',
            name: 'Live',
            kind: 'production',
            baseUrl: 'https://api.rentals.example',
            salesChannel: 'LIVE',
            createdAt: at,
            updatedAt: at
          }
        ]
      })
    )
    const before = snapshot(file)
    const env = { ...process.env, STAYDESK_TOKEN: 'demo-token', STAYDESK_DATA_DIR: dataDir }
    const r = await runStaydesk(['status', '--profile', 'Live'], env)
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`no mirror at ${join(dataDir, 'mirrors', 'p1.sqlite')}`)
    const unknown = await runStaydesk(['status', '--profile', 'Demo'], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no profile named "Demo" (have: Live)')
    expect(snapshot(file)).toEqual(before)
    expect(readdirSync(dataDir)).toEqual(['profiles.json'])
  })

  it('says there are no saved profiles when the app has saved none, and creates nothing', async () => {
    const dataDir = join(tempDir('staydesk-data-'), 'StayDesk')
    const env = { ...process.env, STAYDESK_DATA_DIR: dataDir }
    const r = await runStaydesk(['status', '--profile', 'Staging'], env)
    expect(r.code).toBe(2)
    oneLine(r)
    expect(r.stderr).toMatch(
      /--profile: there are no saved profiles .*only the Demo profile, which lives inside the app/
    )
    expect(existsSync(dataDir)).toBe(false)
  })

  it.each([
    ['not JSON', '{"version": 1, "profiles": [', 'not valid JSON'],
    ['a newer format', JSON.stringify({ version: 2, profiles: {} }), 'invalid version'],
    ['an empty file', '', 'not valid JSON']
  ])('reports %s in one line, exit 1, and leaves the file in place', async (_, text, reason) => {
    const { dataDir, env, file } = appDataDir()
    writeFileSync(file, text)
    const before = snapshot(file)
    const r = await runStaydesk(['status', '--profile', 'Staging'], env)
    expect(r.code).toBe(1)
    oneLine(r)
    expect(r.stderr).toContain(`The saved profiles in ${file} could not be read (${reason}`)
    expect(r.stderr).toContain('the command line never changes that file')
    expect(snapshot(file)).toEqual(before)
    // Not moved aside (no profiles.json.corrupt-*), no mirrors folder.
    expect(readdirSync(dataDir)).toEqual(['profiles.json'])
  })

  it('reports a profiles.json that is a folder, and leaves it alone', async () => {
    const dataDir = tempDir('staydesk-data-')
    mkdirSync(join(dataDir, 'profiles.json'))
    const env = { ...process.env, STAYDESK_DATA_DIR: dataDir }
    const r = await runStaydesk(['--profile', 'Staging', 'listings'], env)
    expect(r.code).toBe(1)
    oneLine(r)
    expect(r.stderr).toContain('could not be read (it is a folder, not a file)')
    expect(statSync(join(dataDir, 'profiles.json')).isDirectory()).toBe(true)
    expect(readdirSync(dataDir)).toEqual(['profiles.json'])
  })

  it('the Demo profile still needs a sandbox URL from the command line', async () => {
    const { env, file } = appDataDir()
    const before = snapshot(file)
    const r = await runStaydesk(['booking', 'show', 'SB1', '--profile', 'demo'], env)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('the Demo profile lives inside the app')
    expect(snapshot(file)).toEqual(before)
  })
})
