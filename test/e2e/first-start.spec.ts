import { DEMO, expect, test } from './fixtures'
import { listingRows } from './harness/screens'

test.describe('first start on the embedded demo', () => {
  test('opens on a synced demo portfolio without any set-up', async ({ page, app, openApp }) => {
    await openApp()

    await test.step('the header names the Demo profile on the Listings screen', async () => {
      await expect(page.getByTestId('active-profile-name')).toHaveText('Demo')
      await expect(page.getByTestId('active-profile')).toHaveAttribute('data-profile-kind', 'demo')
      await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible()
    })

    await test.step('the first sync fills the table with the whole demo portfolio', async () => {
      await expect(page.getByTestId('listings-count')).toContainText(`of ${DEMO.listings}`)
      await expect(listingRows(page).first()).toBeVisible()
      expect(await listingRows(page).count()).toBeGreaterThan(10)
    })

    await test.step('the window title names the profile and its kind', async () => {
      expect(app.windowTitle()).toContain('Demo')
      expect(app.windowTitle()).toContain('demo')
      await expect(page).toHaveTitle(/Demo.*demo/)
    })
  })
})
