/**
 * The pure parts of the start chain's scripts (native-binding.mjs, electron-binary.mjs): how a
 * native addon's ABI is read, where the Electron addon is kept and when it is built again, which
 * commands are run and with what environment. Kept apart so unit tests can hold them to every
 * platform's paths without running a build; electron-builder.config.ts and the main process
 * (src-main/db/native-binding.ts) take the addon's path from here too, so all three agree.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Where Electron's headers come from unless ELECTRON_HEADERS_MIRROR names a mirror. */
export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers'
/** Where @electron/get downloads Electron from unless ELECTRON_MIRROR names a mirror. */
export const ELECTRON_DOWNLOAD_URL = 'https://github.com/electron/electron/releases/download/'

/**
 * The Node ABI (NODE_MODULE_VERSION) an addon was built for, read from its bytes: addons that
 * register with NODE_MODULE_INIT, better-sqlite3 among them, export `node_register_module_v<ABI>`.
 * The same on every platform (ELF, Mach-O and PE keep export names as plain strings), and no
 * need to load the addon, which the wrong runtime couldn't. Undefined when no such symbol is
 * found.
 */
export function addonAbi(bytes) {
  const found = /node_register_module_v(\d+)/.exec(Buffer.from(bytes).toString('latin1'))
  return found ? Number(found[1]) : undefined
}

/** The folder name of the Electron build in native/. */
export function electronTag(version, platform, arch) {
  return `electron-${version}-${platform}-${arch}`
}

/**
 * The Electron build of better-sqlite3, relative to the project (with `/`, as electron-builder
 * takes it): native/electron-<version>-<platform>-<arch>/better_sqlite3.node. native-binding.mjs
 * makes it, the main process loads it in development, and `npm run dist` ships it.
 */
export function electronAddonPath(version, platform, arch) {
  return `native/${electronTag(version, platform, arch)}/better_sqlite3.node`
}

/**
 * The stamp kept beside the Electron addon: which better-sqlite3 it was built from. The folder
 * is named after Electron alone, and an addon of the right ABI still belongs to the JavaScript
 * of the better-sqlite3 it was built from: after an upgrade, the old build must not be kept and
 * shipped with the new JavaScript.
 */
export function addonStampPath(addon) {
  return `${addon}.json`
}

/** The stamp's text for an addon built from better-sqlite3 `version`. */
export function addonStamp(version) {
  return `${JSON.stringify({ 'better-sqlite3': version })}\n`
}

/**
 * What native/ keeps for an Electron build: undefined when there is no addon, else the ABI read
 * from its bytes and the better-sqlite3 version of its stamp (undefined when the stamp is
 * missing or unreadable, as for an addon kept before stamps were written).
 */
export function readKeptAddon(addon) {
  if (!existsSync(addon)) return undefined
  let sqlite
  try {
    const stamp = JSON.parse(readFileSync(addonStampPath(addon), 'utf8'))
    if (typeof stamp?.['better-sqlite3'] === 'string') sqlite = stamp['better-sqlite3']
  } catch {
    sqlite = undefined
  }
  return { abi: addonAbi(readFileSync(addon)), sqlite }
}

/**
 * Why the kept Electron addon can't be used, or undefined when it can: there is none, it is of
 * another ABI than Electron's, or it was built from another better-sqlite3 than the one
 * installed (or from an unknown one).
 */
export function keptAddonProblem(kept, want) {
  if (!kept) return 'there is none'
  if (kept.abi !== want.abi) {
    return `it is built for ABI ${kept.abi ?? 'unknown'}, Electron ${want.electron} needs ${want.abi}`
  }
  if (kept.sqlite !== want.sqlite) {
    return `it is built from better-sqlite3 ${kept.sqlite ?? 'of an unknown version'}, the installed one is ${want.sqlite}`
  }
  return undefined
}

function pathsFor(platform) {
  return platform === 'win32' ? path.win32 : path.posix
}

/**
 * npm's own CLI script, run with this Node and no shell: through a shell, `npm` and unquoted
 * arguments break where Node is installed under a path with spaces (C:\Program Files\nodejs).
 * npm sets npm_execpath for the scripts it runs; otherwise npm is the one installed with Node.
 */
export function npmCli({ platform, execPath, env }) {
  const p = pathsFor(platform)
  if (env.npm_execpath && /\.[cm]?js$/.test(env.npm_execpath)) return env.npm_execpath
  const bin = p.dirname(execPath)
  return platform === 'win32'
    ? p.join(bin, 'node_modules', 'npm', 'bin', 'npm-cli.js')
    : p.join(bin, '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js')
}

/** `npm <args>` as [command, args] for spawn without a shell. */
export function npmCommand(args, { platform, execPath, env }) {
  return [execPath, [npmCli({ platform, execPath, env }), ...args]]
}

/** `node-gyp <args>` as [command, args]: npm's node-gyp script, run with this Node. */
export function nodeGypCommand(args, { platform, execPath, env }) {
  const p = pathsFor(platform)
  const script =
    env.npm_config_node_gyp && /\.[cm]?js$/.test(env.npm_config_node_gyp)
      ? env.npm_config_node_gyp
      : p.join(
          p.dirname(p.dirname(npmCli({ platform, execPath, env }))),
          'node_modules',
          'node-gyp',
          'bin',
          'node-gyp.js'
        )
  return [execPath, [script, ...args]]
}

/**
 * The environment of an Electron build: npm's nodedir (npm exports its config to the scripts it
 * runs as npm_config_*) names the headers of a Node, and node-gyp would build against them
 * instead of Electron's, which is exactly a Node ABI addon in Electron's place.
 */
export function electronBuildEnv(env) {
  const out = { ...env }
  for (const key of Object.keys(out)) {
    if (/^npm_config_(nodedir|target|runtime|disturl|dist_url)$/i.test(key)) delete out[key]
  }
  return out
}

/** node-gyp's arguments for better-sqlite3 against Electron's headers (or their mirror). */
export function electronGypArgs({ version, arch, env }) {
  return [
    'rebuild',
    '--release',
    '--runtime=electron',
    `--target=${version}`,
    `--arch=${arch}`,
    `--dist-url=${env.ELECTRON_HEADERS_MIRROR || ELECTRON_HEADERS_URL}`
  ]
}

/** The URL install.js downloads Electron from, as @electron/get builds it (for error messages). */
export function electronDownloadUrl({ version, platform, arch, env }) {
  const base =
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.ELECTRON_MIRROR ||
    ELECTRON_DOWNLOAD_URL
  const dir = (
    env.npm_config_electron_custom_dir ||
    env.ELECTRON_CUSTOM_DIR ||
    `v${version}`
  ).replace('{{ version }}', version)
  return `${base}${dir}/electron-v${version}-${platform}-${arch}.zip`
}

/** Electron's executable inside its package's dist/, as install.js names it per platform. */
export function electronPlatformPath(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron'
  if (platform === 'win32') return 'electron.exe'
  return 'electron'
}
