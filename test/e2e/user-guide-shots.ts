import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Locator, Page } from '@playwright/test'

/**
 * Pictures for docs/user-guide.md, taken by the user-guide specs as they walk through the app:
 * light theme, the harness's fixed 1280×800 window, and cropped to the part the guide talks
 * about where the whole window would only be noise. A test run never rewrites the committed
 * pictures: it saves them to artifacts/user-guide/ to be looked at; `npm run guide:pictures`
 * (STAYDESK_GUIDE_PICTURES=docs) takes them into docs/user-guide/ for a commit.
 */

const ROOT = resolve(import.meta.dirname, '../..')
const GUIDE_DIR =
  process.env.STAYDESK_GUIDE_PICTURES === 'docs'
    ? join(ROOT, 'docs', 'user-guide')
    : join(ROOT, 'artifacts', 'user-guide')

function pathOf(name: string): string {
  mkdirSync(GUIDE_DIR, { recursive: true })
  return join(GUIDE_DIR, `${name}.png`)
}

/**
 * Passing notifications (Profile switched, Sync finished) say what the previous step did; in a
 * picture of the next one they only cover what the guide is pointing at.
 */
const HIDE_TOASTS = '.mantine-Notifications-root { display: none !important; }'

/** The whole window. */
export async function shotWindow(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: pathOf(name), animations: 'disabled', style: HIDE_TOASTS })
}

/** One region of the window (a dialog, a card, a section), as it is shown. */
export async function shotOf(target: Locator, name: string): Promise<void> {
  await target.screenshot({ path: pathOf(name), animations: 'disabled', style: HIDE_TOASTS })
}

/** The guide's pictures are of the light theme, whatever the machine prefers. */
export async function lightTheme(page: Page): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' })
}

/**
 * A part of the screen taller than the window (the quote's two columns): cut from a picture of
 * the whole page, where the fixed header stays at the top instead of covering the part.
 */
export async function shotSection(target: Locator, name: string): Promise<void> {
  const clip = await target.evaluate((el) => {
    const r = (
      el as unknown as {
        getBoundingClientRect(): { x: number; y: number; width: number; height: number }
      }
    ).getBoundingClientRect()
    const w = globalThis as unknown as { scrollX: number; scrollY: number }
    return { x: r.x + w.scrollX, y: r.y + w.scrollY, width: r.width, height: r.height }
  })
  await target.page().screenshot({
    path: pathOf(name),
    animations: 'disabled',
    style: HIDE_TOASTS,
    fullPage: true,
    clip
  })
}
