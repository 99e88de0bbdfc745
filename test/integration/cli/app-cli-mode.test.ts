import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import type { Ran } from './run-cli'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../../..')
const TODAY = '2026-11-23'

/**
 * The installed app answers `staydesk` commands without opening a window: the launchers in
 * build/cli run `StayDesk --cli ARGS`, and the app's main process (src-main/index.ts) hands them
 * to the command line before it takes the single-instance lock or makes a window. Electron's
 * binary can't be downloaded here, so the built main bundle runs under Node with a stand-in for
 * Electron's own module (fake-electron.mjs) that throws if anything of the window's path is used.
 */
describe('the app as the command line (StayDesk --cli)', () => {
  let out: string
  let sandbox: SandboxHandle
  let env: NodeJS.ProcessEnv

  async function app(...args: string[]): Promise<Ran> {
    const argv = ['--import', join(import.meta.dirname, 'fake-electron.mjs')]
    argv.push(join(out, 'main', 'index.js'), '--cli', ...args)
    try {
      const { stdout, stderr } = await run(process.execPath, argv, { env })
      return { code: 0, stdout, stderr }
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string }
      return { code: e.code, stdout: e.stdout, stderr: e.stderr }
    }
  }

  beforeAll(async () => {
    // The main bundle as `npm run dist` packs it, built outside the repository; its packages
    // resolve through a node_modules link, as they do from the app's asar.
    out = mkdtempSync(join(tmpdir(), 'staydesk-app-cli-'))
    symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir')
    const npx = join(root, 'node_modules', '.bin', 'electron-vite')
    await run(npx, ['build', '--outDir', out, '--logLevel', 'error'], { cwd: root })
    sandbox = await startSandbox({ listings: 40, seed: 3, today: TODAY })
    env = {
      ...process.env,
      FAKE_ELECTRON_APP_PATH: out,
      STAYDESK_TOKEN: 'demo-token',
      STAYDESK_DATA_DIR: tempDir('staydesk-app-cli-data-')
    }
  }, 180_000)
  afterAll(async () => {
    await sandbox?.close()
    if (out) rmSync(out, { recursive: true, force: true })
  })

  it('answers --version and a command’s --help, and exits with the command’s code', async () => {
    const version = await app('--version')
    expect(version.code, version.stderr).toBe(0)
    expect(version.stdout).toMatch(/^staydesk 0\.\d+\.\d+/)
    const help = await app('listings', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/^usage: staydesk listings /)
    // The window's path was never taken: no lock, no ready, no menu.
    expect(version.stderr + help.stderr).not.toMatch(/touched Electron/)
  })

  it('syncs from the service and reads the mirror, with no window', async () => {
    const db = join(tempDir('staydesk-app-cli-mirror-'), 'mirror.sqlite')
    const synced = await app('sync', '--base-url', sandbox.url, '--db', db, '--json')
    expect(synced.code, synced.stderr).toBe(0)
    expect(JSON.parse(synced.stdout).ok).toBe(true)
    const listings = await app('listings', '--db', db, '--json', '--limit', '100')
    expect(listings.code, listings.stderr).toBe(0)
    expect(JSON.parse(listings.stdout).total).toBe(40)
    expect(synced.stderr + listings.stderr).not.toMatch(/touched Electron/)
  })

  it('fails like the command line does: 1 for a missing mirror, 2 for a usage error', async () => {
    const missing = await app('status', '--db', join(tempDir('staydesk-none-'), 'none.sqlite'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/no mirror at .*none\.sqlite/)
    const usage = await app('bookings', '--status', 'nonsense', '--db', 'x.sqlite')
    expect(usage.code).toBe(2)
  })
})
