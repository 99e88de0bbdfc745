import type { MessageBoxOptions, WebContents } from 'electron'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { guardWebContents, type ExternalLinkDeps } from '../../../../src-main/shell/main-window'
import {
  allowedLinkOrigins,
  externalLinkDecision,
  HELP_PAGES
} from '../../../../src-main/shell/window-security'

// main-window.ts imports Electron for createMainWindow; guardWebContents must use only what it
// is given, so the stand-in module is empty and any other use of Electron fails the test.
vi.mock('electron', () => ({}))

const ENTRY = 'file:///opt/staydesk/out/renderer/index.html'
const SERVICE = 'https://api.rentals.example'
const SAFE_STORAGE = 'https://www.electronjs.org/docs/latest/api/safe-storage'
const WINDOW = { id: 'main window' }

/** A web contents that records the handlers the guard installs, and opens links through them. */
function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void }, url: string) => void>()
  let openHandler: ((details: { url: string }) => { action: string }) | undefined
  const contents = {
    on: (name: string, fn: (event: { preventDefault(): void }, url: string) => void) => {
      listeners.set(name, fn)
      return contents
    },
    setWindowOpenHandler: (fn: typeof openHandler) => void (openHandler = fn)
  }
  return {
    contents: contents as unknown as WebContents,
    /** What a page's window.open or target=_blank link returns to Chromium. */
    open: (url: string) => openHandler!({ url }),
    /** Whether a navigation of the window itself to `url` would go ahead. */
    navigates: (name: 'will-navigate' | 'will-redirect', url: string) => {
      let prevented = false
      listeners.get(name)!({ preventDefault: () => (prevented = true) }, url)
      return !prevented
    }
  }
}

/** Fake shell and dialog: every address opened and every question asked, answered `answer`. */
function fakeElectron(answer: () => Promise<number> | number = () => 1) {
  const opened: string[] = []
  const asked: { window: unknown; options: MessageBoxOptions }[] = []
  const links: ExternalLinkDeps = {
    shell: { openExternal: async (url) => void opened.push(url) },
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        const [window, options] = args.length === 2 ? args : [undefined, args[0]]
        asked.push({ window, options: options as MessageBoxOptions })
        return { response: await answer() }
      }
    },
    windowOf: () => WINDOW as never
  }
  return { links, opened, asked }
}

