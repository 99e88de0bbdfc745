import type { Page } from '@playwright/test'
import { DEMO, expect, test } from './fixtures'
import { createProfile, profileCard, testConnection } from './harness/profiles'
import { countText, tableListingIds } from './harness/listings'
import { listingRows, navTo, openPalette } from './harness/screens'

/**
 * What a new user hit on the demo (issue 8, section 2), each as that user would see it. Every
 * step here failed before its fix.
 */

/** The Sync screen once the start-up sync has finished. */
async function syncScreenAfterFirstSync(page: Page): Promise<void> {
  await navTo(page, 'Sync')
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled()
  await expect(page.getByTestId('sync-status-listings')).toContainText(String(DEMO.listings))
}

test('a sync’s progress and summary say what happened, with the right counts', async ({
  page,
  openApp
}) => {
  await openApp()
  await syncScreenAfterFirstSync(page)

  await test.step('a full resync ends at "60 of 60", never "of 0"', async () => {
    await page.getByRole('button', { name: 'Full resync' }).click()
    await page.getByRole('button', { name: 'Start full resync' }).click()
    const listings = page.getByTestId('sync-progress-listings')
    await expect(listings).toHaveAttribute('data-state', 'done', { timeout: 30_000 })
    await expect(listings).toContainText(
      `Done · 1 page · ${DEMO.listings} of ${DEMO.listings} records`
    )
    await expect(page.getByTestId('sync-progress')).not.toContainText('of 0')
    await expect(page.getByTestId('sync-last-result')).toContainText(
      `Listings: ${DEMO.listings} records downloaded`
    )
  })

  await test.step('a sync with nothing new says "no changes", not "0 records, 0 changed"', async () => {
    await page.getByRole('button', { name: 'Sync now' }).click()
    await expect(page.getByTestId('sync-progress-rates')).toContainText('Done · no changes', {
      timeout: 30_000
    })
    const last = page.getByTestId('sync-last-result')
    await expect(last).toContainText('Listings: no changes')
    await expect(last).not.toContainText('0 records')
    await expect(last).not.toHaveText(/:\s*$/)
  })
})

test('a service answering 5xx is "working offline", said once, not an error of StayDesk', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await syncScreenAfterFirstSync(page)
  demo.setFaults({ error5xx: 1 })
  await page.getByRole('button', { name: 'Sync now' }).click()

  const notice = page.getByRole('alert').filter({ hasText: 'Working offline' })
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(notice).toHaveCount(1)
  await expect(notice).toContainText('Listings, availability and rates')
  await expect(page.getByText(/Something went wrong inside StayDesk/)).toHaveCount(0)
  await expect(page.getByText(/restart StayDesk/i)).toHaveCount(0)
  await expect(page.getByText(/The service had a problem: The service had/)).toHaveCount(0)
  // The last run's line names what was not updated, after its colon.
  await expect(page.getByTestId('sync-last-result')).toContainText('Not updated: Listings')
})

test('the new-profile form shows every problem at once, and a channel is saved in upper case', async ({
  page,
  sandbox,
  openApp
}) => {
  const staging = await sandbox({
    listings: 5,
    seed: 3,
    callers: [{ token: 'e2e-upper-token-1', channel: 'STG1', merchantOfRecord: 'service' }]
  })
  await openApp()
  await navTo(page, 'Profiles')
  await page.getByRole('button', { name: 'New profile' }).click()
  const form = page.getByRole('form', { name: 'New profile' })
  await form.getByRole('button', { name: 'Create profile' }).click()
  await expect(form.getByText('Name must not be empty')).toBeVisible()
  await expect(form.getByText('Base URL must be a full URL like https://host/path')).toBeVisible()
  await expect(form.getByText('Sales channel must be exactly 4 characters')).toBeVisible()
  await form.getByRole('button', { name: 'Cancel' }).click()

  const card = await createProfile(page, {
    name: 'Staging',
    baseUrl: staging.url,
    salesChannel: 'stg1'
  })
  await expect(card).toContainText('Sales channel STG1')
})

test('the country filter knows English and local names and prefixes, and offers the portfolio’s own', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  const spanish = demo.store
    .listingIds()
    .filter((id) => demo.store.listing(id)?.location?.country === 'España')
  const country = page.getByRole('combobox', { name: 'Country' })

  for (const typed of ['Spain', 'spa', 'España']) {
    await country.fill(typed)
    await expect(page.getByTestId('listings-count')).toHaveText(
      countText(spanish.length, DEMO.listings)
    )
    expect(await tableListingIds(page, spanish.length)).toEqual(spanish)
  }
  await country.fill('')
  await country.click()
  const spain = page.getByRole('option', { name: /Spain \(España\)/ })
  await expect(spain).toContainText(String(spanish.length))
  await spain.click()
  await expect(country).toHaveValue('España')
  await expect(page.getByTestId('listings-count')).toHaveText(
    countText(spanish.length, DEMO.listings)
  )

  await test.step('a city matches by the start of its name', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.getByRole('combobox', { name: 'City' }).fill('chamo')
    await expect(listingRows(page).first()).toContainText('Chamonix-Mont-Blanc')
    await expect(page.getByTestId('listings-count')).not.toHaveText(
      countText(DEMO.listings, DEMO.listings)
    )
  })
})

