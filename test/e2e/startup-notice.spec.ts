import { readdirSync } from 'node:fs'
import { expect, test } from './fixtures'
import { listingRows } from './harness/screens'

test.describe('an unreadable profiles file', () => {
  test.use({ seedFiles: { 'profiles.json': '{"version":1,"profiles":[{"na' } })

  test('is set aside, and the window says so on every screen until dismissed', async ({
    page,
    app,
    openApp
  }) => {
    await openApp()
    // The app still opens, on the Demo profile, with its portfolio.
    await expect(listingRows(page).first()).toBeVisible()
    const kept = readdirSync(app.dataDir).find(
      (f) => f.startsWith('profiles.json.') && f !== 'profiles.json'
    )
    expect(kept, 'the damaged file is kept beside the new one').toBeDefined()

    const notice = page.getByTestId('startup-notice')
    await expect(notice).toContainText('Your saved profiles could not be read')
    await expect(notice).toContainText('started with the Demo profile only')
    await expect(notice).toContainText(kept!)

    await page.keyboard.press('Control+,')
    await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible()
    await expect(notice).toBeVisible()
    await notice.getByRole('button', { name: 'Dismiss' }).click()
    await expect(notice).toBeHidden()
  })
})

test('a normal start shows no start-up notice', async ({ page, openApp }) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  await expect(page.getByTestId('startup-notice')).toHaveCount(0)
})
