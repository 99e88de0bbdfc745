import type { Locator, Page } from '@playwright/test'

/** Locators for what a person looks at, by role and label where the app provides them. */

export function navTo(page: Page, screen: 'Listings' | 'Sync' | 'Profiles'): Promise<void> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click()
}

export function listingsTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Listings' })
}

/** Listing rows of the table (not the header, not the loading skeleton). */
export function listingRows(page: Page): Locator {
  return listingsTable(page).getByTestId('listing-row')
}

/** Results shown in the open command palette (a modal dialog over the screen). */
export function paletteResults(page: Page): Locator {
  return page.getByRole('dialog').getByRole('button')
}

/** The command palette (Mantine Spotlight, a modal dialog). */
export async function openPalette(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+K')
  const search = page.getByRole('textbox', { name: 'Command palette search' })
  await search.waitFor()
  return search
}
