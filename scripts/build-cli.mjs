#!/usr/bin/env node
// Bundles the command line (src-main/cli) into out/cli/staydesk.mjs with Vite's build API, so
// `staydesk` starts from plain JavaScript instead of compiling TypeScript on every run. An SSR
// build for Node 22: the @shared alias resolved, every package.json `dependencies` entry and
// every node: builtin left external (they are installed beside it, also by
// `npm install --omit=dev`); everything else, our own code, is bundled. Each command is a chunk
// of its own, loaded when it runs, so `--help` loads almost nothing.
//
//   node scripts/build-cli.mjs                 build (bin/staydesk.mjs also calls buildCli)
//   node scripts/build-cli.mjs --if-possible   the same, but a quiet no-op where Vite is not
//                                              installed (postinstall after --omit=dev)
import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync
} from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const OUT_DIR = join(root, 'out', 'cli')
export const BUNDLE = join(OUT_DIR, 'staydesk.mjs')
const LOCK = join(root, 'out', '.cli-build.lock')
/** A lock older than this was left by a build that died: taken over. */
const STALE_LOCK_MS = 120_000

/** The build tools are installed (not after `npm install --omit=dev`). */
export function canBuild() {
  return existsSync(join(root, 'node_modules', 'vite', 'package.json'))
}

/** The newest modification time of what the bundle is made from. */
function newestSource() {
  let newest = statSync(join(root, 'package.json')).mtimeMs
  for (const folder of ['src-main', 'src-shared']) {
    const dir = join(root, folder)
    for (const name of readdirSync(dir, { recursive: true })) {
      if (!/\.(ts|tsx|mjs|js|json)$/.test(name)) continue
      newest = Math.max(newest, statSync(join(dir, name)).mtimeMs)
    }
  }
  return newest
}

/** No bundle yet, or one older than a source file. */
export function isStale() {
  return !existsSync(BUNDLE) || statSync(BUNDLE).mtimeMs < newestSource()
}

/** Builds when stale (quietly; `say` gets one line first); the bundle's path either way. */
export async function freshBundle(say = () => undefined) {
  if (!isStale()) return BUNDLE
  say(existsSync(BUNDLE) ? 'the sources changed' : 'first run')
  return buildCli({ quiet: true, ifStale: isStale })
}

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore']
    }).trim()
  } catch {
    return null
  }
}

/** The packages installed beside the bundle, and the builtins, as Rolldown's `external`. */
function externals(pkg) {
  const deps = Object.keys(pkg.dependencies ?? {}).map((d) =>
    d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  )
  const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)])
  const depPattern = new RegExp(`^(${deps.join('|')})(/|$)`)
  return (id) => builtins.has(id) || id.startsWith('node:') || depPattern.test(id)
}

/**
 * Waits for another process's build to finish (tests start many `staydesk` at once), or takes
 * the lock itself. Returns false when it waited: the other build is then the one to use.
 */
async function lock() {
  mkdirSync(dirname(LOCK), { recursive: true })
  let waited = false
  for (;;) {
    try {
      mkdirSync(LOCK)
      return !waited
    } catch (err) {
      if (err.code !== 'EEXIST') throw err
    }
    try {
      if (Date.now() - statSync(LOCK).mtimeMs > STALE_LOCK_MS)
        rmSync(LOCK, { recursive: true, force: true })
    } catch {
      // Gone meanwhile: try again.
    }
    waited = true
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Builds the bundle into a fresh folder beside out/cli and swaps it in, so a `staydesk` that
 * starts meanwhile finds the old bundle or the new one, never half of one. With `ifStale`, a
 * process that waited for someone else's build uses it instead of building again.
 */
export async function buildCli({ quiet = false, ifStale } = {}) {
  const { build } = await import('vite')
  const own = await lock()
  try {
    if (!own && ifStale && !ifStale()) return BUNDLE
    const started = Date.now()
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    const staging = join(root, 'out', `.cli-${process.pid}-${started}`)
    await build({
      configFile: false,
      root,
      logLevel: quiet ? 'silent' : 'warn',
      resolve: { alias: { '@shared': join(root, 'src-shared') } },
      define: {
        STAYDESK_BUILD: JSON.stringify({
          commit: commit(),
          builtAt: new Date(started).toISOString()
        }),
        STAYDESK_VERSION: JSON.stringify(pkg.version ?? null)
      },
      // Everything not external is bundled, devDependencies included: they are not installed
      // where the app runs from `npm install --omit=dev`.
      ssr: { noExternal: true, target: 'node' },
      build: {
        ssr: join(root, 'src-main/cli/main.ts'),
        outDir: staging,
        emptyOutDir: true,
        target: 'node22',
        minify: false,
        reportCompressedSize: false,
        copyPublicDir: false,
        rolldownOptions: {
          external: externals(pkg),
          output: {
            format: 'es',
            entryFileNames: 'staydesk.mjs',
            chunkFileNames: 'chunks/[name]-[hash].mjs'
          }
        }
      }
    })
    // Dated when the build started: a source saved during the build is newer, so the next run
    // builds again.
    const when = new Date(started)
    utimesSync(join(staging, 'staydesk.mjs'), when, when)
    const old = join(root, 'out', `.cli-old-${process.pid}-${started}`)
    if (existsSync(OUT_DIR)) renameSync(OUT_DIR, old)
    renameSync(staging, OUT_DIR)
    rmSync(old, { recursive: true, force: true })
    if (!quiet) console.log(`built ${BUNDLE} in ${Date.now() - started} ms`)
    return BUNDLE
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const ifPossible = process.argv.includes('--if-possible')
  if (ifPossible && !existsSync(join(root, 'node_modules', 'vite', 'package.json'))) process.exit(0)
  await buildCli()
}
