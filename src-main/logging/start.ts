import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { LogFields } from './log'

export interface StartInfo {
  version: string
  build?: { commit: string | null; builtAt: string | null }
  packaged: boolean
  platform: NodeJS.Platform
  arch: string
  /** process.versions: Electron's, Chromium's and Node's. */
  versions: Partial<Record<'electron' | 'chrome' | 'node', string>>
  /** The profile the app opens on (none when start-up failed before it was known). */
  profile?: { id: string; kind: string; baseUrl: string }
}

/**
 * The fields of the line each start writes: what support asks first (which StayDesk, on what,
 * against which kind of profile). The service is named by its origin only: a base URL's path,
 * query or user part could carry a key, and never reaches the log.
 */
export function startFields(info: StartInfo): LogFields {
  let service: string | null = null
  try {
    if (info.profile) service = new URL(info.profile.baseUrl).origin
  } catch {
    // A base URL that does not parse is left out rather than written as it is.
  }
  return {
    version: info.version,
    commit: info.build?.commit ?? null,
    builtAt: info.build?.builtAt ?? null,
    packaged: info.packaged,
    platform: info.platform,
    arch: info.arch,
    electron: info.versions.electron ?? null,
    chrome: info.versions.chrome ?? null,
    node: info.versions.node ?? null,
    profile: info.profile ? { id: info.profile.id, kind: info.profile.kind } : null,
    service
  }
}

/**
 * Crash dumps are snapshots of a process's memory, which may hold a typed card number or a
 * token: a user's installed StayDesk keeps none. Everything in Electron's crashDumps folder is
 * removed (a dump written before this policy, or by a crash the reporter caught anyway); the
 * folder itself stays. Returns how many entries were removed. A missing folder is nothing to do.
 */
export function purgeCrashDumps(dir: string): number {
  let entries: string[]
  try {
    entries = readdirSync(dir)
  } catch {
    return 0
  }
  let removed = 0
  for (const entry of entries) {
    try {
      rmSync(join(dir, entry), { recursive: true, force: true })
      removed++
    } catch {
      // A file another process holds open (Windows) goes on a later start.
    }
  }
  return removed
}
