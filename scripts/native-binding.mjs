#!/usr/bin/env node
/**
 * better-sqlite3 is a native addon, and Node (tests, CLI, sandbox) and Electron (the app) have
 * different native ABIs. We keep two builds side by side instead of rebuilding one in place:
 *
 *   node      node_modules/better-sqlite3/build/Release/better_sqlite3.node (what `npm install`
 *             built); this step checks that it loads and rebuilds it for Node if it doesn't
 *             (for example after someone ran electron-rebuild in place), then checks again in a
 *             fresh process and fails with the reason if it still doesn't.
 *   electron  native/electron-<version>-<platform>-<arch>/better_sqlite3.node, built from a copy
 *             of the package (prebuilt download, else node-gyp against Electron's headers, from
 *             ELECTRON_HEADERS_MIRROR when set) and kept only once its ABI is Electron's, with a
 *             stamp beside it (better_sqlite3.node.json) naming the better-sqlite3 version it was
 *             built from. A cached build of another ABI, or of another (or unknown)
 *             better-sqlite3 version, is rebuilt: the folder is named after Electron alone.
 *
 * The main process passes the Electron build to better-sqlite3's `nativeBinding` option (see
 * src-main/db/native-binding.ts), and `npm run dist` ships it, so `npm test` and `npm start`
 * work in either order. Commands run without a shell (see native-binding-lib.mjs).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  ELECTRON_HEADERS_URL,
  addonAbi,
  addonStamp,
  addonStampPath,
  electronAddonPath,
  electronBuildEnv,
  electronGypArgs,
  electronTag,
  keptAddonProblem,
  nodeGypCommand,
  npmCommand,
  readKeptAddon
} from './native-binding-lib.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const target = process.argv[2]
const host = { platform: process.platform, execPath: process.execPath, env: process.env }

function run([cmd, args], cwd, env = process.env) {
  const r = spawnSync(cmd, args, { cwd, env, stdio: 'inherit' })
  return r.status === 0
}

function fail(lines) {
  console.error(lines.join('\n'))
  process.exit(1)
}

/** The ABI of an addon file, or undefined when it is missing or has no registration symbol. */
function abiOf(file) {
  return existsSync(file) ? addonAbi(readFileSync(file)) : undefined
}

/** Loads better-sqlite3 in a fresh Node process (nothing cached from this one): null or why not. */
function loadErrorInNode() {
  const r = spawnSync(
    process.execPath,
    ['-e', "const D = require('better-sqlite3'); new D(':memory:').close()"],
    { cwd: root, encoding: 'utf8' }
  )
  if (r.status === 0) return null
  const lines = `${r.stderr}`.split('\n').map((l) => l.trim())
  return lines.find((l) => /Error/.test(l)) ?? (lines.find(Boolean) || `exit ${r.status}`)
}

/** The NODE_MODULE_VERSION of the headers in a nodedir, when they can be read. */
function headersAbi(nodedir) {
  for (const file of [
    join(nodedir, 'include', 'node', 'node_version.h'),
    join(nodedir, 'src', 'node_version.h')
  ]) {
    if (!existsSync(file)) continue
    const found = /#define NODE_MODULE_VERSION (\d+)/.exec(readFileSync(file, 'utf8'))
    if (found) return Number(found[1])
  }
  return undefined
}

function checkNode() {
  const before = loadErrorInNode()
  if (!before) return
  console.warn(
    `better-sqlite3 does not load in Node ${process.version} (${before}); rebuilding it for Node`
  )
  const [node, [cli, ...args]] = npmCommand(['rebuild', 'better-sqlite3'], host)
  // Outside an npm run, npm is the one installed with this Node, else the one on PATH.
  run(existsSync(cli) ? [node, [cli, ...args]] : ['npm', args], root)
  // npm rebuild reports success even when it built nothing usable (ignore-scripts, a nodedir of
  // another Node): only loading it again says whether it worked.
  const after = loadErrorInNode()
  if (!after) return

  const addon = join(
    dirname(require.resolve('better-sqlite3/package.json')),
    'build',
    'Release',
    'better_sqlite3.node'
  )
  const built = abiOf(addon)
  const want = Number(process.versions.modules)
  const why = [
    `better-sqlite3 still does not load in Node ${process.version} after \`npm rebuild better-sqlite3\`: ${after}`
  ]
  if (built !== undefined && built !== want) {
    why.push(`  ${addon} is built for Node ABI ${built}; this Node needs ABI ${want}.`)
  }
  const nodedir = process.env.npm_config_nodedir
  const nodedirAbi = nodedir ? headersAbi(nodedir) : undefined
  if (nodedir && nodedirAbi !== want) {
    why.push(
      `  npm's nodedir is ${nodedir} (headers of ABI ${nodedirAbi ?? 'unknown'}), not this Node's:` +
        ' remove nodedir from your .npmrc, or point it at this Node’s headers.'
    )
  }
  if (/^(true|1)$/i.test(process.env.npm_config_ignore_scripts ?? '')) {
    why.push("  npm's ignore-scripts is set, so npm rebuild ran no build script: unset it.")
  }
  why.push(
    '  Then run `npm rebuild better-sqlite3` (it needs a C++ toolchain: python3, make and g++,' +
      ' Xcode command line tools, or Visual Studio Build Tools), and `npm test` to check.'
  )
  fail(why)
}

