#!/usr/bin/env node
/**
 * better-sqlite3 is a native addon, and Node (tests, CLI, sandbox) and Electron (the app) have
 * different native ABIs. We keep two builds side by side instead of rebuilding one in place:
 *
 *   node      node_modules/better-sqlite3/build/Release/better_sqlite3.node (what `npm install`
 *             built); this step only checks that it loads and rebuilds it for Node if it doesn't
 *             (for example after someone ran electron-rebuild in place).
 *   electron  native/electron-<version>-<platform>-<arch>/better_sqlite3.node, built once from a
 *             copy of the package (prebuilt download, else node-gyp against Electron's headers).
 *
 * The main process passes the Electron build to better-sqlite3's `nativeBinding` option (see
 * src-main/db/native-binding.ts), so `npm test` and `npm start` work in either order.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const target = process.argv[2]

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' })
  return r.status === 0
}

function checkNode() {
  try {
    const Database = require('better-sqlite3')
    new Database(':memory:').close()
    return
  } catch (err) {
    console.warn(
      `better-sqlite3 does not load in Node ${process.version} (${err.message}); rebuilding it for Node`
    )
  }
  if (!run('npm', ['rebuild', 'better-sqlite3'], root)) {
    console.error('could not rebuild better-sqlite3 for Node: see the output above')
    process.exit(1)
  }
}

function nodeGyp() {
  if (process.env.npm_config_node_gyp) return [process.execPath, process.env.npm_config_node_gyp]
  const npmDir = dirname(dirname(process.env.npm_execpath ?? ''))
  const bundled = join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
  return existsSync(bundled) ? [process.execPath, bundled] : ['npx', 'node-gyp']
}

function buildElectron() {
  const electronVersion = JSON.parse(
    readFileSync(require.resolve('electron/package.json'), 'utf8')
  ).version
  const tag = `electron-${electronVersion}-${process.platform}-${process.arch}`
  const out = join(root, 'native', tag, 'better_sqlite3.node')
  if (existsSync(out)) return

  const source = dirname(require.resolve('better-sqlite3/package.json'))
  const work = join(root, '.native-build', tag, 'better-sqlite3')
  rmSync(work, { recursive: true, force: true })
  mkdirSync(dirname(work), { recursive: true })
  cpSync(source, work, { recursive: true, filter: (p) => !p.includes(`${join(source, 'build')}`) })

  console.log(`building better-sqlite3 for Electron ${electronVersion} (once)`)
  const prebuilt = run(
    process.execPath,
    [
      require.resolve('prebuild-install/bin.js'),
      '--runtime',
      'electron',
      '--target',
      electronVersion,
      '--arch',
      process.arch
    ],
    work
  )
  if (!prebuilt) {
    const [cmd, ...pre] = nodeGyp()
    const ok = run(
      cmd,
      [
        ...pre,
        'rebuild',
        '--release',
        '--runtime=electron',
        `--target=${electronVersion}`,
        `--arch=${process.arch}`,
        '--dist-url=https://electronjs.org/headers'
      ],
      work
    )
    if (!ok) {
      console.error(`could not build better-sqlite3 for Electron ${electronVersion}`)
      process.exit(1)
    }
  }
  mkdirSync(dirname(out), { recursive: true })
  cpSync(join(work, 'build', 'Release', 'better_sqlite3.node'), out)
  rmSync(join(root, '.native-build', tag), { recursive: true, force: true })
  console.log(`better-sqlite3 for Electron: ${out}`)
}

if (target === 'node') checkNode()
else if (target === 'electron') buildElectron()
else {
  console.error('usage: node scripts/native-binding.mjs node|electron')
  process.exit(2)
}
