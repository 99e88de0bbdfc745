import { join } from 'node:path'
import { electronAddonPath } from '../../scripts/native-binding-lib.mjs'

/** Where electron-builder.config.ts puts the Electron addon, relative to the resources folder. */
export const PACKAGED_ADDON = join('native', 'better_sqlite3.node')

/**
 * Which better-sqlite3 addon to load. Under Node (tests, CLI, sandbox) the package's own build
 * is right, so the answer is undefined (better-sqlite3's default). Under Electron it is the
 * separate build scripts/native-binding.mjs made and checked for Electron's ABI and the installed
 * better-sqlite3 (`prestart` runs it before every start), because Electron's native ABI differs
 * from Node's and one build cannot serve both: in development
 * native/electron-<version>-<platform>-<arch>/ in the project (the path the script's library
 * gives, electronAddonPath), in an installed app the copy
 * `npm run dist` ships as an extra resource (electron-builder.config.ts), beside the asar. The
 * package's own addon is Node's and is left out of the installed app.
 */
export function nativeBindingPath(
  appRoot: string,
  versions: NodeJS.ProcessVersions = process.versions,
  platform: string = process.platform,
  arch: string = process.arch,
  packaged = false,
  /** Electron's resources folder (process.resourcesPath), where an installed app's addon is. */
  resourcesPath: string | undefined = (process as { resourcesPath?: string }).resourcesPath
): string | undefined {
  if (!versions.electron) return undefined
  if (packaged) {
    if (!resourcesPath) throw new Error('a packaged app needs its resources path for SQLite')
    return join(resourcesPath, PACKAGED_ADDON)
  }
  return join(appRoot, electronAddonPath(versions.electron, platform, arch))
}
