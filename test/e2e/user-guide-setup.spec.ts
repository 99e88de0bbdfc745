import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { DEMO, expect, test } from './fixtures'
import {
  createProfile,
  profileCard,
  setToken,
  testConnection,
  useProfile
} from './harness/profiles'
import { waitForSync } from './harness/quote'
import { openScreen, pickListing, singleForm } from './harness/references'
import { listingRows, navTo, openPalette, paletteResults } from './harness/screens'
import { lightTheme, shotOf, shotWindow } from './user-guide-shots'

/**
 * docs/user-guide.md, sections "First start", "Profiles" and "Sync and data age": each step the
 * guide describes, driven as a person does it, with the words the guide quotes checked on
 * screen, and the guide's pictures saved as the step is shown.
 */

const LIVE = { listings: 12, seed: 11, token: 'guide-live-token-3k7q', channel: 'LIVE' }
const STAGING = { listings: 25, seed: 7, token: 'guide-staging-token-8h2m', channel: 'STG1' }

test('first start: the demo profile, its synced portfolio and its data age', async ({
  page,
  demo,
  openApp
}) => {
  await lightTheme(page)
  await openApp()
  await expect(page.getByTestId('active-profile-name')).toHaveText('Demo')
  await expect(page.getByTestId('active-profile-kind')).toHaveText('Demo')
  await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible()
  await expect(page.getByTestId('listings-count')).toHaveText(
    `${DEMO.listings} of ${DEMO.listings} listings`
  )
  await expect(page.getByTestId('data-age')).toHaveText('Offline copy, synced just now')
  await expect(listingRows(page).first()).toBeVisible()
  await shotWindow(page, 'first-start')

  await test.step('the palette (Ctrl+K) finds screens and listings', async () => {
    const search = await openPalette(page)
    const city = demo.store.listing(demo.store.listingIds()[0])?.location?.city ?? ''
    await search.fill(city)
    await expect(paletteResults(page).filter({ hasText: city }).first()).toBeVisible()
    await shotOf(page.getByRole('dialog'), 'command-palette')
    await page.keyboard.press('Escape')
  })

  await test.step('Ctrl+9 opens Sync: full download first, then incremental updates', async () => {
    await page.keyboard.press('Control+9')
    await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled()
    for (const r of SYNC_RESOURCES) {
      const row = page.getByTestId(`sync-status-${r}`)
      await expect(row).toContainText('Incremental updates')
      await expect(row).toContainText(String(DEMO.listings))
      await expect(row).toContainText('None')
    }
    await page.getByRole('button', { name: 'Sync now' }).click()
    for (const r of SYNC_RESOURCES) {
      await expect(page.getByTestId(`sync-progress-${r}`)).toContainText('Done · no changes')
    }
    await expect(page.getByTestId('sync-last-result')).toContainText('Last run here finished')
    await expect(page.getByTestId('sync-last-result')).toContainText('Listings: no changes')
    await expect(page.getByTestId('quarantine-empty')).toHaveText(
      'Nothing is quarantined: every record received so far was valid.'
    )
    await shotWindow(page, 'sync')
  })

  await test.step('Full resync asks first', async () => {
    await page.getByRole('button', { name: 'Full resync' }).click()
    const dialog = page.getByRole('dialog', { name: 'Download everything again?' })
    await expect(dialog).toContainText('the current copy stays usable until it finishes')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
  })
})

test('a test profile and a production profile: how they differ, and the typed confirmation', async ({
  page,
  app,
  sandbox,
  openApp
}) => {
  test.slow()
  const staging = await sandbox({
    listings: STAGING.listings,
    seed: STAGING.seed,
    callers: [{ token: STAGING.token, channel: STAGING.channel, merchantOfRecord: 'service' }]
  })
  const live = await sandbox({
    listings: LIVE.listings,
    seed: LIVE.seed,
    callers: [{ token: LIVE.token, channel: LIVE.channel, merchantOfRecord: 'service' }]
  })
  app.secrets.push(STAGING.token, LIVE.token)
  await lightTheme(page)
  await openApp()

  await test.step('a test profile, its token shown only by its last four characters', async () => {
    const card = await createProfile(page, {
      name: 'Staging',
      baseUrl: staging.url,
      salesChannel: STAGING.channel
    })
    await expect(card.getByText('No token yet')).toBeVisible()
    await setToken(page, card, STAGING.token)
    await expect(card.getByTestId('token-status')).toContainText('Token set, ends in …8h2m')
    await expect(card.getByTestId('token-storage')).toContainText('Encrypted by the OS key store')
    const verdict = await testConnection(card)
    await expect(verdict).toContainText('Connection works')
    await expect(verdict).toContainText(`${STAGING.listings} listings`)
  })

  await test.step('the production form says it is live and red', async () => {
    await navTo(page, 'Profiles')
    await page.getByRole('button', { name: 'New profile' }).click()
    const form = page.getByRole('form', { name: 'New profile' })
    await form.getByLabel('Name').fill('Live portfolio')
    await form.locator('label', { hasText: /^Production$/ }).click()
    await form.getByLabel('Base URL').fill(live.url)
    await form.getByLabel('Sales channel').fill(LIVE.channel)
    await form.getByLabel('Token', { exact: true }).fill(LIVE.token)
    await expect(
      form.getByText('Production profiles work on live listings and bookings')
    ).toBeVisible()
    await shotOf(page.getByRole('dialog'), 'profile-new-production')
    await form.getByRole('button', { name: 'Create profile' }).click()
    await expect(form).toBeHidden()
  })

  await test.step('switched to production: a red header on every screen', async () => {
    await useProfile(page, 'Live portfolio')
    await expect(page.getByTestId('active-profile-kind')).toHaveText('Production')
    expect(app.windowTitle()).toMatch(/Live portfolio.*PRODUCTION/)
    await expect(profileCard(page, 'Demo').getByTestId('token-status')).toContainText(
      'Built-in demo token'
    )
    await expect(page).toHaveTitle(/Live portfolio.*production/i)
    await expect(profileCard(page, 'Live portfolio').getByText('Active')).toBeVisible()
    await expect(profileCard(page, 'Staging').getByText('Test', { exact: true })).toBeVisible()
    await waitForSync(app)
    // Back on the screen afresh: the cards without the connection test's verdict.
    await navTo(page, 'Listings')
    await navTo(page, 'Profiles')
    await expect(profileCard(page, 'Live portfolio')).toBeVisible()
    await shotWindow(page, 'profiles-production-active')
  })

  await test.step('a write on production waits for the typed listing id', async () => {
    await openScreen(page, 'References')
    const form = singleForm(page)
    const id = live.store.listingIds()[0]
    await pickListing(form, page, id)
    await form.getByRole('textbox', { name: 'Reference' }).fill('LIVE-0')
    await expect(form.getByText('This changes live data on a production profile')).toBeVisible()
    const set = form.getByRole('button', { name: 'Set reference' })
    await expect(set).toBeDisabled()
    await form.getByLabel('Type the listing id to confirm').fill(String(id))
    await expect(set).toBeEnabled()
    await shotOf(form, 'production-confirm')
    await set.click()
    await expect(form.getByTestId('set-outcome')).toHaveAttribute('data-outcome', 'done')
    expect(live.store.referencesOf(LIVE.channel).get(id)).toEqual({ reference: 'LIVE-0' })
  })
})