/** Lets the guard's asynchronous open (question, then shell) run to its end. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

function guarded(
  answer?: () => Promise<number> | number,
  origins: () => readonly string[] = () => allowedLinkOrigins(SERVICE)
) {
  const page = fakeContents()
  const electron = fakeElectron(answer)
  guardWebContents(page.contents, ENTRY, origins, electron.links)
  return { ...page, ...electron }
}

afterEach(() => vi.restoreAllMocks())

describe('which links leave the app (E4)', () => {
  const allowed = [SERVICE]
  it.each([
    ['https://api.rentals.example/bookings/SB1', 'open'],
    ['https://API.rentals.example:443/help', 'open'],
    ['https://www.example.com/help', 'ask'],
    ['HTTPS://WWW.EXAMPLE.COM/', 'ask'],
    ['https://api.rentals.example:8443/', 'ask'],
    ['https://api.rentals.example.evil.example/', 'ask'],
    ['http://api.rentals.example/', 'refuse'],
    ['http://www.example.com/', 'refuse'],
    ['file:///etc/passwd', 'refuse'],
    ['file://server/share/setup.exe', 'refuse'],
    ['javascript:alert(1)', 'refuse'],
    ['smb://server/share', 'refuse'],
    ['staydesk://open', 'refuse'],
    ['ms-settings:privacy', 'refuse'],
    ['data:text/html,<script>1</script>', 'refuse'],
    ['ftp://files.example.com/', 'refuse'],
    ['https://user:pass@www.example.com/', 'refuse'],
    ['https://api.rentals.example@evil.example/', 'refuse'],
    ['https://user@api.rentals.example/', 'refuse'],
    ['not a url', 'refuse'],
    ['', 'refuse']
  ])('%s → %s', (url, decision) => {
    expect(externalLinkDecision(url, allowed)).toBe(decision)
  })

  it.each([
    ['mailto:zoe.devries@example.com', 'open'],
    ['mailto:zo%C3%AB%2Bstay@example.com', 'open'],
    ['tel:+39 555 0142', 'open'],
    ['tel:+44(0)20-7946-0958', 'open'],
    ['mailto:zoe@example.com?attach=/etc/passwd', 'refuse'],
    ['mailto:zoe@example.com?subject=x&body=y', 'refuse'],
    ['mailto:a@b.example,c@d.example?cc=e@f.example', 'refuse'],
    ['mailto:', 'refuse'],
    ['tel:+39 555 0142;phone-context=evil', 'refuse'],
    ['tel:*21*', 'refuse'],
    ['tel:', 'refuse'],
    ['callto:+395550142', 'refuse'],
    ['sms:+395550142', 'refuse']
  ])('a guest contact link %s → %s', (url, decision) => {
    expect(externalLinkDecision(url, allowed)).toBe(decision)
  })

  it('an allowed origin that is not https still opens nothing', () => {
    expect(externalLinkDecision('http://127.0.0.1:8080/x', ['http://127.0.0.1:8080'])).toBe(
      'refuse'
    )
  })

  it('ignores allowed entries that are not URLs', () => {
    expect(externalLinkDecision('https://www.example.com/', ['', 'www.example.com'])).toBe('ask')
  })
})

describe('help pages and the allowed origins', () => {
  it('lists the safeStorage page, each help page https with a reason', () => {
    expect(HELP_PAGES.map((p) => p.url)).toContain(SAFE_STORAGE)
    for (const page of HELP_PAGES) {
      expect(new URL(page.url).protocol).toBe('https:')
      expect(page.reason.trim().length).toBeGreaterThan(10)
    }
  })

  it('allows the active profile origin and the help pages, and only the help pages before start-up', () => {
    expect(allowedLinkOrigins(`${SERVICE}/v1/`)).toEqual([SERVICE, 'https://www.electronjs.org'])
    expect(allowedLinkOrigins(undefined)).toEqual(['https://www.electronjs.org'])
    for (const page of HELP_PAGES) {
      expect(externalLinkDecision(page.url, allowedLinkOrigins(undefined))).toBe('open')
    }
  })
})

describe('a link the page opens', () => {
  it('opens a help page in the browser at once, with no question', async () => {
    const t = guarded()
    expect(t.open(SAFE_STORAGE)).toEqual({ action: 'deny' })
    await settle()
    expect(t.opened).toEqual([SAFE_STORAGE])
    expect(t.asked).toEqual([])
  })

  it("opens the active profile's service at once", async () => {
    const t = guarded()
    t.open(`${SERVICE}/bookings/SB12345678`)
    await settle()
    expect(t.opened).toEqual([`${SERVICE}/bookings/SB12345678`])
    expect(t.asked).toEqual([])
  })

  it('asks about any other https address, naming it in full, with Cancel the default', async () => {
    const t = guarded(() => 1)
    const url = 'https://www.example.com/a/long/path?q=1#frag'
    expect(t.open(url)).toEqual({ action: 'deny' })
    await settle()
    expect(t.asked).toHaveLength(1)
    const { window, options } = t.asked[0]
    expect(window).toBe(WINDOW)
    expect(options.message).toBe('Open this address in your browser?')
    expect(options.detail).toBe(url)
    expect(options.buttons).toEqual(['Open', 'Cancel'])
    expect(options.defaultId).toBe(1)
    expect(options.cancelId).toBe(1)
    expect(t.opened).toEqual([]) // cancelled: nothing opens
  })

  it('opens the address once the user chooses Open', async () => {
    const t = guarded(() => 0)
    t.open('https://www.example.com/guide')
    await settle()
    expect(t.asked).toHaveLength(1)
    expect(t.opened).toEqual(['https://www.example.com/guide'])
  })

  it('shows and opens the parsed address, so a look-alike host is shown as punycode', async () => {
    const t = guarded(() => 0)
    t.open('https://www.exаmple.com/') // Cyrillic "а"
    await settle()
    expect(t.asked[0].options.detail).toBe('https://www.xn--exmple-4nf.com/')
    expect(t.opened).toEqual(['https://www.xn--exmple-4nf.com/'])
  })

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'smb://server/share',
    'staydesk://open',
    'http://www.example.com/',
    'https://user:pass@www.example.com/'
  ])('refuses %s without asking: 0 opens', async (url) => {
    const t = guarded(() => 0)
    expect(t.open(url)).toEqual({ action: 'deny' })
    await settle()
    expect(t.opened).toEqual([])
    expect(t.asked).toEqual([])
  })

  it('follows the active profile: its origin is read at each click', async () => {
    let active = SERVICE
    const t = guarded(
      () => 1,
      () => allowedLinkOrigins(active)
    )
    t.open('https://test.rentals.example/x')
    await settle()
    expect(t.opened).toEqual([])
    active = 'https://test.rentals.example'
    t.open('https://test.rentals.example/x')
    await settle()
    expect(t.opened).toEqual(['https://test.rentals.example/x'])
    expect(t.asked).toHaveLength(1)
  })

  it('asks one question at a time: links opened while it is open are dropped', async () => {
    let answer!: (response: number) => void
    const t = guarded(() => new Promise<number>((resolve) => (answer = resolve)))
    for (let i = 0; i < 5; i++) t.open(`https://www.example.com/${i}`)
    await settle()
    expect(t.asked).toHaveLength(1)
    answer(0)
    await settle()
    expect(t.opened).toEqual(['https://www.example.com/0'])
    t.open('https://www.example.com/next')
    await settle()
    expect(t.asked).toHaveLength(2)
  })

  it('logs a browser that fails to start instead of failing the main process', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const page = fakeContents()
    const electron = fakeElectron()
    electron.links.shell.openExternal = () => Promise.reject(new Error('no browser'))
    guardWebContents(page.contents, ENTRY, () => allowedLinkOrigins(SERVICE), electron.links)
    expect(page.open(SAFE_STORAGE)).toEqual({ action: 'deny' })
    await settle()
    expect(errors).toHaveBeenCalledTimes(1)
  })

  it('never lets the window itself navigate to an external page', () => {
    const t = guarded()
    expect(t.navigates('will-navigate', SAFE_STORAGE)).toBe(false)
    expect(t.navigates('will-redirect', `${SERVICE}/x`)).toBe(false)
    expect(t.navigates('will-navigate', `${ENTRY}#/listings`)).toBe(true)
  })
})
