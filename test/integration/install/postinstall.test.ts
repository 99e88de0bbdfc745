import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanEnv, root, runTo, tempProject } from './fixture'

/**
 * The postinstall step (`native-binding.mjs node`) in a temporary copy of the project whose
 * better-sqlite3 addon is broken and can't be rebuilt: with npm's ignore-scripts set, `npm
 * rebuild` builds nothing and still reports success. The step must not.
 */
let dir: string | undefined

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('the postinstall check of the Node addon', () => {
  it('fails, with the reason, when the addon still does not load after the rebuild', async () => {
    dir = mkdtempSync(join(tmpdir(), 'staydesk-postinstall-'))
    tempProject(dir, ['better-sqlite3'], ['package.json', 'scripts'])
    const addon = join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
    writeFileSync(addon, 'not an addon')

    const run = await runTo(process.execPath, ['scripts/native-binding.mjs', 'node'], {
      cwd: dir,
      env: cleanEnv({ npm_config_ignore_scripts: 'true', npm_config_cache: join(dir, '.npm') })
    })
    expect(run.code, run.out).toBe(1)
    expect(run.out).toMatch(/still does not load in Node v\d+.*after `npm rebuild better-sqlite3`/)
    expect(run.out).toMatch(/invalid ELF header|not a valid|file too short/i)
    expect(run.out).toMatch(/ignore-scripts is set/)
  }, 120_000)

  it('passes a loading addon without rebuilding it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'staydesk-postinstall-'))
    tempProject(dir, [], ['package.json', 'scripts'])
    const run = await runTo(process.execPath, [join(dir, 'scripts/native-binding.mjs'), 'node'], {
      cwd: root,
      env: cleanEnv({ npm_config_cache: join(dir, '.npm') })
    })
    expect(run.code, run.out).toBe(0)
    expect(run.out).not.toMatch(/rebuilding/)
  })
})
