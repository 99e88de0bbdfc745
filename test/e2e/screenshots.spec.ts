import { expect, saveScreenshot, SCREENSHOT_DIR, test } from './fixtures'
import { listingRows, navTo, openPalette, paletteResults } from './harness/screens'

/**
 * A picture of every screen in both themes, for reviewers who don't run the app. Saved by every
 * run to artifacts/screenshots/ (git-ignored; CI keeps the folder as an artifact).
 */

for (const scheme of ['light', 'dark'] as const) {
  test(`every screen in the ${scheme} theme`, async ({ page, demo, openApp }, testInfo) => {
    testInfo.annotations.push({ type: 'screenshots', description: SCREENSHOT_DIR })
    // The app follows the system theme until the person picks one.
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    await expect(listingRows(page).first()).toBeVisible()
    await saveScreenshot(page, `${scheme}-listings`)

    await listingRows(page).first().click()
    await expect(page.getByTestId('listing-fields')).toBeVisible()
    await saveScreenshot(page, `${scheme}-listing-details`)
    await page.getByRole('button', { name: 'Close listing details' }).click()
    await expect(page.getByTestId('listing-fields')).toBeHidden()

    const search = await openPalette(page)
    const city = demo.store.listing(demo.store.listingIds()[0])?.location?.city ?? 'a'
    await search.fill(city)
    await expect(paletteResults(page).filter({ hasText: city }).first()).toBeVisible()
    await saveScreenshot(page, `${scheme}-command-palette`)
    await page.keyboard.press('Escape')
    await expect(search).toBeHidden()

    await navTo(page, 'Sync')
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled()
    await expect(page.getByTestId('sync-status-table')).toBeVisible()
    await saveScreenshot(page, `${scheme}-sync`)

    await navTo(page, 'Profiles')
    await expect(page.getByTestId('profile-card').first()).toBeVisible()
    await saveScreenshot(page, `${scheme}-profiles`)
  })
}
