import { expect, saveScreenshot, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import { createProfile, useProfile } from './harness/profiles'
import {
  ADA,
  findPricedStay,
  liveColumn,
  openScreen,
  quoteStay,
  waitForSync
} from './harness/quote'

const LIVE = { listings: 12, seed: 11, token: 'e2e-live-token-q9z3', channel: 'LIVE' }

/**
 * On a production profile a booking writes to live data: the agent types the listing id before
 * "Create booking" sends anything, and the journal shows the write as a production one, in words.
 */
test('on production, Book this asks for the listing id, and the journal marks the write', async ({
  page,
  app,
  sandbox,
  openApp
}) => {
  // A second sandbox, a profile made and synced, a booking and five axe runs.
  test.slow()
  const live = await sandbox({
    listings: LIVE.listings,
    seed: LIVE.seed,
    callers: [{ token: LIVE.token, channel: LIVE.channel, merchantOfRecord: 'service' }]
  })
  app.secrets.push(LIVE.token)
  await openApp()
  await createProfile(page, {
    name: 'Live portfolio',
    kind: 'production',
    baseUrl: live.url,
    salesChannel: LIVE.channel,
    token: LIVE.token
  })
  await useProfile(page, 'Live portfolio')
  await waitForSync(app)

  await openScreen(page, 'Quote')
  const stay = findPricedStay(live.store, { bookingType: 'instant' })
  await quoteStay(page, stay)
  await saveScreenshot(page, 'production-quote')
  await expectAccessible(page, 'production quote')

  await liveColumn(page).getByRole('button', { name: 'Book this' }).click()
  const form = page.getByRole('form', { name: 'Book this stay' })
  await form.getByLabel('First name').fill(ADA.firstName)
  await form.getByLabel('Last name').fill(ADA.lastName)
  await form.getByLabel('E-mail').fill(ADA.email)
  const create = form.getByRole('button', { name: 'Create booking' })
  const confirm = form.getByLabel('Type the listing id to confirm')
  await expect(form.getByText('This changes live data on a production profile')).toBeVisible()
  await expect(create).toBeDisabled()
  await confirm.fill('12345')
  await expect(form.getByText(`That is not ${stay.listingId}`)).toBeVisible()
  await expect(create).toBeDisabled()
  await saveScreenshot(page, 'production-quote-book')
  await expectAccessible(page, 'production booking form')
  await confirm.fill(String(stay.listingId))
  await expect(create).toBeEnabled()
  await create.click()

  const outcome = page.getByTestId('create-outcome')
  await expect(outcome).toHaveAttribute('data-status', 'pendingPayment')
  const id = (await outcome.getByTestId('created-booking-id').textContent())!
  expect(live.store.readBooking(id, LIVE.channel).status).toBe('pendingPayment')
  await saveScreenshot(page, 'production-quote-booked')
  await expectAccessible(page, 'production booking outcome')
  await page.getByRole('button', { name: 'Close', exact: true }).click()

  await openScreen(page, 'Journal')
  const row = page.getByTestId('journal-row').first()
  await expect(row).toHaveAttribute('data-production', 'true')
  await expect(row).toContainText('Live portfolio')
  await expect(row).toContainText('Production')
  await expect(row).toContainText(id)
  await page.getByText('This profile only').click()
  await expect(page.getByTestId('journal-row')).toHaveCount(1)
  await saveScreenshot(page, 'production-journal')
  await expectAccessible(page, 'production journal')
  await row.getByRole('button', { name: 'Details' }).click()
  const detail = page.getByTestId('journal-entry-detail')
  await expect(detail).toContainText('Production')
  await expect(detail.getByTestId('journal-sent')).toContainText(`"listingId": ${stay.listingId}`)
  await saveScreenshot(page, 'production-journal-detail')
  await expectAccessible(page, 'production journal detail')
})