function buildElectron() {
  const electronDir = dirname(require.resolve('electron/package.json'))
  const electronVersion = JSON.parse(
    readFileSync(join(electronDir, 'package.json'), 'utf8')
  ).version
  const abiFile = join(electronDir, 'abi_version')
  if (!existsSync(abiFile)) {
    fail([`${abiFile} is missing: reinstall electron (npm install) so its ABI can be checked.`])
  }
  const abi = Number(readFileSync(abiFile, 'utf8').trim())
  const source = dirname(require.resolve('better-sqlite3/package.json'))
  const sqlite = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')).version
  const tag = electronTag(electronVersion, process.platform, process.arch)
  const out = join(root, electronAddonPath(electronVersion, process.platform, process.arch))
  const stamp = addonStampPath(out)

  const kept = readKeptAddon(out)
  const problem = keptAddonProblem(kept, { electron: electronVersion, abi, sqlite })
  if (!problem) return
  if (kept) {
    console.warn(`${out}: ${problem}; rebuilding it`)
    rmSync(out, { force: true })
    rmSync(stamp, { force: true })
  }

  const work = join(root, '.native-build', tag, 'better-sqlite3')
  const built = join(work, 'build', 'Release', 'better_sqlite3.node')
  rmSync(work, { recursive: true, force: true })
  mkdirSync(dirname(work), { recursive: true })
  cpSync(source, work, { recursive: true, filter: (p) => !p.startsWith(join(source, 'build')) })

  const env = electronBuildEnv(process.env)
  console.log(`building better-sqlite3 for Electron ${electronVersion} (ABI ${abi})`)
  const prebuildInstall = createRequire(join(source, 'package.json')).resolve(
    'prebuild-install/bin.js'
  )
  const args = ['--runtime', 'electron', '--target', electronVersion, '--arch', process.arch]
  if (!run([process.execPath, [prebuildInstall, ...args]], work, env) || abiOf(built) !== abi) {
    rmSync(join(work, 'build'), { recursive: true, force: true })
    const gyp = nodeGypCommand(
      electronGypArgs({ version: electronVersion, arch: process.arch, env }),
      host
    )
    if (!run(gyp, work, env)) {
      fail([
        `could not build better-sqlite3 for Electron ${electronVersion}: see node-gyp's output above.`,
        "  It needs Electron's headers (from ELECTRON_HEADERS_MIRROR when set, else" +
          ` ${ELECTRON_HEADERS_URL}) and a C++ toolchain.`
      ])
    }
  }
  const got = abiOf(built)
  if (got !== abi) {
    fail([
      `better-sqlite3 was built for ABI ${got ?? 'unknown'}, but Electron ${electronVersion} needs ${abi}; not kept.`,
      `  ${built} must export node_register_module_v${abi}.`
    ])
  }
  mkdirSync(dirname(out), { recursive: true })
  cpSync(built, out)
  // Written last: an addon without its stamp is built again.
  writeFileSync(stamp, addonStamp(sqlite))
  rmSync(join(root, '.native-build', tag), { recursive: true, force: true })
  console.log(`better-sqlite3 for Electron: ${out}`)
}

/**
 * StayDesk needs Node 22.12 or newer (package.json engines, .nvmrc): Electron 45's installer,
 * @axe-core/playwright and the command line use it. npm only warns about `engines`, and an older
 * Node then fails later in ways that name something else, so the install stops here instead.
 */
function requireNode() {
  const wanted = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node
  const [major, minor] = process.versions.node.split('.').map(Number)
  const [, wMajor, wMinor] = /(\d+)\.(\d+)/.exec(wanted) ?? []
  if (major > Number(wMajor) || (major === Number(wMajor) && minor >= Number(wMinor))) return
  console.error(
    `StayDesk needs Node.js ${wanted.replace('>=', '')} or newer; this is Node ${process.version}. ` +
      'Install Node 22 LTS (with nvm: `nvm install` reads .nvmrc), then run npm install again.'
  )
  process.exit(1)
}

requireNode()
if (target === 'node') checkNode()
else if (target === 'electron') buildElectron()
else {
  console.error('usage: node scripts/native-binding.mjs node|electron')
  process.exit(2)
}
