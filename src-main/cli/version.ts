import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Set by scripts/build-cli.mjs (and, for the app, electron.vite.config.ts) at build time; absent
 * when the sources run as they are (tests).
 */
declare const STAYDESK_VERSION: string | undefined

export interface VersionInfo {
  version: string | null
  commit: string | null
}

/** The version and the commit the command line was built from, when known. */
export function versionInfo(): VersionInfo {
  const commit = typeof STAYDESK_BUILD === 'undefined' ? null : STAYDESK_BUILD.commit
  const version =
    typeof STAYDESK_VERSION === 'undefined' || !STAYDESK_VERSION
      ? packageVersion()
      : STAYDESK_VERSION
  return { version, commit }
}

/** `staydesk 0.1.0 (commit 0331003)`. */
export function versionLine(info: VersionInfo = versionInfo()): string {
  return `staydesk ${info.version ?? '(version unknown)'}${info.commit ? ` (commit ${info.commit})` : ''}`
}

/** Without a build, the package.json of the checkout these sources are in. */
function packageVersion(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let up = 0; up < 4; up++) {
    const file = join(dir, 'package.json')
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
        if (pkg.name === 'staydesk' && pkg.version) return pkg.version
      } catch {
        return null
      }
    }
    dir = dirname(dir)
  }
  return null
}
