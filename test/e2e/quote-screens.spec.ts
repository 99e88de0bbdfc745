import type { Page } from '@playwright/test'
import { expect, saveScreenshot, SCREENSHOT_DIR, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import {
  bookThis,
  findPricedStay,
  liveColumn,
  openScreen,
  quoteStay,
  waitForSync
} from './harness/quote'

/**
 * The Quote screen and its dialogs in both themes, each checked by axe-core as shown (no
 * serious or critical violation), saved to artifacts/screenshots/ for reviewers.
 */

async function capture(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name)
  await expectAccessible(page, name)
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the Quote screen and Book this in the ${scheme} theme`, async ({
    page,
    app,
    demo,
    openApp
  }, testInfo) => {
    testInfo.annotations.push({ type: 'screenshots', description: SCREENSHOT_DIR })
    // Six axe runs over a full window: slower than most tests, more so beside a busy worker.
    test.slow()
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await waitForSync(app)
    await openScreen(page, 'Quote')
    await capture(page, `${scheme}-quote-empty`)

    const form = page.getByRole('form', { name: 'Stay to quote' })
    const picker = form.getByRole('combobox', { name: 'Listing' })
    await picker.click()
    await picker.fill('a')
    await expect(page.getByRole('option').first()).toBeVisible()
    await capture(page, `${scheme}-quote-listing-picker`)
    await page.keyboard.press('Escape')

    await form.getByRole('textbox', { name: 'Arrival' }).click()
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible()
    await capture(page, `${scheme}-quote-date-picker`)
    await page.keyboard.press('Escape')

    const stay = findPricedStay(demo.store, { bookingType: 'instant' })
    await quoteStay(page, { ...stay, childrenAges: [6] })
    await expect(liveColumn(page).getByTestId('price-lines')).toBeVisible()
    await capture(page, `${scheme}-quote`)

    await liveColumn(page).getByRole('button', { name: 'Book this' }).click()
    const dialog = page.getByRole('dialog', { name: 'Book this stay' })
    await dialog.getByRole('button', { name: 'Create booking' }).click()
    await expect(dialog.getByText('First name is required')).toBeVisible()
    await capture(page, `${scheme}-quote-book-form-errors`)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    const outcome = await bookThis(page)
    await expect(outcome).toHaveAttribute('data-status', 'pendingPayment')
    await capture(page, `${scheme}-quote-booked`)
  })
}
