import type { MenuItemConstructorOptions } from 'electron'

export interface MenuOptions {
  platform: NodeJS.Platform
  /** Development build: adds reload and developer tools, which a user build must not offer. */
  dev: boolean
  appName: string
  /** Help › About: the app's own About dialog (version, build, data folder, active profile). */
  onAbout?: () => void
  /** Help › Open logs folder: the folder of the log files, in the system's file manager. */
  onOpenLogs?: () => void
  /** Help › Check for Updates…: asks the update feed now and always answers (updates/). */
  onCheckForUpdates?: () => void
}

/**
 * The native menu as a plain template, built without Electron so a test can check it. Roles
 * give each item its platform behaviour; the accelerators are spelled out so the shortcuts are
 * visible here and in the test, not only inside Electron's role table.
 */
export function menuTemplate({
  platform,
  dev,
  appName,
  onAbout,
  onOpenLogs,
  onCheckForUpdates
}: MenuOptions): MenuItemConstructorOptions[] {
  const about: MenuItemConstructorOptions = { label: `About ${appName}`, click: () => onAbout?.() }
  // What support asks for: the files to attach, where the person can see them.
  const openLogs: MenuItemConstructorOptions = {
    label: 'Open Logs Folder',
    click: () => onOpenLogs?.()
  }
  const checkForUpdates: MenuItemConstructorOptions = {
    label: 'Check for Updates…',
    click: () => onCheckForUpdates?.()
  }
  const mac = platform === 'darwin'
  const template: MenuItemConstructorOptions[] = []

  if (mac) {
    template.push({
      label: appName,
      submenu: [
        about,
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide', accelerator: 'Command+H' },
        { role: 'hideOthers', accelerator: 'Command+Alt+H' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit', accelerator: 'Command+Q' }
      ]
    })
  } else {
    template.push({ label: '&File', submenu: [{ role: 'quit', accelerator: 'Ctrl+Q' }] })
  }

  template.push({
    label: mac ? 'Edit' : '&Edit',
    submenu: [
      { role: 'undo', accelerator: 'CmdOrCtrl+Z' },
      { role: 'redo', accelerator: mac ? 'Shift+Command+Z' : 'Ctrl+Y' },
      { type: 'separator' },
      { role: 'cut', accelerator: 'CmdOrCtrl+X' },
      { role: 'copy', accelerator: 'CmdOrCtrl+C' },
      { role: 'paste', accelerator: 'CmdOrCtrl+V' },
      { role: 'selectAll', accelerator: 'CmdOrCtrl+A' }
    ]
  })

  const devItems: MenuItemConstructorOptions[] = dev
    ? [
        { role: 'reload', accelerator: 'CmdOrCtrl+R' },
        { role: 'toggleDevTools', accelerator: mac ? 'Alt+Command+I' : 'Ctrl+Shift+I' },
        { type: 'separator' }
      ]
    : []
  template.push({
    label: mac ? 'View' : '&View',
    submenu: [
      ...devItems,
      { role: 'resetZoom', accelerator: 'CmdOrCtrl+0' },
      { role: 'zoomIn', accelerator: 'CmdOrCtrl+Plus' },
      { role: 'zoomOut', accelerator: 'CmdOrCtrl+-' },
      { type: 'separator' },
      { role: 'togglefullscreen', accelerator: mac ? 'Ctrl+Command+F' : 'F11' }
    ]
  })

  template.push({
    label: mac ? 'Window' : '&Window',
    role: 'windowMenu',
    submenu: mac
      ? [
          { role: 'minimize', accelerator: 'Command+M' },
          { role: 'zoom' },
          { type: 'separator' },
          { role: 'front' }
        ]
      : [
          { role: 'minimize', accelerator: 'Ctrl+M' },
          { role: 'close', accelerator: 'Ctrl+W' }
        ]
  })
  template.push({
    label: mac ? 'Help' : '&Help',
    role: 'help',
    // On macOS About sits in the app menu, as the platform expects.
    submenu: mac
      ? [checkForUpdates, openLogs]
      : [checkForUpdates, openLogs, { type: 'separator' }, about]
  })
  return template
}
