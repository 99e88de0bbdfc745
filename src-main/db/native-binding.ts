import { join } from 'node:path'

/**
 * Which better-sqlite3 addon to load. Under Node (tests, CLI, sandbox) the package's own build
 * is right, so the answer is undefined (better-sqlite3's default). Under Electron it is the
 * separate build that `npm start` made with scripts/native-binding.mjs, because Electron's
 * native ABI differs from Node's and one build cannot serve both.
 */
export function nativeBindingPath(
  appRoot: string,
  versions: NodeJS.ProcessVersions = process.versions,
  platform: string = process.platform,
  arch: string = process.arch,
  /** In an installed app electron-builder rebuilt the package's own addon for Electron. */
  packaged = false
): string | undefined {
  if (!versions.electron || packaged) return undefined
  return join(
    appRoot,
    'native',
    `electron-${versions.electron}-${platform}-${arch}`,
    'better_sqlite3.node'
  )
}
