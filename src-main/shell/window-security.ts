import { HELP_PAGES as SHARED_HELP_PAGES } from '@shared/help-pages'
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
    spellcheck: false,
    // A middle click on a link fires `auxclick`, which can open a window the app never asked
    // for; with the event gone, links open only through setWindowOpenHandler's rules.
    disableBlinkFeatures: 'Auxclick'
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

/**
 * Documentation pages StayDesk links to, reviewed one by one: links to their origins open in
 * the browser without a question. Add a page only with the reason the app links to it.
 */
export const HELP_PAGES = [
  {
    url: SHARED_HELP_PAGES.tokenStorage,
    reason: "How a saved token is encrypted with the system's key store (token-storage explanation)"
  }
] as const satisfies readonly { url: string; reason: string }[]

/**
 * The origins whose links open at once: the active profile's own service (its pages name
 * bookings and listings the user works on) and the help pages. Any other https address is
 * asked about first.
 */
export function allowedLinkOrigins(activeBaseUrl: string | undefined): string[] {
  const origins = HELP_PAGES.map((page) => new URL(page.url).origin)
  const active = originOf(activeBaseUrl)
  return active === undefined ? origins : [active, ...origins]
}

/** One e-mail address, as the booking page writes a mailto: link (percent-encoded, no query). */
const MAIL_ADDRESS = /^[^\s?#&/:@]+@[^\s?#&/:@]+$/
/** A phone number: digits with an optional leading +, and the separators people write. */
const PHONE_NUMBER = /^\+?[\d\s().-]{3,30}$/

/**
 * What happens to a link a page opens (checklist E4): `mailto:` one address and `tel:` one
 * number open the mail or phone program (the guest's contact on the booking page); plain https to an allowed origin opens in
 * the system browser, any other plain https address only after the user confirms it, and
 * everything else is refused without a question: http (readable and changeable on the way),
 * file: and smb: (run or read local and network files), javascript:, custom schemes (start
 * other programs), and addresses carrying a user name or password (`https://bank@evil.example`
 * reads as the bank's).
 */
export function externalLinkDecision(
  url: string,
  allowedOrigins: readonly string[]
): 'open' | 'ask' | 'refuse' {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return 'refuse'
  }
  // A guest's e-mail address or phone number on the booking page: the mail or phone program,
  // with nothing but the address or number (no subject, body or attachment an address could add).
  if (target.protocol === 'mailto:') return MAIL_ADDRESS.test(url.slice(7)) ? 'open' : 'refuse'
  if (target.protocol === 'tel:') return PHONE_NUMBER.test(url.slice(4)) ? 'open' : 'refuse'
  if (target.protocol !== 'https:' || target.username !== '' || target.password !== '') {
    return 'refuse'
  }
  // Compared as parsed origins, so `https://Example.com:443/` matches `https://example.com`.
  return allowedOrigins.some((allowed) => originOf(allowed) === target.origin) ? 'open' : 'ask'
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
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
