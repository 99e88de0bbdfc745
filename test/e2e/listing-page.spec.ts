import type { Page } from '@playwright/test'
import { eurToCents, formatEur } from '@shared/domain/money'
import { WEEKDAY_NAMES } from '@shared/domain/stay-rules'
import { expect, SCREENSHOT_DIR, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import {
  bedroomsOf,
  listingSection,
  listingsOf,
  openFromRow,
  searchBox,
  waitForFirstSync,
  type StoreListing
} from './harness/listings'
import { createProfile, useProfile } from './harness/profiles'
import { listingRows, openPalette, paletteResults } from './harness/screens'
import { join } from 'node:path'

/**
 * A listing's full page (issue 10): what the service publishes, read against the sandbox's own
 * record; the live check; the reference on the channel, read back from what the sandbox
 * received.
 */

const language = (code: string) =>
  new Intl.DisplayNames(['en'], { type: 'language' }).of(code.toLowerCase()) ?? code

/** A listing that shows much: several languages, a cleaning fee, and a % tax when there is one. */
function richListing(all: StoreListing[]): StoreListing {
  const candidates = all.filter(
    (l) =>
      Object.keys(l.description ?? {}).length >= 2 &&
      l.cleaning?.feeBasis !== 'included' &&
      (l.images ?? []).length > 0
  )
  return (
    candidates.find((l) => (l.taxes ?? []).some((t) => t.feeBasis === '% of Rental Amount')) ??
    candidates[0]
  )
}

/** Narrows the table to one listing by its id and opens it from its row, by keyboard. */
async function openListing(page: Page, id: number): Promise<void> {
  await expect(listingRows(page).first()).toBeVisible()
  await searchBox(page).fill(String(id))
  await expect(listingRows(page)).toHaveCount(1)
  await openFromRow(page, id)
}

test('a row opens the full page by keyboard; it reads as the sandbox publishes the listing', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  const l = richListing(listingsOf(demo.store, () => true))
  await openListing(page, l.id)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(l.description!.EN!.headline!)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()

  await test.step('every language’s headline, the automatic translations marked', async () => {
    for (const [code, d] of Object.entries(l.description ?? {})) {
      const tab = page.getByRole('tab', { name: new RegExp(`^${language(code)}`) })
      await tab.click()
      await expect(page.getByTestId(`description-${code}`)).toContainText(d.headline!)
      if (d.autoTranslated) await expect(tab).toHaveAccessibleName(/auto-translated/i)
      else await expect(tab).not.toHaveAccessibleName(/auto-translated/i)
    }
  })

  await test.step('rooms, stay rules, fees, house rules and coordinates', async () => {
    await expect(page.getByTestId('field-bedrooms')).toContainText(String(bedroomsOf(l)))
    const rules = listingSection(page, 'listing-stay-rules')
    await expect(rules).toContainText(`Check-in time${l.instructions!.checkIn}`)
    await expect(rules).toContainText(`Check-out time${l.instructions!.checkOut}`)
    for (const day of l.basicRates?.checkInDays ?? []) {
      await expect(rules).toContainText(WEEKDAY_NAMES[day])
    }
    const cleaning = page.getByTestId('field-cleaning')
    await expect(cleaning).toContainText(formatEur(eurToCents(l.cleaning!.fee)))
    await expect(cleaning).toContainText(l.cleaning!.feeBasis)
    const percent = (l.taxes ?? []).find((t) => t.feeBasis === '% of Rental Amount')
    if (percent) {
      await expect(listingSection(page, 'listing-taxes')).toContainText(
        `${percent.name}${percent.fee}% of the rental amount`
      )
    }
    await expect(page.getByTestId('house-rules')).toHaveText(l.houseRules!)
    await expect(page.getByTestId('coordinates')).toHaveText(
      `${l.location!.latitude}, ${l.location!.longitude}`
    )
  })

  await test.step('a photo, fetched through main, with its labels as alt text', async () => {
    // Photos load as they come into view, as a person scrolls to them.
    await page.getByTestId('listing-image').first().scrollIntoViewIfNeeded()
    const photo = page.getByRole('img', { name: `Photo 1 of ${l.images!.length}: exterior` })
    await expect(photo).toBeVisible()
    await expect(photo).toHaveAttribute('src', /^data:image\//)
  })

  await test.step('Back returns to the table as it was, focus on the listing’s row', async () => {
    await page.getByRole('button', { name: 'Back to listings' }).click()
    await expect(searchBox(page)).toHaveValue(String(l.id))
    await expect(
      page.locator(`[data-testid="listing-row"][data-listing-id="${l.id}"]`).getByRole('button')
    ).toBeFocused()
  })
})

test('Check live says what changed: prices after the owner’s edit, then nothing', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForFirstSync(app)
  const id = demo.store.listingIds()[3]
  await openListing(page, id)
  const nights = Object.entries(demo.store.rates(id)!.rate)
  const [night, price] = nights[20]
  demo.store.setNightlyRate(id, night, price + 17)

  const check = page.getByRole('button', { name: 'Check live' })
  const result = page.getByTestId('check-live-result')
  await check.click()
  await expect(result).toContainText('Prices changed')
  await check.click()
  await expect(result).toContainText('Nothing changed')

  await test.step('with the service gone, the page says so calmly and keeps the copy', async () => {
    await demo.close()
    await check.click()
    await expect(result).toContainText('Not checked: the service can’t be reached')
    await expect(page.getByText(/Something went wrong inside StayDesk/)).toHaveCount(0)
    await expect(page.getByTestId('listing-fields')).toContainText(String(id))
  })
})

