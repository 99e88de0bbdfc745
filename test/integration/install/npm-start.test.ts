import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addonAbi } from '../../../scripts/native-binding-lib.mjs'
import {
  cleanEnv,
  electronAbi,
  electronFiles,
  electronVersion,
  headerFiles,
  nodeAddon,
  nodeHeaders,
  runTo,
  standInElectron,
  startMirror,
  tempProject,
  type Mirror
} from './fixture'

/**
 * `npm start` as a new user runs it, in a temporary copy of the project: the real prestart
 * (Electron's binary, then better-sqlite3 for Electron) and `electron-vite dev`, against a local
 * mirror serving a stand-in Electron and Electron's headers. npm's nodedir points at Node's
 * headers, as a user's .npmrc may (this machine's does), and native/ already holds a build of
 * Node's ABI: the Electron build must still come out with Electron's ABI. One real compile.
 */
const tag = `electron-${electronVersion}-${process.platform}-${process.arch}`
let dir: string
let mirror: Mirror

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'staydesk-start-'))
  const project = join(dir, 'project')
  mkdirSync(project)
  tempProject(project)
  mkdirSync(join(project, 'native', tag), { recursive: true })
  cpSync(nodeAddon, join(project, 'native', tag, 'better_sqlite3.node'))
  mirror = await startMirror(
    new Map([...electronFiles(standInElectron()), ...headerFiles(join(dir, 'headers'))])
  )
})

afterAll(async () => {
  await mirror?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return cleanEnv({
    ELECTRON_MIRROR: `${mirror.url}/electron/`,
    electron_use_remote_checksums: '1',
    electron_config_cache: join(dir, 'electron-cache'),
    ELECTRON_HEADERS_MIRROR: `${mirror.url}/headers`,
    // No prebuilt binaries on the mirror: the addon is compiled against the headers above.
    npm_config_better_sqlite3_binary_host: `${mirror.url}/prebuilt`,
    npm_config_devdir: join(dir, 'node-gyp'),
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_nodedir: resolve(nodeHeaders, '../..'),
    STAND_IN_RECORD: join(dir, 'stand-in.json'),
    ...extra
  })
}

describe('npm start in a fresh copy of the project', () => {
  it('installs Electron from the mirror, builds the addon for Electron’s ABI and starts the built main', async () => {
    const project = join(dir, 'project')
    const run = await runTo('npm', ['start'], { cwd: project, env: env() })
    expect(run.out, run.out).not.toMatch(/Electron uninstall/)
    expect(run.code, run.out).toBe(0)

    // Electron's binary came from the mirror, next to the copied package.
    expect(readFileSync(join(project, 'node_modules/electron/path.txt'), 'utf8')).toBe('electron')
    expect(mirror.paths).toContain(
      `/electron/v${electronVersion}/electron-v${electronVersion}-${process.platform}-${process.arch}.zip`
    )

    // The cached Node-ABI build was replaced by one for Electron, despite npm's nodedir.
    const addon = readFileSync(join(project, 'native', tag, 'better_sqlite3.node'))
    expect(addonAbi(addon)).toBe(electronAbi)
    expect(run.out).toMatch(/built for ABI 127/)

    // The stand-in was started on the project, whose main is the built entry.
    const record = JSON.parse(readFileSync(join(dir, 'stand-in.json'), 'utf8')) as {
      argv: string[]
      cwd: string
      rendererUrl: string
      html: string
    }
    expect(record.argv[0]).toBe('.')
    expect(record.cwd).toBe(project)
    const main = (
      JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { main: string }
    ).main
    expect(existsSync(join(project, main))).toBe(true)
    expect(main).toBe('./out/main/index.js')

    // The dev server's page lets Vite's hot reload connect back over its websocket.
    const port = new URL(record.rendererUrl).port
    const csp = /Content-Security-Policy"\s+content="([^"]+)"/.exec(record.html)?.[1] ?? ''
    const connect = csp.split(';').find((d) => d.trim().startsWith('connect-src')) ?? ''
    expect(connect).toContain(`ws://localhost:${port}`)
    // …and runs React's Fast Refresh preamble, an inline script, by its hash only.
    const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
    expect(script).toMatch(/^\s*script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/)
    expect(script).not.toContain('unsafe-inline')
  }, 600_000)

  it('keeps the built renderer’s CSP closed to websockets', async () => {
    const project = join(dir, 'project')
    const run = await runTo(
      process.execPath,
      [join(project, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      { cwd: project, env: env() }
    )
    expect(run.code, run.out).toBe(0)
    const html = readFileSync(join(project, 'out/renderer/index.html'), 'utf8')
    expect(html).toContain("connect-src 'none'")
    expect(html).not.toContain('ws:')
  }, 300_000)
})
