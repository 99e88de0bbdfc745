import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, RENDERER_DIR, test } from './fixtures'
import type { PageGlobals } from './harness/dom'
import { listingRows, navTo, openPalette } from './harness/screens'

/** Checklist E8: the built page's CSP, and that it holds in Chromium. */

function builtCsp(): Map<string, string[]> {
  const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8')
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)
  expect(meta, 'index.html carries a CSP meta tag').not.toBeNull()
  return new Map(
    meta![1]
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values])
  )
}

test('the built page allows scripts from the app only and no network', () => {
  const csp = builtCsp()
  expect(csp.get('script-src')).toEqual(["'self'"])
  expect(csp.get('default-src')).toEqual(["'none'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('connect-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'none'"])
})

test('a smoke flow through every screen raises no CSP violation', async ({
  page,
  openApp,
  cspViolations
}) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  await listingRows(page).first().click()
  await expect(page.getByTestId('listing-fields')).toBeVisible()
  await page.getByRole('button', { name: 'Back to listings' }).click()
  await navTo(page, 'Sync')
  await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible()
  await navTo(page, 'Profiles')
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible()
  const search = await openPalette(page)
  await search.fill('a')
  await page.keyboard.press('Escape')
  await page.getByTestId('color-scheme-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  // The fixture fails any test with a violation; this one says it out loud.
  expect(cspViolations).toEqual([])
})

test.describe('content injected into the page', () => {
  test.use({ allowCspViolations: true })

  test('a script added through the DOM does not run', async ({
    page,
    demo,
    openApp,
    cspViolations
  }) => {
    await openApp()
    const before = cspViolations.length
    // page.evaluate itself is exempt from CSP, so it only plants the elements; whether they run
    // is up to the page's policy. Each would mark <body> if it ran.
    await page.evaluate((foreign) => {
      const { document } = globalThis as unknown as PageGlobals
      const inline = document.createElement('script')
      inline.textContent = "document.body.setAttribute('data-injected', 'inline')"
      document.body.append(inline)
      const handler = document.createElement('img')
      handler.setAttribute('src', 'data:,not-an-image')
      handler.setAttribute('onerror', "document.body.setAttribute('data-injected', 'handler')")
      document.body.append(handler)
      const remote = document.createElement('script')
      remote.setAttribute('src', foreign)
      document.body.append(remote)
    }, `${demo.url}/v1/listings`)

    await expect
      .poll(() =>
        cspViolations
          .slice(before)
          .map((v) => v.violatedDirective)
          .sort()
      )
      .toEqual(['script-src-attr', 'script-src-elem', 'script-src-elem'])
    await expect(page.locator('body[data-injected]')).toHaveCount(0)
    // The app is still there and working.
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  })
})

test.describe('IPC from a page that is not the app', () => {
  test('is refused, and the window says so instead of showing data', async ({ page, renderer }) => {
    // The same files from another origin: the sender check compares origins, so every command
    // from this page is refused before any handler runs.
    const foreign = renderer.entryUrl.replace('127.0.0.1', 'localhost')
    await page.goto(foreign)
    await expect(page.locator('[data-app-state="error"]')).toBeVisible()
    await expect(page.getByText('did not come from the StayDesk window')).toBeVisible()
  })
})
