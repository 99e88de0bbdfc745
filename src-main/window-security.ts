import type { WebPreferences } from 'electron'

/**
 * The security settings of every StayDesk window, in one place so a test can hold them to the
 * Electron security checklist: isolated, sandboxed renderer without Node, web security on.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false
  }
}

/**
 * Whether the window may show `url`: only the app's own pages (the built files, or the dev
 * server in development). Compared as parsed origins, never as string prefixes, so that
 * `http://localhost:5173.evil.example` is not mistaken for the dev server. A `file:` URL must
 * also have an empty host: `file://server/<entry path>` names a file on another machine (a
 * Windows share), not the app's own copy, even though its path is the same.
 */
export function isAppUrl(url: string, appEntryUrl: string): boolean {
  let target: URL
  let entry: URL
  try {
    target = new URL(url)
    entry = new URL(appEntryUrl)
  } catch {
    return false
  }
  if (entry.protocol === 'file:') {
    return target.protocol === 'file:' && target.host === '' && target.pathname === entry.pathname
  }
  return target.protocol === entry.protocol && target.host === entry.host
}

/** External links open in the system browser only when they are plain https URLs. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === 'https:' && u.username === '' && u.password === ''
  } catch {
    return false
  }
}

/** The part of Electron's Session that grants permissions, so a test can drive the handlers. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      webContents: unknown,
      permission: string,
      callback: (granted: boolean) => void
    ) => void
  ): void
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void
}

/**
 * StayDesk needs no device or browser permission (camera, notifications, geolocation, opening
 * external protocols...), and Electron grants every one by default, so both the asynchronous
 * requests and the synchronous checks are refused, for every session.
 */
export function denyAllPermissions(session: PermissionSession): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
}
