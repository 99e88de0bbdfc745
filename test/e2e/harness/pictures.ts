import { expect, type Locator, type Page } from '@playwright/test'
import { saveScreenshot } from '../fixtures'
import { expectAccessible } from './a11y'

/**
 * Pictures of the window for reviewers (artifacts/screenshots/`light-NAME.png` and
 * `dark-NAME.png`), each checked by axe-core once its colour scheme is applied. `show` is
 * scrolled into view first: the picture shows what a person scrolled to.
 */
export async function shots(page: Page, name: string, show?: Locator): Promise<void> {
  if (show) await show.scrollIntoViewIfNeeded()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    await saveScreenshot(page, `${scheme}-${name}`)
    await expectAccessible(page, `${name} (${scheme})`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
