import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO, expect, test } from './fixtures'
import {
  createProfile,
  malformedListingProxy,
  setToken,
  startOwnService,
  testConnection,
  useProfile
} from './harness/profiles'
import { waitForSync } from './harness/quote'
import { listingRows, navTo } from './harness/screens'
import { lightTheme, shotOf, shotWindow } from './user-guide-shots'

/**
 * docs/user-guide.md, section "Troubleshooting": a refused token and its fix, the service out of
 * reach while the offline copy keeps working, and a record the sync sets aside in quarantine.
 */

const STAGING = { listings: 25, seed: 7, token: 'guide-staging-token-8h2m', channel: 'STG1' }

test('unauthorized: a wrong token is named as such, and replacing it fixes the profile', async ({
  page,
  app,
  sandbox,
  openApp
}) => {
  const staging = await startOwnService(sandbox, app, STAGING)
  const wrong = 'guide-not-the-token-9f9f'
  app.secrets.push(wrong)
  await lightTheme(page)
  await openApp()
  const card = await createProfile(page, {
    name: 'Staging',
    baseUrl: staging.url,
    salesChannel: STAGING.channel,
    token: wrong
  })
  const verdict = await testConnection(card)
  await expect(verdict).toContainText('Connection failed')
  await expect(verdict).toContainText('The token was refused (401): set a new token.')
  await shotOf(card, 'trouble-unauthorized')

  await test.step('the Sync screen says the same on each resource', async () => {
    await useProfile(page, 'Staging')
    await navTo(page, 'Sync')
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(page.getByTestId('sync-status-listings')).toContainText(
      'The service refused the token'
    )
  })

  await test.step('Replace token, Test connection: it works, and the sync fills the copy', async () => {
    await navTo(page, 'Profiles')
    await setToken(page, card, STAGING.token)
    await expect(card.getByTestId('token-status')).toContainText('ends in …8h2m')
    await expect(await testConnection(card)).toContainText('Connection works')
    await navTo(page, 'Sync')
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(page.getByTestId('sync-status-listings')).toContainText('None')
    await expect(page.getByTestId('sync-status-listings')).toContainText(String(STAGING.listings))
  })
})

test('offline: the service out of reach, and the offline copy still answers', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await lightTheme(page)
  await openApp()
  await waitForSync(app)
  await demo.close()
  await navTo(page, 'Sync')
  await page.getByRole('button', { name: 'Sync now' }).click()
  const banner = page.getByTestId('offline-banner')
  // The client retries a refused connection with backoff before it gives up.
  await expect(banner).toBeVisible({ timeout: 30_000 })
  await expect(banner).toContainText('Working offline')
  await expect(banner).toContainText('Everything already synced keeps working.')
  await expect(page.getByTestId('offline-indicator')).toHaveText('Offline')
  await expect(page.getByTestId('sync-progress-rates')).toContainText('Not updated')
  // Said once, by the banner: not again under each resource, the last run and the table.
  await expect(page.getByTestId('sync-last-result')).toContainText(
    'Not updated: Listings, availability and rates: the service could not be reached.'
  )
  await expect(page.getByText(/Check the internet connection/)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled()
  await shotWindow(page, 'trouble-offline')

  await navTo(page, 'Listings')
  await expect(page.getByTestId('listings-count')).toContainText(`of ${DEMO.listings}`)
  await expect(listingRows(page).first()).toBeVisible()
  await expect(page.getByTestId('data-age')).toContainText('the service can’t be reached right now')
})

test('quarantine: a record the service sent malformed is set aside, the rest lands', async ({
  page,
  app,
  sandbox,
  openApp
}) => {
  const staging = await startOwnService(sandbox, app, STAGING)
  // Between StayDesk and the service: one listing arrives with a number that is not a number.
  const { proxy, bad } = await malformedListingProxy(staging, 3)
  try {
    await lightTheme(page)
    await openApp()
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
    await expect(table).toBeVisible()
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table).toContainText(String(bad))
    await expect(table).toContainText('maxGuest')
    await expect(page.getByTestId('sync-status-listings')).toContainText(
      String(STAGING.listings - 1)
    )
    const section = page
      .locator('div', { has: page.getByRole('heading', { name: 'Quarantined records' }) })
      .last()
    await section.scrollIntoViewIfNeeded()
    await shotOf(section, 'trouble-quarantine')
  } finally {
    await proxy.close()
  }
})

test.describe('on a Linux desktop without an OS key store', () => {
  test.use({ keyStore: 'basic_text' })

  test('weak token storage: kept for the session only, unless weak storage is accepted', async ({
    page,
    app,
    sandbox,
    openApp
  }) => {
    const staging = await startOwnService(sandbox, app, STAGING)
    await lightTheme(page)
    await openApp()
    const card = await createProfile(page, {
      name: 'Staging',
      baseUrl: staging.url,
      salesChannel: STAGING.channel,
      token: STAGING.token
    })
    const status = card.getByTestId('token-status')
    await expect(status).toContainText('Token set for this session only, ends in …8h2m')
    await expect(card.getByTestId('token-storage')).toHaveText('This session only (basic_text)')
    await expect(status).toContainText('How tokens are kept safe (opens in your browser)')
    await shotOf(card, 'trouble-weak-storage')

    await test.step('Replace token with weak storage accepted: saved, and said to be weak', async () => {
      await card.getByRole('button', { name: 'Replace token' }).first().click()
      const form = page.getByRole('form', { name: 'Set token' })
      await expect(
        page.getByText('This computer has no OS key store StayDesk can use')
      ).toBeVisible()
      await form.getByLabel('Token', { exact: true }).fill(STAGING.token)
      await form
        .getByLabel('Accept weak storage: remember the token although it is only weakly protected')
        .check()
      await form.getByRole('button', { name: 'Save token' }).click()
      await expect(form).toBeHidden()
      await expect(card.getByTestId('token-storage')).toHaveText('Weak encryption (basic_text)')
      await expect(status).toContainText('Token set, ends in …8h2m')
      // Saved to a file now: a token file exists in the data folder, and it is not the token.
      const saved = tokenFiles(app.dataDir)
      expect(saved).toHaveLength(1)
      expect(readFileSync(saved[0], 'utf8')).not.toContain(STAGING.token)
    })
  })
})

function tokenFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.token.json'))
    .map((f) => join(dir, f))
}
