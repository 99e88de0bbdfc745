import type { Configuration } from 'electron-builder'

/**
 * Installers for StayDesk (`npm run dist` builds the current platform's on a machine that can
 * download Electron): Linux AppImage and deb, macOS dmg, Windows NSIS. The app is what
 * `electron-vite build` put in out/ plus the production dependencies main loads at run time
 * (the renderer's libraries are bundled into out/renderer, so they are devDependencies).
 * test/unit/main/installer-config.test.ts holds this file to the release rules.
 */
const config: Configuration = {
  appId: 'com.staydesk.desktop',
  productName: 'StayDesk',
  copyright: 'Copyright © 2026 StayDesk',
  directories: { output: 'dist', buildResources: 'build' },
  files: ['out/**/*', 'package.json', '!**/*.map', '!out-*/**'],
  asar: true,
  // better-sqlite3 is rebuilt for the packaged Electron (its .node addon is unpacked from the
  // asar automatically, as native addons must be loadable from disk).
  npmRebuild: true,
  nodeGypRebuild: false,
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
    category: 'Office',
    icon: 'build/icon.png',
    maintainer: 'StayDesk <support@staydesk.example>',
    synopsis: 'Back office for holiday-rental property managers and support staff'
  },
  deb: {
    // libsecret is what Electron's safeStorage uses to keep tokens in the desktop keyring.
    depends: ['libsecret-1-0', 'libnss3', 'libgtk-3-0', 'libxss1', 'libasound2']
  },
  mac: {
    target: ['dmg'],
    category: 'public.app-category.business',
    icon: 'build/icon.png',
    hardenedRuntime: true
  },
  win: { target: ['nsis'], icon: 'build/icon.png' },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    // Profiles, tokens and offline copies stay when the app is removed: they are the user's.
    deleteAppDataOnUninstall: false
  }
}

export default config
