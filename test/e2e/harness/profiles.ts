import { expect, type Locator, type Page } from '@playwright/test'
import type { SandboxHandle, StartSandboxOptions } from '../../../src-main/sandbox'
import { startCorruptingProxy, type CorruptingProxy } from '../../helpers/corrupting-proxy'
import type { E2eApp } from '../fixtures'
import { navTo } from './screens'

/** Steps on the Profiles screen, as a person does them. */

export interface NewProfile {
  name: string
  kind?: 'test' | 'production'
  baseUrl: string
  salesChannel: string
  /** Typed in the creation form; otherwise set afterwards with "Set token". */
  token?: string
}

export function profileCard(page: Page, name: string): Locator {
  return page.getByRole('region', { name: `Profile ${name}`, exact: true })
}

export async function createProfile(page: Page, p: NewProfile): Promise<Locator> {
  await navTo(page, 'Profiles')
  await page.getByRole('button', { name: 'New profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByLabel('Name').fill(p.name)
  if (p.kind === 'production') {
    await form.locator('label', { hasText: /^Production$/ }).click()
  }
  await form.getByLabel('Base URL').fill(p.baseUrl)
  await form.getByLabel('Sales channel').fill(p.salesChannel)
  if (p.token) await form.getByLabel('Token', { exact: true }).fill(p.token)
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(form).toBeHidden()
  const card = profileCard(page, p.name)
  await expect(card).toBeVisible()
  return card
}

export async function setToken(page: Page, card: Locator, token: string): Promise<void> {
  await card
    .getByRole('button', { name: /^(Set|Replace) token$/ })
    .first()
    .click()
  const form = page.getByRole('form', { name: 'Set token' })
  await form.getByLabel('Token', { exact: true }).fill(token)
  await form.getByRole('button', { name: 'Save token' }).click()
  await expect(form).toBeHidden()
}

/** Runs "Test connection" and returns the verdict box. */
export async function testConnection(card: Locator): Promise<Locator> {
  await card.getByRole('button', { name: 'Test connection' }).click()
  const verdict = card.getByTestId('connection-verdict')
  await expect(verdict).toBeVisible()
  return verdict
}

/** Switches the whole app to the profile (one action) and waits until the header shows it. */
export async function useProfile(page: Page, name: string): Promise<void> {
  await navTo(page, 'Profiles')
  await profileCard(page, name)
    .getByRole('button', { name: `Use this profile: ${name}` })
    .click()
  await expect(page.getByTestId('active-profile-name')).toHaveText(name)
}

/** A service of a profile's own, beside the demo (the service is Merchant of Record). */
export interface OwnService {
  listings: number
  seed: number
  token: string
  channel: string
}

/** Starts it; its token is one the window must never see. */
export function startOwnService(
  sandbox: (opts: StartSandboxOptions) => Promise<SandboxHandle>,
  app: E2eApp,
  s: OwnService
): Promise<SandboxHandle> {
  app.secrets.push(s.token)
  return sandbox({
    listings: s.listings,
    seed: s.seed,
    callers: [{ token: s.token, channel: s.channel, merchantOfRecord: 'service' }]
  })
}

/**
 * A proxy in front of `service` that sends the listing at `index` with a guest count that is not
 * a number, as a faulty service would: the sync sets that record aside in quarantine.
 */
export async function malformedListingProxy(
  service: SandboxHandle,
  index: number
): Promise<{ proxy: CorruptingProxy; bad: number }> {
  const proxy = await startCorruptingProxy(service.url)
  const bad = service.store.listingIds()[index]
  proxy.setRewrite((path, body) =>
    /^\/v1\/listings(\/\d+)?$/.test(path) && Array.isArray(body)
      ? body.map((r: { id?: number }) => (r.id === bad ? { ...r, maxGuest: 'lots' } : r))
      : undefined
  )
  return { proxy, bad }
}
