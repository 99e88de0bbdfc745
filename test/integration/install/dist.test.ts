import { createHash } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addonStamp, addonStampPath } from '../../../scripts/native-binding-lib.mjs'
import {
  FUSE_SENTINEL,
  cleanEnv,
  electronAbi,
  electronVersion,
  root,
  runTo,
  standInElectron,
  tempProject
} from './fixture'

/**
 * `npm run dist -- --dir` (the unpacked app, no installer) in a temporary copy of the project,
 * with a stand-in Electron given as electronDist (it carries the fuse wire electron-builder
 * flips). better-sqlite3 is copied, so a rebuild in place would show in the copy, not in the
 * real node_modules; native/ holds an Electron build (a file exporting Electron's registration
 * symbol, which is all the ABI check reads), so nothing is compiled.
 */
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
const tag = `electron-${electronVersion}-${process.platform}-${process.arch}`
const electronAddon = Buffer.from(`\0ELF stand-in\0node_register_module_v${electronAbi}\0`)
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'staydesk-dist-'))
  tempProject(dir, ['electron', 'electron-vite', 'better-sqlite3'])
  mkdirSync(join(dir, 'native', tag), { recursive: true })
  writeFileSync(join(dir, 'native', tag, 'better_sqlite3.node'), electronAddon)
  // The stamp native-binding.mjs writes beside a build: the better-sqlite3 version it is of.
  const sqliteVersion = (
    JSON.parse(readFileSync(join(root, 'node_modules/better-sqlite3/package.json'), 'utf8')) as {
      version: string
    }
  ).version
  writeFileSync(
    addonStampPath(join(dir, 'native', tag, 'better_sqlite3.node')),
    addonStamp(sqliteVersion)
  )
  const dist = join(dir, 'electron-dist')
  mkdirSync(dist)
  writeFileSync(join(dist, 'electron'), standInElectron())
  chmodSync(join(dist, 'electron'), 0o755)
  writeFileSync(join(dist, 'version'), electronVersion)
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('npm run dist', () => {
  it('packages the Electron addon from native/ and leaves Node’s build as it was', async () => {
    const nodeAddon = join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
    const before = sha(nodeAddon)
    const run = await runTo(
      'npm',
      ['run', 'dist', '--', '--dir', `-c.electronDist=${join(dir, 'electron-dist')}`],
      {
        cwd: dir,
        env: cleanEnv({
          npm_config_cache: join(dir, '.npm'),
          ELECTRON_CACHE: join(dir, 'electron-cache'),
          ELECTRON_BUILDER_CACHE: join(dir, 'builder-cache')
        })
      }
    )
    expect(run.code, run.out).toBe(0)
    expect(sha(nodeAddon)).toBe(before)

    const unpacked = join(dir, 'dist', `${process.platform}-unpacked`)
    const resources = join(unpacked, 'resources')
    expect(readFileSync(join(resources, 'native', 'better_sqlite3.node'))).toEqual(electronAddon)
    const { listPackage } = createRequire(join(root, 'package.json'))('@electron/asar') as {
      listPackage(file: string, opts: object): string[]
    }
    const files = listPackage(join(resources, 'app.asar'), {})
    expect(files).toContain('/out/main/index.js')
    expect(files).toContain('/node_modules/better-sqlite3/lib/index.js')
    expect(files.filter((f) => f.endsWith('.node'))).toEqual([])
    expect(existsSync(join(resources, 'app.asar.unpacked'))).toBe(false)

    // The production fuses were set in the packaged executable: no run-as-node, cookie
    // encryption, no NODE_OPTIONS or inspect, asar integrity, asar only, no V8 snapshot, no file:
    // privileges (the ninth fuse, not configured, stays as it was).
    const exe = readFileSync(join(unpacked, 'staydesk-desktop'))
    const wire = exe.indexOf(FUSE_SENTINEL) + FUSE_SENTINEL.length
    expect(exe.subarray(wire + 2, wire + 11).toString()).toBe('010011001')

    // `staydesk` beside the app's binary is the command line's launcher: it runs the app with
    // --cli and no window (build/cli/linux/staydesk; the deb also puts it in /usr/bin).
    const launcher = join(unpacked, 'staydesk')
    expect(statSync(launcher).mode & 0o111).not.toBe(0)
    expect(readFileSync(launcher, 'utf8')).toContain(
      'exec "$app" --ozone-platform=headless --cli "$@"'
    )
  }, 600_000)
})
