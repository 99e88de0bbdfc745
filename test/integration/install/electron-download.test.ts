import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cleanEnv,
  electronFiles,
  electronVersion,
  runTo,
  standInElectron,
  startMirror,
  tempProject,
  type Mirror
} from './fixture'

/**
 * The first step of `npm start`: Electron's binary, which Electron 45 no longer downloads at
 * install time. In a temporary copy of the project (electron's package copied: the download
 * writes dist/ and path.txt beside it), against a local mirror.
 */
let dir: string
let mirror: Mirror

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'staydesk-electron-'))
  tempProject(dir, ['electron'], ['package.json', 'scripts'])
  mirror = await startMirror(electronFiles(standInElectron()))
})

afterAll(async () => {
  await mirror?.close()
  rmSync(dir, { recursive: true, force: true })
})

const step = (env: NodeJS.ProcessEnv) =>
  runTo(process.execPath, ['scripts/electron-binary.mjs'], {
    cwd: dir,
    env: cleanEnv({ electron_config_cache: join(dir, 'cache'), ...env })
  })

describe('installing Electron’s binary before the app starts', () => {
  it('names what failed and how to use a mirror when the download fails', async () => {
    const missing = `${mirror.url}/nowhere/`
    const run = await step({ ELECTRON_MIRROR: missing })
    expect(run.code, run.out).toBe(1)
    const zip = `electron-v${electronVersion}-${process.platform}-${process.arch}.zip`
    expect(run.out).toContain(
      `could not install Electron ${electronVersion}'s binary: the download of ${missing}v${electronVersion}/${zip} failed`
    )
    expect(run.out).toMatch(/ELECTRON_MIRROR=\S+ npm start/)
    expect(existsSync(join(dir, 'node_modules/electron/path.txt'))).toBe(false)
  })

  it('downloads it from the mirror once, then finds it installed', async () => {
    const env = { ELECTRON_MIRROR: `${mirror.url}/electron/`, electron_use_remote_checksums: '1' }
    const first = await step(env)
    expect(first.code, first.out).toBe(0)
    expect(existsSync(join(dir, 'node_modules/electron/dist/electron'))).toBe(true)
    const asked = mirror.paths.length
    const again = await step(env)
    expect(again.code, again.out).toBe(0)
    expect(mirror.paths.length).toBe(asked)
  })
})
