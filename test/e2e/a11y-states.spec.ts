import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import {
  createProfile,
  malformedListingProxy,
  profileCard,
  startOwnService,
  useProfile
} from './harness/profiles'
import { waitForSync } from './harness/quote'
import { listingRows, navTo } from './harness/screens'

/**
 * The accessibility gate over the states the screen walks don't reach: the Profiles dialogs,
 * the listing's photo viewer, the start-up notice, and the Sync screen while a sync runs, with
 * the service out of reach and with quarantined records; each in the light and the dark theme.
 */

const STAGING = { listings: 12, seed: 5, token: 'a11y-staging-token-3k7q', channel: 'STG1' }

async function openIn(page: Page, scheme: 'light' | 'dark', open: () => Promise<void>) {
  // The app follows the system theme until the person picks one.
  await page.emulateMedia({ colorScheme: scheme })
  await open()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test('the Profiles dialogs: set token, edit, remove token, delete', async ({
      page,
      app,
      sandbox,
      openApp
    }) => {
      const staging = await startOwnService(sandbox, app, STAGING)
      await openIn(page, scheme, openApp)
      const card = await createProfile(page, {
        name: 'Staging',
        baseUrl: staging.url,
        salesChannel: STAGING.channel
      })

      await card.getByRole('button', { name: 'Set token' }).first().click()
      const token = page.getByRole('form', { name: 'Set token' })
      await token.getByRole('button', { name: 'Save token' }).click()
      await expect(token.getByText('Token must be at least 8 characters')).toBeVisible()
      await expectAccessible(page, `set token with an error (${scheme})`)
      await token.getByLabel('Token', { exact: true }).fill(STAGING.token)
      await token.getByRole('button', { name: 'Save token' }).click()
      await expect(token).toBeHidden()

      await card.getByRole('button', { name: 'Edit' }).click()
      const edit = page.getByRole('dialog', { name: 'Edit profile “Staging”' })
      await expect(edit).toBeVisible()
      await expectAccessible(page, `edit profile (${scheme})`)
      await edit.getByRole('button', { name: 'Cancel' }).click()
      await expect(edit).toBeHidden()

      await card.getByRole('button', { name: 'Remove token' }).click()
      const remove = page.getByRole('dialog', { name: /Remove the token/ })
      await expect(remove).toBeVisible()
      await expectAccessible(page, `remove token (${scheme})`)
      await remove.getByRole('button', { name: 'Keep it' }).click()
      await expect(remove).toBeHidden()

      await card.getByRole('button', { name: 'Delete' }).click()
      const del = page.getByRole('dialog', { name: 'Delete the profile “Staging”?' })
      await expect(del).toBeVisible()
      await expectAccessible(page, `delete profile (${scheme})`)
      await del.getByRole('button', { name: 'Delete “Staging”' }).click()
      await expect(profileCard(page, 'Staging')).toHaveCount(0)
    })

    test('a listing’s photo viewer', async ({ page, demo, openApp }) => {
      await openIn(page, scheme, openApp)
      const id = demo.store
        .listingIds()
        .find((i) => (demo.store.listing(i)?.images ?? []).length > 1)!
      await page.getByLabel('Search listings').fill(String(id))
      await expect(listingRows(page)).toHaveCount(1)
      await listingRows(page).first().getByRole('button').first().click()
      await page.getByTestId('listing-image').first().scrollIntoViewIfNeeded()
      await page.getByTestId('listing-image').first().getByRole('button').click()
      const viewer = page.getByRole('dialog')
      await expect(viewer.getByRole('button', { name: 'Next photo' })).toBeFocused()
      await expect(viewer.getByRole('img', { name: /^Photo 1 of/ })).toBeVisible()
      await expectAccessible(page, `photo viewer (${scheme})`)
      await page.keyboard.press('Escape')
      await expect(viewer).toBeHidden()
    })

    test('the Sync screen running, out of reach, and with quarantined records', async ({
      page,
      app,
      demo,
      sandbox,
      openApp
    }) => {
      await openIn(page, scheme, openApp)
      await waitForSync(app)
      await navTo(page, 'Sync')

      // Slow answers keep the run going long enough to be checked as it runs.
      demo.setFaults({ latencyMs: 1500 })
      await page.getByRole('button', { name: 'Sync now' }).click()
      await expect(page.getByRole('heading', { name: 'Sync in progress' })).toBeVisible()
      await expectAccessible(page, `sync running (${scheme})`)
      await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled({ timeout: 30_000 })
      // The run's "Sync finished" notice is closed first: its fade, started while the next
      // check measures the page, would be read as faint text.
      const finished = page.locator('.mantine-Notification-root', { hasText: 'Sync finished' })
      await finished.getByRole('button').click()
      await expect(finished).toHaveCount(0)

      demo.setFaults(null)
      await demo.close()
      await page.getByRole('button', { name: 'Sync now' }).click()
      await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 30_000 })
      await expectAccessible(page, `sync with the service out of reach (${scheme})`)

      const staging = await startOwnService(sandbox, app, STAGING)
      const { proxy, bad } = await malformedListingProxy(staging, 2)
      try {
        await createProfile(page, {
          name: 'Staging',
          baseUrl: proxy.url,
          salesChannel: STAGING.channel,
          token: STAGING.token
        })
        await useProfile(page, 'Staging')
        await waitForSync(app)
        await navTo(page, 'Sync')
        const table = page.getByRole('table', { name: 'Quarantined records' })
        await expect(table).toContainText(String(bad))
        await expectAccessible(page, `sync with quarantined records (${scheme})`)
      } finally {
        await proxy.close()
      }
    })
  })

  test.describe(`${scheme} theme, after an unreadable profiles file`, () => {
    test.use({ seedFiles: { 'profiles.json': '{"version":1,"profiles":[{"na' } })

    test('the start-up notice', async ({ page, openApp }) => {
      await openIn(page, scheme, openApp)
      await expect(page.getByTestId('startup-notice')).toContainText(
        'Your saved profiles could not be read'
      )
      await expectAccessible(page, `start-up notice (${scheme})`)
    })
  })
}
