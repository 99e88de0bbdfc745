import { DEMO, expect, test } from './fixtures'
import { createProfile, setToken, testConnection, useProfile } from './harness/profiles'
import { listingRows, navTo } from './harness/screens'
import type { SandboxHandle } from '../../src-main/sandbox'
import type { Page } from '@playwright/test'

const STAGING = { listings: 25, seed: 7, token: 'e2e-staging-token-5d1c', channel: 'STG1' }

function headlines(s: SandboxHandle): Set<string> {
  return new Set(
    s.store.listingIds().map((id) => s.store.listing(id)?.description?.EN?.headline ?? '')
  )
}

async function shownNames(page: Page): Promise<string[]> {
  await navTo(page, 'Listings')
  await expect(listingRows(page).first()).toBeVisible()
  return listingRows(page).getByRole('button').allInnerTexts()
}

test('a test profile on its own service: create, set the token, test, switch to it and back', async ({
  page,
  app,
  demo,
  sandbox,
  openApp
}) => {
  const staging = await sandbox({
    listings: STAGING.listings,
    seed: STAGING.seed,
    callers: [{ token: STAGING.token, channel: STAGING.channel, merchantOfRecord: 'service' }]
  })
  app.secrets.push(STAGING.token)
  await openApp()
  await expect(page.getByTestId('listings-count')).toContainText(`of ${DEMO.listings}`)

  const card = await test.step('create the profile from the Profiles screen', async () => {
    const card = await createProfile(page, {
      name: 'Staging',
      baseUrl: staging.url,
      salesChannel: STAGING.channel
    })
    await expect(card.getByTestId('token-status')).toHaveAttribute('data-token-state', 'missing')
    return card
  })

  await test.step('set its token: shown only by its last four characters', async () => {
    await setToken(page, card, STAGING.token)
    await expect(card.getByTestId('token-status')).toHaveAttribute('data-token-state', 'set')
    await expect(card.getByTestId('token-status')).toContainText('ends in …5d1c')
    await expect(card.getByTestId('token-storage')).toContainText('gnome_libsecret')
    await expect(page.getByText(STAGING.token)).toHaveCount(0)
  })

  await test.step('test the connection: ok, with the service’s listing count', async () => {
    const verdict = await testConnection(card)
    await expect(verdict).toHaveAttribute('data-ok', 'true')
    await expect(verdict).toContainText('Connection works')
    await expect(verdict).toContainText(`${STAGING.listings} listings`)
  })

  await test.step('switch to it: header, title and data are the staging service’s', async () => {
    await useProfile(page, 'Staging')
    await expect(page.getByTestId('active-profile')).toHaveAttribute('data-profile-kind', 'test')
    await expect(page).toHaveTitle(/Staging/)
    expect(app.windowTitle()).toContain('Staging')
    await navTo(page, 'Listings')
    await expect(page.getByTestId('listings-count')).toContainText(`of ${STAGING.listings}`)
    const names = await shownNames(page)
    const own = headlines(staging)
    const others = headlines(demo)
    expect(names.length).toBeGreaterThan(0)
    expect(
      names.filter((n) => !own.has(n)),
      'rows that are not the staging service’s'
    ).toEqual([])
    expect(names.filter((n) => others.has(n) && !own.has(n))).toEqual([])
  })

  await test.step('switch back: the demo portfolio is there again, unchanged', async () => {
    await useProfile(page, 'Demo')
    await navTo(page, 'Listings')
    await expect(page.getByTestId('listings-count')).toContainText(`of ${DEMO.listings}`)
    const names = await shownNames(page)
    const own = headlines(demo)
    expect(
      names.filter((n) => !own.has(n)),
      'rows that are not the demo’s'
    ).toEqual([])
  })
})

test('a wrong token gets a clear unauthorized message', async ({ page, app, sandbox, openApp }) => {
  const staging = await sandbox({
    listings: STAGING.listings,
    seed: STAGING.seed,
    callers: [{ token: STAGING.token, channel: STAGING.channel, merchantOfRecord: 'service' }]
  })
  const wrong = 'e2e-not-the-token-9f9f'
  app.secrets.push(STAGING.token, wrong)
  await openApp()
  const card = await createProfile(page, {
    name: 'Wrong token',
    baseUrl: staging.url,
    salesChannel: STAGING.channel,
    token: wrong
  })
  await expect(card.getByTestId('token-status')).toContainText('ends in …9f9f')

  const verdict = await testConnection(card)
  await expect(verdict).toHaveAttribute('data-ok', 'false')
  await expect(verdict).toContainText('Connection failed')
  await expect(verdict).toContainText('The token was refused (401): set a new token.')

  await test.step('the Sync screen says the same in plain words, with what to do', async () => {
    await useProfile(page, 'Wrong token')
    await navTo(page, 'Sync')
    await page.getByRole('button', { name: 'Sync now' }).click()
    const listings = page.getByTestId('sync-status-listings')
    await expect(listings).toContainText('The service refused the token')
  })
})
