import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, type Locator, type Page } from '@playwright/test'
import { SYNC_RESOURCES } from '@shared/ipc/views.schema'
import { SyncStateRepo } from '../../../src-main/db/repos/sync-state'
import { saveScreenshot, type E2eApp } from '../fixtures'
import { expectAccessible } from './a11y'
import { scrollToEnd, scrollToTop } from './availability'
import { chooseListing, type PricedStay } from './quote'

/** Live panels and data ages: what the live-headings spec reads and sets up. */

export const DAY_MS = 24 * 60 * 60_000

/**
 * Makes the offline copy `ms` older, as if nothing had been synced since: every mirror's sync
 * state (its last success) is moved back, through the mirror's own repository, on a connection
 * of the test's own. Main's clock and the window's stay the same, so "asked just now" and
 * "synced 3 days ago" both stay true on one screen.
 */
export function ageTheCopy(app: E2eApp, ms: number): void {
  const dir = join(app.dataDir, 'mirrors')
  // Each profile's mirror, not the kept store beside it (`<id>.kept.sqlite`).
  const files = readdirSync(dir).filter((f) => /^[^.]+\.sqlite$/.test(f))
  expect(files.length, 'a mirror to age').toBeGreaterThan(0)
  for (const file of files) {
    const db = new Database(join(dir, file))
    try {
      db.pragma('busy_timeout = 5000')
      const state = new SyncStateRepo(db)
      for (const resource of SYNC_RESOURCES) {
        const cursor = state.get(resource)
        if (cursor?.lastSuccessAt === undefined) continue
        state.set(resource, { ...cursor, lastSuccessAt: cursor.lastSuccessAt - ms }, Date.now())
      }
    } finally {
      db.close()
    }
  }
}

/** The colour a line of text is drawn in, as the page computes it. */
export function colourOf(line: Locator): Promise<string> {
  return line.evaluate(
    (el) =>
      (
        globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }
      ).getComputedStyle(el).color
  )
}

/**
 * Pictures of the state for reviewers, light and dark, each checked by axe-core, with `target`
 * brought into view first: its end at the bottom of the window (all of it shows above), or
 * with `at: 'start'` its top just below the app's header.
 */
export async function shotsOf(
  page: Page,
  name: string,
  target: Locator,
  at: 'start' | 'end' = 'end'
): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    await (at === 'start' ? scrollToTop(target) : scrollToEnd(target))
    await saveScreenshot(page, `${scheme}-${name}`)
    await expectAccessible(page, `${name} (${scheme})`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** The Availability screen's live section, named by its heading (which may say a failure). */
export function liveSection(page: Page): Locator {
  return page.getByRole('region', { name: /^Live second opinion/ })
}

/** A live panel's own heading: the one that names its region. */
export function panelHeading(region: Locator): Locator {
  return region.getByRole('heading', { level: 2 })
}

/** Fills the Quote screen's stay and asks, without waiting for a priced answer (it may fail). */
export async function askQuote(page: Page, stay: PricedStay): Promise<void> {
  const form = page.getByRole('form', { name: 'Stay to quote' })
  await chooseListing(page, stay.listingId)
  await form.getByRole('textbox', { name: 'Arrival' }).fill(stay.from)
  await form.getByRole('textbox', { name: 'Departure' }).fill(stay.to)
  await form.getByRole('textbox', { name: 'Departure' }).press('Escape')
  await form.getByRole('button', { name: 'Get quote' }).click()
}
