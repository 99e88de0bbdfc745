import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import config, {
  builderConfig,
  electronAddon,
  packagedAddon
} from '../../../electron-builder.config'
import { electronAddonPath } from '../../../scripts/native-binding-lib.mjs'
import { PACKAGED_ADDON } from '../../../src-main/db/native-binding'

/**
 * The installers can't be built here (Electron can't be downloaded), so their configuration is
 * held to the release rules instead: every platform's target, the app's identity and icon, the
 * Electron build of the native addon shipped without touching Node's, the deb's dependencies,
 * the update feed, and the fuses of a production app.
 */
const root = resolve(import.meta.dirname, '../../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  main: string
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

describe('installer configuration', () => {
  it('builds AppImage and deb, dmg (with the zip macOS updates install from) and nsis, under the app’s name, id and icon', () => {
    expect(config.appId).toBe('com.staydesk.desktop')
    expect(config.productName).toBe('StayDesk')
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    expect(config.mac?.target).toEqual(['dmg', 'zip'])
    expect(config.win?.target).toEqual(['nsis'])
    for (const icon of [config.linux?.icon, config.mac?.icon, config.win?.icon]) {
      expect(icon).toBe('build/icon.png')
    }
    // A 1024 px PNG: electron-builder derives every platform's sizes from it.
    const png = readFileSync(resolve(root, 'build/icon.png'))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(1024)
    expect(png.readUInt32BE(20)).toBe(1024)
  })

  it('ships the command line’s launcher on every platform, and the installers put it on the PATH', () => {
    const shipped = (list: unknown) =>
      (list as { from: string; to: string }[] | undefined)?.map((e) => `${e.from} -> ${e.to}`)
    // Linux: `staydesk` beside the app's binary (renamed so the launcher can have the name), and
    // the deb's /usr/bin/staydesk.
    expect(config.linux?.executableName).toBe('staydesk-desktop')
    expect(shipped(config.linux?.extraFiles)).toEqual(['build/cli/linux/staydesk -> staydesk'])
    expect(config.deb?.fpm).toEqual([
      `${resolve(root, 'build/cli/linux/staydesk')}=/usr/bin/staydesk`
    ])
    expect(shipped(config.mac?.extraResources)).toEqual([
      'build/cli/macos/staydesk -> bin/staydesk'
    ])
    expect(shipped(config.win?.extraResources)).toEqual([
      'build/cli/windows/staydesk.cmd -> bin/staydesk.cmd'
    ])
    expect(config.nsis?.include).toBe('build/cli/windows/installer.nsh')
    for (const file of [
      'build/cli/linux/staydesk',
      'build/cli/macos/staydesk',
      'build/cli/windows/staydesk.cmd',
      'build/cli/windows/installer.nsh'
    ]) {
      expect(readFileSync(resolve(root, file), 'utf8')).toMatch(/--cli|resources\\bin/)
    }
    // The npm bundle of the command line stays out of the app, which has its own in out/main.
    expect(config.files).toContain('!out/cli/**')
  })

  it('runs the app from staydesk.cmd directly, so stdout stays apart from stderr and arguments are read once', () => {
    const cmd = readFileSync(resolve(root, 'build/cli/windows/staydesk.cmd'), 'utf8')
    const code = cmd.split(/\r?\n/).filter((line) => line && !/^(@echo off|rem\b)/.test(line))
    expect(code).toEqual(['"%~dp0..\\..\\StayDesk.exe" --cli %*', 'exit /b %ERRORLEVEL%'])
  })

  it('edits the Windows PATH of the install’s scope as a list, unexpanded, with the folder outside the command', () => {
    // Windows and PowerShell can't run here: the include is held to the rules that keep a PATH
    // whole (makensis compiles it; checked by hand with Debian's nsis).
    const nsh = readFileSync(resolve(root, 'build/cli/windows/installer.nsh'), 'utf8')
    const code = nsh
      .split('\n')
      .filter((line) => !line.startsWith(';'))
      .join('\n')
    const command = /nsExec::Exec `([^`]*)`/.exec(code)?.[1] ?? ''
    expect(command).toMatch(/^powershell /)
    // The folder comes in through the environment: a quote in it (O'Brien) can't end a string.
    expect(command).not.toContain('$INSTDIR')
    expect(command).toContain('$$d = $$env:STAYDESK_BIN')
    expect(code).toMatch(/StrCpy \$0 "\$INSTDIR\\resources\\bin"/)
    expect(code).toContain(`SetEnvironmentVariable(t "STAYDESK_BIN", t r0)`)
    // Read as stored (%USERPROFILE%\… stays a reference) and written back as REG_EXPAND_SZ.
    expect(command).toContain(`GetValue('Path', '', 'DoNotExpandEnvironmentNames')`)
    expect(command).toContain(`SetValue('Path', ($$parts -join ';'), 'ExpandString')`)
    expect(command).not.toMatch(/\[Environment\]::(Get|Set)EnvironmentVariable/)
    // An all-users install changes the machine's Path, a per-user one the user's.
    expect(code).toMatch(/\$\{if\} \$installMode == "all"\s+System::Call '[^']*"machine"/)
    expect(command).toContain(
      `LocalMachine.OpenSubKey('SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment', $$true)`
    )
    expect(command).toContain(`CurrentUser.CreateSubKey('Environment')`)
    // Running programs are told, since the registry API tells no one.
    expect(code).toContain('SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment"')
    expect(code).toMatch(/!macro customInstall\s+!insertmacro staydeskPath add\s+!macroend/)
    expect(code).toMatch(/!macro customUnInstall\s+!insertmacro staydeskPath remove\s+!macroend/)
  })

  it('packs the built app into an asar, with the Electron addon from native/ and not Node’s', () => {
    expect(config.asar).toBe(true)
    expect(config.files).toContain('out/**/*')
    expect(pkg.main.startsWith('./out/')).toBe(true)
    expect(pkg.dependencies['better-sqlite3']).toBeDefined()
    // Rebuilding in place would leave node_modules/better-sqlite3 built for Electron, and the
    // command line and the tests broken after a dist.
    expect(config.npmRebuild).toBe(false)
    expect(config.nodeGypRebuild).toBe(false)
    expect(config.files).toContain('!node_modules/better-sqlite3/{build,deps,src}/**')
    const electronVersion = (
      JSON.parse(readFileSync(resolve(root, 'node_modules/electron/package.json'), 'utf8')) as {
        version: string
      }
    ).version
    expect(electronAddon).toBe(
      `native/electron-${electronVersion}-${process.platform}-${process.arch}/better_sqlite3.node`
    )
    // The path native-binding.mjs builds the addon at, from the one helper both use.
    expect(electronAddon).toBe(electronAddonPath(electronVersion, process.platform, process.arch))
    expect(config.extraResources).toEqual([{ from: electronAddon, to: packagedAddon }])
    // …where the installed app looks for it.
    expect(resolve('/r', packagedAddon)).toBe(resolve('/r', PACKAGED_ADDON))
  })

  it('makes the deb depend on what Electron needs, and on libsecret for the token keyring', () => {
    // electron-builder's own list, which a `depends` list replaces rather than extends.
    const require = createRequire(resolve(root, 'package.json'))
    const { default: FpmTarget } = require('app-builder-lib/out/targets/FpmTarget') as {
      default: { prototype: { getDefaultDepends(target: string): string[] } }
    }
    const defaults = FpmTarget.prototype.getDefaultDepends.call(null, 'deb')
    expect(defaults).toContain('xdg-utils')
    const depends = config.deb?.depends as string[]
    expect(depends).toEqual(expect.arrayContaining([...defaults, 'libsecret-1-0']))
    expect(new Set(depends).size).toBe(depends.length)
  })

  it('publishes an update feed only when the build is given STAYDESK_UPDATE_URL', () => {
    expect(builderConfig({}).publish).toBeUndefined()
    expect(
      builderConfig({ STAYDESK_UPDATE_URL: 'https://updates.staydesk.example/linux' }).publish
    ).toEqual({
      provider: 'generic',
      url: 'https://updates.staydesk.example/linux'
    })
  })

  it('sets the fuses of a production app', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false
    })
  })

  it('has `npm run dist` build the app and the Electron addon, then the platform’s installer', () => {
    expect(pkg.scripts.dist).toBe(
      'electron-vite build && node scripts/native-binding.mjs electron && electron-builder --config electron-builder.config.ts'
    )
    expect(pkg.devDependencies['electron-builder']).toBeDefined()
  })
})
