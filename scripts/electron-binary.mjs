#!/usr/bin/env node
/**
 * Makes sure Electron's binary is installed before `electron-vite dev` starts it. Electron 45's
 * package no longer downloads it at install time, and electron-vite reads
 * node_modules/electron/path.txt (written by the download) without downloading itself, so
 * without this step `npm start` ends with "Error: Electron uninstall".
 *
 * The download is Electron's own install.js (@electron/get): it honours ELECTRON_MIRROR,
 * electron_config_cache and electron_use_remote_checksums. When it fails, this says what
 * failed and how to use a mirror.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { electronDownloadUrl, electronPlatformPath } from './native-binding-lib.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const electronDir = dirname(require.resolve('electron/package.json'))
const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'))

/** What electron-vite will run: path.txt names the executable inside dist/, of this version. */
function installedBinary() {
  try {
    const exe = readFileSync(join(electronDir, 'path.txt'), 'utf8')
    const distVersion = readFileSync(join(electronDir, 'dist', 'version'), 'utf8').trim()
    const file = join(electronDir, 'dist', exe)
    return distVersion.replace(/^v/, '') === version && existsSync(file) ? file : undefined
  } catch {
    return undefined
  }
}

// ELECTRON_EXEC_PATH is electron-vite's own override: an Electron the user already has.
if (process.env.ELECTRON_EXEC_PATH && existsSync(process.env.ELECTRON_EXEC_PATH)) process.exit(0)
if (installedBinary()) process.exit(0)

const platform = process.env.ELECTRON_INSTALL_PLATFORM || process.platform
const arch = process.env.ELECTRON_INSTALL_ARCH || process.arch
const url = electronDownloadUrl({ version, platform, arch, env: process.env })
console.log(`downloading Electron ${version} (${url}), once`)
const r = spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'inherit' })
const binary = installedBinary()
if (r.status !== 0 || !binary) {
  console.error(
    [
      `could not install Electron ${version}'s binary: the download of ${url} failed` +
        (r.status === 0 ? ` (no ${electronPlatformPath(platform)} after it)` : ' (see above)') +
        '.',
      '  Without access to that host, use a mirror of Electron’s releases and start again:',
      '    ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/ npm start',
      '  (the mirror holds v<version>/electron-v<version>-<platform>-<arch>.zip). A mirror of your',
      '  own builds also needs electron_use_remote_checksums=1 and its SHASUMS256.txt;',
      '  electron_config_cache sets where the download is kept.'
    ].join('\n')
  )
  process.exit(1)
}
