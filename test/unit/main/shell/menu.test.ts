import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it } from 'vitest'
import { menuTemplate } from '../../../../src-main/shell/menu'

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((m) => [m, ...items((m.submenu as MenuItemConstructorOptions[]) ?? [])])
}
const byRole = (template: MenuItemConstructorOptions[]) =>
  new Map(
    items(template)
      .filter((i) => i.role)
      .map((i) => [i.role, i.accelerator])
  )

describe('native menu', () => {
  it.each(['linux', 'win32', 'darwin'] as const)(
    'has the usual edit shortcuts on %s',
    (platform) => {
      const roles = byRole(menuTemplate({ platform, dev: false, appName: 'StayDesk' }))
      expect(roles.get('undo')).toBe('CmdOrCtrl+Z')
      expect(roles.get('redo')).toBe(platform === 'darwin' ? 'Shift+Command+Z' : 'Ctrl+Y')
      expect(roles.get('cut')).toBe('CmdOrCtrl+X')
      expect(roles.get('copy')).toBe('CmdOrCtrl+C')
      expect(roles.get('paste')).toBe('CmdOrCtrl+V')
      expect(roles.get('selectAll')).toBe('CmdOrCtrl+A')
      expect(roles.get('zoomIn')).toBe('CmdOrCtrl+Plus')
      expect(roles.get('zoomOut')).toBe('CmdOrCtrl+-')
      expect(roles.get('resetZoom')).toBe('CmdOrCtrl+0')
      expect(roles.has('minimize')).toBe(true)
      expect(roles.has('quit')).toBe(true)
    }
  )

  it('offers reload and developer tools only in development', () => {
    const user = byRole(menuTemplate({ platform: 'linux', dev: false, appName: 'StayDesk' }))
    expect(user.has('reload')).toBe(false)
    expect(user.has('forceReload')).toBe(false)
    expect(user.has('toggleDevTools')).toBe(false)
    const dev = byRole(menuTemplate({ platform: 'linux', dev: true, appName: 'StayDesk' }))
    expect(dev.get('reload')).toBe('CmdOrCtrl+R')
    expect(dev.get('toggleDevTools')).toBe('Ctrl+Shift+I')
  })

  it.each(['linux', 'win32', 'darwin'] as const)(
    'opens the app’s own About dialog from the menu on %s',
    (platform) => {
      let opened = 0
      const template = menuTemplate({
        platform,
        dev: false,
        appName: 'StayDesk',
        onAbout: () => opened++
      })
      const about = items(template).find((i) => i.label === 'About StayDesk')
      expect(about).toBeDefined()
      ;(about!.click as () => void)()
      expect(opened).toBe(1)
      // Never Electron's own panel, which knows nothing of the data folder or the profile.
      expect(items(template).some((i) => i.role === 'about')).toBe(false)
    }
  )

  // Help's own items, for a person asked to send their logs or to get the latest version.
  const helpItems = [
    ['Open Logs Folder', 'onOpenLogs'],
    ['Check for Updates…', 'onCheckForUpdates']
  ] as const
  it.each(
    helpItems.flatMap(([label, option]) =>
      (['linux', 'win32', 'darwin'] as const).map((platform) => [label, option, platform] as const)
    )
  )('runs Help › %s (%s) on %s', (label, option, platform) => {
    let clicked = 0
    const template = menuTemplate({
      platform,
      dev: false,
      appName: 'StayDesk',
      [option]: () => clicked++
    })
    const help = template.find((m) => m.role === 'help')!
    const item = (help.submenu as MenuItemConstructorOptions[]).find((i) => i.label === label)
    expect(item).toBeDefined()
    ;(item!.click as () => void)()
    expect(clicked).toBe(1)
  })

  it('puts the app menu first on macOS, named after the app', () => {
    const [first] = menuTemplate({ platform: 'darwin', dev: false, appName: 'StayDesk' })
    expect(first.label).toBe('StayDesk')
    expect(byRole([first]).get('quit')).toBe('Command+Q')
    expect(byRole([first]).has('hide')).toBe(true)
  })
})
