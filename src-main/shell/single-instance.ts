/** The part of Electron's `app` the single-instance lock needs, so a test can use a fake. */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean
  quit(): void
  on(event: 'second-instance', listener: () => void): unknown
}

/**
 * One StayDesk per user at a time. Two instances would each rewrite profiles.json from their
 * own copy (losing the other's changes) and run two syncs into the same mirror. The first
 * instance holds Electron's lock; a later one quits at once and Electron tells the first
 * ('second-instance'), which brings its window forward with `focus`, so starting StayDesk
 * again shows the window the user already has.
 *
 * Returns whether this process is the one instance; when it is not, the caller starts nothing.
 */
export function holdSingleInstance(app: SingleInstanceApp, focus: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', () => focus())
  return true
}

/** The part of a BrowserWindow that focusWindow uses. */
export interface FocusableWindow {
  isDestroyed(): boolean
  isMinimized(): boolean
  restore(): void
  focus(): void
}

/**
 * Brings `win` to the front, restoring it first if minimized (focus alone leaves a minimized
 * window in the taskbar). Returns false when there is no window to show, so the caller can
 * open one (macOS keeps the app running with every window closed).
 */
export function focusWindow(win: FocusableWindow | undefined): boolean {
  if (!win || win.isDestroyed()) return false
  if (win.isMinimized()) win.restore()
  win.focus()
  return true
}
