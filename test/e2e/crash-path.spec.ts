import { expect, test } from './fixtures'

/**
 * The harness's own check: a handler that throws something other than an AppError (a bug) must
 * reach the crash path and fail the test in which it happens, even though the window only shows
 * "Something went wrong". The test is marked as failing: if the harness ever stopped catching
 * crashes, this test would pass, and Playwright reports an expected failure that passed as a
 * failure.
 */
test.describe('a handler that crashes', () => {
  test.use({ crashingCommand: 'listings:facets' })

  test('fails the test in which it happens', async ({ page, openApp }) => {
    test.fail(true, 'the fixture must fail this test: listings:facets crashed')
    await openApp()
    // The Listings screen asks for the facets as it opens; the window says something went wrong
    // only where the facets are used, and the test itself would pass without the crash path.
    await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible()
    await page.getByRole('combobox', { name: 'Country' }).click()
  })
})