test('the palette: an id and Enter opens it, "#id" works, and it never acts behind itself', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  const id = demo.store.listingIds().at(-1)!
  const name = demo.store.listing(id)?.description?.EN?.headline ?? ''

  let search = await openPalette(page)
  await search.fill(String(id))
  await expect(page.getByRole('dialog').getByText(`#${id}`).first()).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.getByRole('button', { name: 'Back to listings' }).click()

  search = await openPalette(page)
  await search.fill(`#${id}`)
  await expect(page.getByRole('dialog').getByText(name)).toBeVisible()

  await test.step('Ctrl+2 under the open palette does not change the screen', async () => {
    await page.keyboard.press('Control+2')
    await expect(search).toBeVisible()
    await expect(page.locator('#main-content')).toHaveAttribute('data-screen', 'listings')
  })

  await test.step('a palette opened again at once starts empty', async () => {
    await page.keyboard.press('Escape')
    search = await openPalette(page)
    await expect(search).toHaveValue('')
  })
})

test('leaving Listings and coming back keeps the search, filters, sort and scroll place', async ({
  page,
  openApp
}) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()
  await page.getByRole('button', { name: 'Sort by Guests' }).click()
  await page.getByRole('textbox', { name: 'Min. guests' }).fill('4')
  await expect(page.getByTestId('listings-count')).not.toHaveText(
    countText(DEMO.listings, DEMO.listings)
  )
  // Scrolled down the table, as a person reading it would be.
  await page.getByTestId('listings-scroll').evaluate((el) => {
    ;(el as unknown as { scrollTop: number }).scrollTop = 600
  })
  await expect(listingRows(page).first()).not.toHaveAttribute('aria-rowindex', '2')
  const firstBefore = await listingRows(page).first().getAttribute('data-listing-id')
  const countBefore = await page.getByTestId('listings-count').innerText()

  await navTo(page, 'Sync')
  await navTo(page, 'Listings')
  await expect(page.getByRole('textbox', { name: 'Min. guests' })).toHaveValue('4')
  await expect(page.getByRole('columnheader', { name: /Guests/ })).toHaveAttribute(
    'aria-sort',
    'ascending'
  )
  await expect(page.getByTestId('listings-count')).toHaveText(countBefore)
  await expect(listingRows(page).first()).toHaveAttribute('data-listing-id', firstBefore!)
})

test('details and profiles say each thing once, and only what is true', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await expect(listingRows(page).first()).toBeVisible()

  await test.step('the listing page shows the active status once', async () => {
    await listingRows(page).first().click()
    await expect(page.getByTestId('listing-fields')).toBeVisible()
    await expect(page.getByTestId('listing-page').getByText(/^active$/i)).toHaveCount(1)
    await page.getByRole('button', { name: 'Back to listings' }).click()
  })

  await navTo(page, 'Profiles')
  const card = profileCard(page, 'Demo')

  await test.step('the demo token is "built in", not "ends in …oken"', async () => {
    await expect(card.getByTestId('token-status')).toContainText('Built-in demo token')
    await expect(card).not.toContainText('oken,')
    await expect(card).not.toContainText('…oken')
  })

  await test.step('a successful test says the count once; a failed one has no answer time', async () => {
    const ok = await testConnection(card)
    await expect(ok).toContainText(`${DEMO.listings} listings are visible`)
    expect((await ok.innerText()).match(new RegExp(`${DEMO.listings} listings`, 'g'))).toHaveLength(
      1
    )
    await expect(ok).toContainText(/answered in \d+ ms/)
    await demo.close()
    const failed = await testConnection(card)
    await expect(failed).toHaveAttribute('data-ok', 'false')
    await expect(failed).not.toContainText('answered in')
  })
})

test('the phase badge keeps its whole word beside a long error', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await syncScreenAfterFirstSync(page)
  await demo.close()
  await page.getByRole('button', { name: 'Sync now' }).click()
  const row = page.getByTestId('sync-status-listings')
  await expect(row).toContainText(/can.t be reached/, { timeout: 30_000 })
  const badge = row.getByText('Incremental updates')
  await expect(badge).toBeVisible()
  const cut = await badge.evaluate((el) => {
    const e = el as unknown as { scrollWidth: number; clientWidth: number }
    return e.scrollWidth > e.clientWidth
  })
  expect(cut, 'the badge text is cut off').toBe(false)
})