test('the reference on this channel: checked on its fields, set with one click, as sent', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  const id = demo.store.listingIds()[5]
  await openListing(page, id)
  const section = listingSection(page, 'listing-reference')
  await expect(section).toContainText('No reference set from this profile yet.')
  await expect(section).toContainText('The service can’t read references back')

  await section.getByRole('button', { name: 'Edit reference' }).click()
  const form = section.getByRole('form', { name: 'Edit reference' })
  await form.getByRole('button', { name: 'Set reference' }).click()
  await expect(form.getByText('Reference is required')).toBeVisible()
  await form.getByRole('textbox', { name: 'Reference' }).fill('CHAN-4711')
  await form.getByRole('textbox', { name: 'URL' }).fill('not a page')
  await form.getByRole('button', { name: 'Set reference' }).click()
  await expect(form.getByText('URL must be a URL')).toBeVisible()
  expect(demo.store.referencesOf('DEMO').has(id), 'nothing is sent with errors').toBe(false)

  const url = 'https://channel.example.com/stays/4711'
  await form.getByRole('textbox', { name: 'URL' }).fill(url)
  await form.getByRole('combobox', { name: 'Status on the channel' }).click()
  await page.getByRole('option', { name: 'Active', exact: true }).click()
  await form.getByRole('button', { name: 'Set reference' }).click()
  await expect(section.getByTestId('reference-outcome')).toContainText('Reference set')
  expect(demo.store.referencesOf('DEMO').get(id)).toEqual({
    reference: 'CHAN-4711',
    url,
    status: 'active'
  })
  const kept = section.getByTestId('kept-reference')
  await expect(kept).toContainText('CHAN-4711')
  await expect(kept).toContainText(url)
  await expect(kept).toContainText(/set .* from this profile/)
})

test('on a production profile the reference asks for the listing id typed first', async ({
  page,
  app,
  sandbox,
  openApp
}) => {
  const live = await sandbox({
    listings: 8,
    seed: 21,
    callers: [{ token: 'e2e-live-ref-token-9', channel: 'LIVE', merchantOfRecord: 'service' }]
  })
  app.secrets.push('e2e-live-ref-token-9')
  await openApp()
  await createProfile(page, {
    name: 'Live',
    kind: 'production',
    baseUrl: live.url,
    salesChannel: 'LIVE',
    token: 'e2e-live-ref-token-9'
  })
  await useProfile(page, 'Live')
  const id = live.store.listingIds()[2]
  const search = await openPalette(page)
  await search.fill(String(id))
  await paletteResults(page)
    .filter({ hasText: `#${id}` })
    .first()
    .click()
  await expect(page.getByTestId('listing-page')).toBeVisible()

  const section = listingSection(page, 'listing-reference')
  await section.getByRole('button', { name: 'Edit reference' }).click()
  await section.getByRole('textbox', { name: 'Reference' }).fill('LIVE-1')
  const send = section.getByRole('button', { name: 'Set reference' })
  await expect(send).toBeDisabled()
  const confirm = section.getByRole('textbox', { name: 'Type the listing id to confirm' })
  await confirm.fill('12')
  await expect(section.getByText('That is not')).toBeVisible()
  await expect(send).toBeDisabled()
  await confirm.fill(String(id))
  await send.click()
  await expect(section.getByTestId('reference-outcome')).toContainText('Reference set')
  expect(live.store.referencesOf('LIVE').get(id)).toEqual({ reference: 'LIVE-1' })
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the listing page in the ${scheme} theme, whole, axe clean`, async ({
    page,
    demo,
    openApp
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    const l = richListing(listingsOf(demo.store, () => true))
    await openListing(page, l.id)
    await listingSection(page, 'listing-reference')
      .getByRole('button', { name: 'Edit reference' })
      .click()
    for (const img of await page.getByTestId('listing-image').all()) {
      await img.scrollIntoViewIfNeeded()
      await expect(img.getByRole('img')).toBeVisible()
    }
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0)
    )
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${scheme}-listing-page-full.png`),
      fullPage: true,
      animations: 'disabled'
    })
    await expectAccessible(page, `${scheme} listing page`)
  })
}
