import type { Locator, Page } from '@playwright/test'

/** Locators for what a person looks at, by role and label where the app provides them. */

export function navTo(
  page: Page,
  screen: 'Listings' | 'Sync' | 'Profiles' | 'Overview'
): Promise<void> {
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

/** The header's Offline badge (a button that opens the Sync screen). */
export function offlineBadge(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Offline', exact: true })
}

/** The screen's data-age line under its title ("Offline copy, synced just now"). */
export function dataAge(page: Page): Locator {
  return page.getByTestId('data-age')
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

/** How far the page reaches past the window's right edge, in pixels (0: it fits). */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } }
      innerWidth: number
    }
    return Math.max(0, g.document.documentElement.scrollWidth - g.innerWidth)
  })
}
