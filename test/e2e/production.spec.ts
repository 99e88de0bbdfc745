import { expect, saveScreenshot, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import { createProfile, profileCard, useProfile } from './harness/profiles'
import { navTo } from './harness/screens'
import type { Locator } from '@playwright/test'

const LIVE = { listings: 12, seed: 11, token: 'e2e-live-token-77aa', channel: 'LIVE' }

/** The element's computed background colour, e.g. `rgb(224, 49, 49)`, and its channels. */
async function background(el: Locator): Promise<{ colour: string; rgb: number[] }> {
  const colour = await el.evaluate((node) => {
    const g = globalThis as unknown as {
      getComputedStyle(n: unknown): { backgroundColor: string }
    }
    return g.getComputedStyle(node).backgroundColor
  })
  return { colour, rgb: (colour.match(/\d+/g) ?? []).map(Number) }
}

/** A strong red: the red channel dominates, as in Mantine's red-7/8/9. */
async function expectStrongRed(el: Locator): Promise<void> {
  const {
    colour,
    rgb: [r, gr, b]
  } = await background(el)
  expect(r, `header background ${colour}`).toBeGreaterThan(150)
  expect(gr, `header background ${colour}`).toBeLessThan(90)
  expect(b, `header background ${colour}`).toBeLessThan(90)
}

test('a production profile is shown in a strong colour on every screen', async ({
  page,
  app,
  sandbox,
  openApp
}) => {
  const live = await sandbox({
    listings: LIVE.listings,
    seed: LIVE.seed,
    callers: [{ token: LIVE.token, channel: LIVE.channel, merchantOfRecord: 'service' }]
  })
  app.secrets.push(LIVE.token)
  await openApp()
  const header = page.getByTestId('app-header')
  await expect(header).toHaveAttribute('data-profile-kind', 'demo')

  const card = await createProfile(page, {
    name: 'Live portfolio',
    kind: 'production',
    baseUrl: live.url,
    salesChannel: LIVE.channel,
    token: LIVE.token
  })
  await expect(card.getByTestId('active-profile-marker')).toHaveCount(0)
  await useProfile(page, 'Live portfolio')

  await expect(page.getByTestId('active-profile-kind')).toHaveText('Production')
  await expect(page).toHaveTitle(/Live portfolio.*production/i)
  expect(app.windowTitle()).toMatch(/Live portfolio.*PRODUCTION/)
  for (const screen of ['Listings', 'Sync', 'Profiles'] as const) {
    await navTo(page, screen)
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible()
    await expect(header).toHaveAttribute('data-profile-kind', 'production')
    await expectStrongRed(header)
    await saveScreenshot(page, `production-${screen.toLowerCase()}`)
    await expectAccessible(page, `production-${screen.toLowerCase()}`)
  }
  await expect(
    profileCard(page, 'Live portfolio').getByTestId('profile-active-marker')
  ).toBeVisible()

  await test.step('back on a test kind, the red is gone', async () => {
    await useProfile(page, 'Demo')
    await expect(header).toHaveAttribute('data-profile-kind', 'demo')
    const {
      colour,
      rgb: [r, gr]
    } = await background(header)
    expect(r - gr, `header background ${colour}`).toBeLessThan(60)
  })
})
