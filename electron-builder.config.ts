import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Arch, type Configuration } from 'electron-builder'
import {
  electronAddonPath,
  keptAddonProblem,
  readKeptAddon
} from './scripts/native-binding-lib.mjs'

/**
 * Installers for StayDesk (`npm run dist` builds the current platform's on a machine that can
 * download Electron): Linux AppImage and deb, macOS dmg, Windows NSIS. The app is what
 * `electron-vite build` put in out/ plus the production dependencies main loads at run time
 * (the renderer's libraries are bundled into out/renderer, so they are devDependencies).
 * test/unit/repo/electron-builder.config.test.ts holds this file to the release rules, and
 * docs/releasing.md says how signed and updatable releases are built.
 */
const projectDir = fileURLToPath(new URL('.', import.meta.url))
const versionOf = (pkg: string): string =>
  (
    JSON.parse(readFileSync(join(projectDir, 'node_modules', pkg, 'package.json'), 'utf8')) as {
      version: string
    }
  ).version
const electronVersion = versionOf('electron')

/**
 * better-sqlite3 built for Electron's ABI by scripts/native-binding.mjs (the `dist` script runs
 * it first): the installed app loads it from its resources folder (src-main/db/native-binding.ts).
 * It is built on and for this machine's platform and architecture, so installers are too. Its
 * path comes from the script's own library, so the two can't disagree.
 */
export const electronAddon = electronAddonPath(electronVersion, process.platform, process.arch)
export const packagedAddon = 'native/better_sqlite3.node'

export function builderConfig(env: NodeJS.ProcessEnv = process.env): Configuration {
  return {
    appId: 'com.staydesk.desktop',
    productName: 'StayDesk',
    copyright: 'Copyright © 2026 StayDesk',
    directories: { output: 'dist', buildResources: 'build' },
    files: [
      'out/**/*',
      'package.json',
      '!**/*.map',
      '!out-*/**',
      // The command line's own bundle is for npm (bin/staydesk.mjs); the app answers `--cli`
      // with the copy electron-vite bundles into out/main.
      '!out/cli/**',
      // better-sqlite3's own build is Node's (tests, CLI): the app ships the Electron one below.
      '!node_modules/better-sqlite3/{build,deps,src}/**'
    ],
    extraResources: [{ from: electronAddon, to: packagedAddon }],
    asar: true,
    // Nothing is rebuilt in place: that would turn node_modules/better-sqlite3 into Electron's
    // build and break the command line and the tests after every `npm run dist`.
    npmRebuild: false,
    nodeGypRebuild: false,
    beforePack: (context) => {
      if (Arch[context.arch] !== process.arch) {
        throw new Error(
          `better-sqlite3 is built for ${process.arch} only: build the ${Arch[context.arch]} installer on a ${Arch[context.arch]} machine`
        )
      }
      // The same check as the script's: an addon of Electron's ABI, built from the better-sqlite3
      // whose JavaScript is shipped beside it.
      const problem = keptAddonProblem(readKeptAddon(join(projectDir, electronAddon)), {
        electron: electronVersion,
        abi: Number(
          readFileSync(join(projectDir, 'node_modules/electron/abi_version'), 'utf8').trim()
        ),
        sqlite: versionOf('better-sqlite3')
      })
      if (problem) {
        throw new Error(
          `${electronAddon} can't be shipped (${problem}): run \`node scripts/native-binding.mjs electron\``
        )
      }
    },
    electronFuses: {
      // No ELECTRON_RUN_AS_NODE: the app's binary can't be used as a plain Node to run other code.
      runAsNode: false,
      enableCookieEncryption: true,
      // No NODE_OPTIONS, --inspect or --remote-debugging style arguments from outside.
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      // The app loads only from its asar, and the asar is checked against the hash in the binary.
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      // The window is loaded from file:, which needs no privileges beyond the standard ones.
      grantFileProtocolExtraPrivileges: false
    },
    linux: {
      target: ['AppImage', 'deb'],
      // The app's binary is staydesk-desktop, so the command-line launcher (build/cli/linux,
      // `staydesk-desktop --cli ARGS` with no window) can be called staydesk.
      executableName: 'staydesk-desktop',
      extraFiles: [{ from: 'build/cli/linux/staydesk', to: 'staydesk' }],
      category: 'Office',
      icon: 'build/icon.png',
      maintainer: 'StayDesk <support@staydesk.example>',
      synopsis: 'Back office for holiday-rental property managers and support staff'
    },
    deb: {
      // A `depends` list replaces electron-builder's default one (there is no way to extend it),
      // so it is repeated here: what Electron needs (app-builder-lib's FpmTarget), with
      // libsecret-1-0, which Electron's safeStorage uses to keep tokens in the desktop keyring,
      // and libasound2, which Electron's binary links. installer-config.test.ts checks it against
      // the defaults of the electron-builder installed.
      // The launcher on every user's PATH (it finds the app in /opt/StayDesk).
      fpm: [`${join(projectDir, 'build/cli/linux/staydesk')}=/usr/bin/staydesk`],
      depends: [
        'libgtk-3-0',
        'libnotify4',
        'libnss3',
        'libxss1',
        'libxtst6',
        'xdg-utils',
        'libatspi2.0-0',
        'libuuid1',
        'libsecret-1-0',
        'libasound2'
      ]
    },
    mac: {
      // The zip is what electron-updater installs from on macOS (Squirrel.Mac); the dmg is for
      // a first install.
      target: ['dmg', 'zip'],
      // `staydesk` for the terminal: the user links it into their PATH (docs/command-line.md).
      // Platform extraResources add to the top-level ones (the addon).
      extraResources: [{ from: 'build/cli/macos/staydesk', to: 'bin/staydesk' }],
      category: 'public.app-category.business',
      icon: 'build/icon.png',
      hardenedRuntime: true
    },
    win: {
      target: ['nsis'],
      icon: 'build/icon.png',
      // staydesk.cmd, which the installer puts on the user's PATH (build/cli/windows/installer.nsh).
      extraResources: [{ from: 'build/cli/windows/staydesk.cmd', to: 'bin/staydesk.cmd' }]
    },
    nsis: {
      include: 'build/cli/windows/installer.nsh',
      oneClick: false,
      perMachine: false,
      allowToChangeInstallationDirectory: true,
      // Profiles, tokens and offline copies stay when the app is removed: they are the user's.
      deleteAppDataOnUninstall: false
    },
    // Updates are offered from STAYDESK_UPDATE_URL when the build sets it (electron-updater reads
    // the feed electron-builder writes as app-update.yml); without it the build has no feed.
    ...(env.STAYDESK_UPDATE_URL
      ? { publish: { provider: 'generic' as const, url: env.STAYDESK_UPDATE_URL } }
      : {})
  }
}

export default builderConfig()
