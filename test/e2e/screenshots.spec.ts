import type { Page } from '@playwright/test'
import { expect, saveScreenshot, SCREENSHOT_DIR, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import { listingRows, navTo, openPalette, paletteResults } from './harness/screens'

/**
 * A picture of every screen and dialog in both themes, for reviewers who don't run the app,
 * each checked by axe-core as it is shown (no serious or critical violation). Saved by every
 * run to artifacts/screenshots/ (git-ignored; CI keeps the folder as an artifact).
 */

async function capture(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name)
  await expectAccessible(page, name)
}

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen in the ${scheme} theme`, async ({ page, demo, openApp }, testInfo) => {
    testInfo.annotations.push({ type: 'screenshots', description: SCREENSHOT_DIR })
    // The app follows the system theme until the person picks one.
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    await expect(listingRows(page).first()).toBeVisible()
    await capture(page, `${scheme}-listings`)

    await page.getByRole('combobox', { name: 'Country' }).click()
    await expect(page.getByRole('listbox')).toBeVisible()
    await capture(page, `${scheme}-listings-country-choices`)
    await page.keyboard.press('Escape')

    await listingRows(page).first().click()
    await expect(page.getByTestId('listing-fields')).toBeVisible()
    await capture(page, `${scheme}-listing-page`)
    await page.getByRole('button', { name: 'Back to listings' }).click()
    await expect(page.getByTestId('listing-fields')).toBeHidden()

    const search = await openPalette(page)
    const city = demo.store.listing(demo.store.listingIds()[0])?.location?.city ?? 'a'
    await search.fill(city)
    await expect(paletteResults(page).filter({ hasText: city }).first()).toBeVisible()
    await capture(page, `${scheme}-command-palette`)
    await page.keyboard.press('Escape')
    await expect(search).toBeHidden()

    await navTo(page, 'Sync')
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled()
    await expect(page.getByTestId('sync-status-table')).toBeVisible()
    await capture(page, `${scheme}-sync`)
    await page.getByRole('button', { name: 'Full resync' }).click()
    await expect(page.getByRole('dialog', { name: 'Download everything again?' })).toBeVisible()
    await capture(page, `${scheme}-sync-full-resync-confirm`)
    await page.getByRole('button', { name: 'Cancel' }).click()

    await navTo(page, 'Profiles')
    await expect(page.getByTestId('profile-card').first()).toBeVisible()
    await capture(page, `${scheme}-profiles`)
    await page.getByRole('button', { name: 'New profile' }).click()
    const form = page.getByRole('form', { name: 'New profile' })
    await form.getByRole('button', { name: 'Create profile' }).click()
    await expect(form.getByText('Sales channel must be exactly 4 characters')).toBeVisible()
    await capture(page, `${scheme}-profiles-new-with-errors`)
    await form.getByRole('button', { name: 'Cancel' }).click()

    await navTo(page, 'Overview')
    await expect(page.getByTestId('overview-total-unavailable')).toBeVisible()
    await expect(page.getByTestId('gap-row').first()).toBeVisible()
    await capture(page, `${scheme}-overview`)
  })
}
