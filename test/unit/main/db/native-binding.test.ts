import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nativeBindingPath } from '../../../../src-main/db/native-binding'
import { packagedAddon } from '../../../../electron-builder.config'

const electron = { ...process.versions, electron: '45.4.1' }

describe('which better-sqlite3 addon the app loads', () => {
  it('is the package’s own under Node', () => {
    expect(nativeBindingPath('/app', process.versions)).toBe(undefined)
  })

  it('is native/’s Electron build in development', () => {
    expect(nativeBindingPath('/app', electron, 'linux', 'x64', false, '/res')).toBe(
      join('/app', 'native', 'electron-45.4.1-linux-x64', 'better_sqlite3.node')
    )
  })

  it('is the Electron build the installer ships in its resources, once installed', () => {
    // The package's own addon is Node's and is left out of the app, so undefined (its default)
    // would not load.
    expect(
      nativeBindingPath('/app', electron, 'linux', 'x64', true, '/opt/StayDesk/resources')
    ).toBe(join('/opt/StayDesk/resources', packagedAddon))
  })

  it('says so when an installed app is given no resources folder', () => {
    expect(() => nativeBindingPath('/app', electron, 'linux', 'x64', true, '')).toThrow(
      /resources path/
    )
  })
})
