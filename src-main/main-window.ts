import { BrowserWindow, shell, type WebContents } from 'electron'
import { join } from 'node:path'
import { isAppUrl, isSafeExternalUrl, secureWebPreferences } from './window-security'
import type { WindowState } from './window-state'

/** Where the renderer comes from: the dev server under `npm start`, the built files otherwise. */
export function rendererEntryUrl(isPackaged: boolean): string {
  // Remote content only ever comes from electron-vite's dev server in an unpackaged run (E11).
  const dev = process.env.ELECTRON_RENDERER_URL
  if (dev && !isPackaged) return dev
  return new URL(`file://${join(import.meta.dirname, '../renderer/index.html')}`).href
}

/**
 * Every web contents gets the same guards: no navigation away from the app, no new windows
 * (https links go to the system browser), no webviews.
 */
export function guardWebContents(contents: WebContents, entryUrl: string): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, entryUrl)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, entryUrl)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
}

export function createMainWindow(
  entryUrl: string,
  opts: { bounds: WindowState; title: string }
): BrowserWindow {
  const { maximized, ...bounds } = opts.bounds
  const win = new BrowserWindow({
    ...bounds,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: opts.title,
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(join(import.meta.dirname, '../preload/preload.cjs'))
  })
  // The title names the active profile (main sets it); a page <title> must not replace it.
  win.on('page-title-updated', (event) => event.preventDefault())
  // Shown once painted, so the user never sees an empty white frame.
  win.once('ready-to-show', () => {
    if (maximized) win.maximize()
    win.show()
  })
  void win.loadURL(entryUrl)
  return win
}
