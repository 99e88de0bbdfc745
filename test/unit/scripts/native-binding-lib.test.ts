import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  addonAbi,
  addonStamp,
  addonStampPath,
  electronAddonPath,
  electronBuildEnv,
  electronDownloadUrl,
  electronGypArgs,
  keptAddonProblem,
  nodeGypCommand,
  npmCommand,
  readKeptAddon
} from '../../../scripts/native-binding-lib.mjs'

const root = resolve(import.meta.dirname, '../../..')

describe('the ABI of a native addon, read from its bytes', () => {
  it('is Node’s own for the better-sqlite3 npm install built', () => {
    const addon = readFileSync(
      resolve(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')
    )
    expect(addonAbi(addon)).toBe(Number(process.versions.modules))
  })

  it('is the number of the registration symbol, and none without one', () => {
    const bytes = Buffer.concat([
      Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1]),
      Buffer.from('\0node_register_module_v150\0napi_module_register\0')
    ])
    expect(addonAbi(bytes)).toBe(150)
    expect(addonAbi(Buffer.from('not an addon'))).toBeUndefined()
  })
})

describe('the Electron addon kept in native/, and when it is built again', () => {
  const want = { electron: '45.4.1', abi: 140, sqlite: '12.11.1' }
  /** An addon file as native-binding.mjs keeps it: bytes of an ABI, and a stamp when given. */
  function keep(abi: number, sqlite?: string): string {
    const addon = join(
      mkdtempSync(join(tmpdir(), 'staydesk-native-')),
      electronAddonPath('45.4.1', 'linux', 'x64').replaceAll('/', '_')
    )
    writeFileSync(addon, Buffer.from(`\x7fELF\0node_register_module_v${abi}\0`))
    if (sqlite !== undefined) writeFileSync(addonStampPath(addon), addonStamp(sqlite))
    return addon
  }

  it('lives in a folder named after Electron’s version, platform and arch', () => {
    expect(electronAddonPath('45.4.1', 'win32', 'arm64')).toBe(
      'native/electron-45.4.1-win32-arm64/better_sqlite3.node'
    )
  })

  it('is kept when it has Electron’s ABI and was built from the installed better-sqlite3', () => {
    const kept = readKeptAddon(keep(140, '12.11.1'))
    expect(kept).toEqual({ abi: 140, sqlite: '12.11.1' })
    expect(keptAddonProblem(kept, want)).toBeUndefined()
  })

  it('is built again after a better-sqlite3 upgrade, though its ABI is still Electron’s', () => {
    const kept = readKeptAddon(keep(140, '12.4.1'))
    expect(keptAddonProblem(kept, want)).toBe(
      'it is built from better-sqlite3 12.4.1, the installed one is 12.11.1'
    )
  })

  it('is built again when nothing says what it was built from (kept before stamps)', () => {
    expect(keptAddonProblem(readKeptAddon(keep(140)), want)).toBe(
      'it is built from better-sqlite3 of an unknown version, the installed one is 12.11.1'
    )
    const garbled = keep(140)
    writeFileSync(addonStampPath(garbled), 'not json')
    expect(keptAddonProblem(readKeptAddon(garbled), want)).toMatch(/of an unknown version/)
  })

  it('is built again for another ABI, and built when there is none', () => {
    expect(keptAddonProblem(readKeptAddon(keep(127, '12.11.1')), want)).toBe(
      'it is built for ABI 127, Electron 45.4.1 needs 140'
    )
    const none = join(mkdtempSync(join(tmpdir(), 'staydesk-native-')), 'better_sqlite3.node')
    expect(readKeptAddon(none)).toBeUndefined()
    expect(keptAddonProblem(readKeptAddon(none), want)).toBe('there is none')
  })
})

describe('the commands of the start chain, without a shell', () => {
  const windows = {
    platform: 'win32',
    execPath: 'C:\\Program Files\\nodejs\\node.exe',
    env: {} as Record<string, string>
  }

  it('runs npm as its CLI script under this Node where Node is under Program Files', () => {
    // Through a shell, `C:\Program Files\nodejs\...` splits at the space; as spawn arguments it
    // stays one argument each.
    expect(npmCommand(['rebuild', 'better-sqlite3'], windows)).toEqual([
      'C:\\Program Files\\nodejs\\node.exe',
      ['C:\\Program Files\\nodejs\\node_modules\\npm\\bin\\npm-cli.js', 'rebuild', 'better-sqlite3']
    ])
    const underNpm = {
      ...windows,
      env: { npm_execpath: 'C:\\Program Files\\nodejs\\node_modules\\npm\\bin\\npm-cli.js' }
    }
    expect(npmCommand(['rebuild'], underNpm)[1][0]).toBe(underNpm.env.npm_execpath)
  })

  it('runs node-gyp as npm’s node-gyp.js under this Node', () => {
    expect(nodeGypCommand(['rebuild'], windows)).toEqual([
      'C:\\Program Files\\nodejs\\node.exe',
      [
        'C:\\Program Files\\nodejs\\node_modules\\npm\\node_modules\\node-gyp\\bin\\node-gyp.js',
        'rebuild'
      ]
    ])
    const npmGyp = 'C:\\Users\\Ana Lima\\npm\\node_modules\\node-gyp\\bin\\node-gyp.js'
    expect(
      nodeGypCommand(['rebuild'], { ...windows, env: { npm_config_node_gyp: npmGyp } })
    ).toEqual(['C:\\Program Files\\nodejs\\node.exe', [npmGyp, 'rebuild']])
  })

  it('finds npm beside Node on Linux and macOS', () => {
    const unix = { platform: 'linux', execPath: '/opt/node 22/bin/node', env: {} }
    expect(npmCommand(['rebuild'], unix)).toEqual([
      '/opt/node 22/bin/node',
      ['/opt/node 22/lib/node_modules/npm/bin/npm-cli.js', 'rebuild']
    ])
  })
})

describe('the Electron build’s environment and arguments', () => {
  it('drops npm’s nodedir, so node-gyp uses Electron’s headers instead of a Node’s', () => {
    const env = electronBuildEnv({
      PATH: '/bin',
      npm_config_nodedir: '/usr',
      NPM_CONFIG_NODEDIR: '/usr',
      npm_config_devdir: '/tmp/gyp'
    })
    expect(env).toEqual({ PATH: '/bin', npm_config_devdir: '/tmp/gyp' })
  })

  it('takes Electron’s headers from ELECTRON_HEADERS_MIRROR when it is set', () => {
    const args = (env: Record<string, string>) =>
      electronGypArgs({ version: '45.4.1', arch: 'x64', env })
    expect(args({})).toContain('--dist-url=https://electronjs.org/headers')
    expect(args({ ELECTRON_HEADERS_MIRROR: 'https://mirror.example/headers' })).toEqual([
      'rebuild',
      '--release',
      '--runtime=electron',
      '--target=45.4.1',
      '--arch=x64',
      '--dist-url=https://mirror.example/headers'
    ])
  })

  it('names the URL Electron is downloaded from, the mirror’s when one is set', () => {
    const at = (env: Record<string, string>) =>
      electronDownloadUrl({ version: '45.4.1', platform: 'linux', arch: 'x64', env })
    expect(at({})).toBe(
      'https://github.com/electron/electron/releases/download/v45.4.1/electron-v45.4.1-linux-x64.zip'
    )
    expect(at({ ELECTRON_MIRROR: 'https://npmmirror.com/mirrors/electron/' })).toBe(
      'https://npmmirror.com/mirrors/electron/v45.4.1/electron-v45.4.1-linux-x64.zip'
    )
  })
})
