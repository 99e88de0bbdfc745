import { BrowserWindow, type BaseWindow, type MessageBoxOptions, type WebContents } from 'electron'
import { join } from 'node:path'
import { externalLinkDecision, isAppUrl, secureWebPreferences } from './window-security'
import type { WindowState } from './window-state'

/** Where the renderer comes from: the dev server under `npm start`, the built files otherwise. */
export function rendererEntryUrl(isPackaged: boolean): string {
  // Remote content only ever comes from electron-vite's dev server in an unpackaged run (E11).
  const dev = process.env.ELECTRON_RENDERER_URL
  if (dev && !isPackaged) return dev
  return new URL(`file://${join(import.meta.dirname, '../renderer/index.html')}`).href
}

/**
 * The parts of Electron a link needs to leave the app (`shell`, `dialog`, and
 * `BrowserWindow.fromWebContents`), passed in rather than imported so a test can count what
 * was asked and opened.
 */
export interface ExternalLinkDeps {
  shell: { openExternal(url: string): Promise<void> }
  dialog: {
    showMessageBox(window: BaseWindow, options: MessageBoxOptions): Promise<{ response: number }>
    showMessageBox(options: MessageBoxOptions): Promise<{ response: number }>
  }
  /** The window a question is attached to; null for contents outside a window. */
  windowOf(contents: WebContents): BaseWindow | null
}

const OPEN = 0

/**
 * Every web contents gets the same guards: no navigation away from the app, no new windows,
 * no webviews. A link the page opens goes to the system browser by externalLinkDecision: at
 * once for `allowedOrigins()` (read at each click, so it follows the active profile), after a
 * question naming the full address for any other https address, never for anything else.
 */
export function guardWebContents(
  contents: WebContents,
  entryUrl: string,
  allowedOrigins: () => readonly string[],
  links: ExternalLinkDeps
): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, entryUrl)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url, entryUrl)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())

  // One question at a time: a page opening links in a loop must not stack up dialogs.
  let asking = false
  const openLink = async (url: string): Promise<void> => {
    const decision = externalLinkDecision(url, allowedOrigins())
    if (decision === 'refuse' || (decision === 'ask' && asking)) return
    // The parsed form is both what the question shows and what opens (host in punycode).
    const href = new URL(url).href
    if (decision === 'ask') {
      asking = true
      try {
        const options: MessageBoxOptions = {
          type: 'question',
          message: 'Open this address in your browser?',
          detail: href,
          buttons: ['Open', 'Cancel'],
          defaultId: 1,
          cancelId: 1,
          noLink: true
        }
        const window = links.windowOf(contents)
        const { response } = window
          ? await links.dialog.showMessageBox(window, options)
          : await links.dialog.showMessageBox(options)
        if (response !== OPEN) return
      } finally {
        asking = false
      }
    }
    await links.shell.openExternal(href)
  }
  contents.setWindowOpenHandler(({ url }) => {
    openLink(url).catch((err: unknown) => console.error('opening a link failed:', err))
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
