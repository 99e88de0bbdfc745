import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import config from '../../../electron-builder.config'

/**
 * The installers can't be built here (Electron can't be downloaded), so their configuration is
 * held to the release rules instead: every platform's target, the app's identity and icon, the
 * native addon rebuilt for Electron, and the fuses of a production app.
 */
const root = resolve(import.meta.dirname, '../../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  main: string
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

describe('installer configuration', () => {
  it('builds AppImage and deb, dmg and nsis, under the app’s name, id and icon', () => {
    expect(config.appId).toBe('com.staydesk.desktop')
    expect(config.productName).toBe('StayDesk')
    expect(config.linux?.target).toEqual(['AppImage', 'deb'])
    expect(config.mac?.target).toEqual(['dmg'])
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

  it('packs the built app only, into an asar, with better-sqlite3 rebuilt for Electron', () => {
    expect(config.asar).toBe(true)
    expect(config.npmRebuild).toBe(true)
    expect(config.files).toContain('out/**/*')
    expect(pkg.main.startsWith('./out/')).toBe(true)
    expect(pkg.dependencies['better-sqlite3']).toBeDefined()
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

  it('has `npm run dist` build the app, then the current platform’s installer', () => {
    expect(pkg.scripts.dist).toBe(
      'electron-vite build && electron-builder --config electron-builder.config.ts'
    )
    expect(pkg.devDependencies['electron-builder']).toBeDefined()
  })
})
