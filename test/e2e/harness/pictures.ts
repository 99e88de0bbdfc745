import { expect, type Locator, type Page } from '@playwright/test'
import { saveScreenshot } from '../fixtures'
import { expectAccessible } from './a11y'
import { scrollToEnd, scrollToTop } from './availability'

/**
 * Pictures of the window for reviewers (artifacts/screenshots/`light-NAME.png` and
 * `dark-NAME.png`), each checked by axe-core once its colour scheme is applied. `show` is
 * brought into view first: the picture shows what a person scrolled to. With `at`, it is placed
 * again in each scheme: its end at the bottom of the window (all of it shows above), or with
 * `'start'` its top just below the app's header.
 */
export async function shots(
  page: Page,
  name: string,
  show?: Locator,
  at?: 'start' | 'end'
): Promise<void> {
  if (show && !at) await show.scrollIntoViewIfNeeded()
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
    if (show && at) await (at === 'start' ? scrollToTop(show) : scrollToEnd(show))
    await saveScreenshot(page, `${scheme}-${name}`)
    await expectAccessible(page, `${name} (${scheme})`)
  }
  await page.emulateMedia({ colorScheme: 'light' })
}
