import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { DEMO, expect, saveScreenshot, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import {
  bookThis,
  findPricedStay,
  futureExpiry,
  openScreen,
  quoteStay,
  waitForSync
} from './harness/quote'

/**
 * The audit journal after real writes: a booking created from the Quote screen with a card, and
 * cancelled through the same command the Bookings screen sends. What the journal shows is
 * checked against what the sandbox recorded; the card only ever appears as brand and last four.
 */

const rows = (page: Page) => page.getByTestId('journal-row')

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('after a create and a cancel the journal lists both, with what was sent and what came back', async ({
  page,
  app,
  demo,
  openApp
}) => {
  // A booking, a cancel, two axe runs and every filter: a long story, slower on a busy machine.
  test.slow()
  await openApp()
  await waitForSync(app)
  await openScreen(page, 'Journal')
  await expect(page.getByTestId('journal-empty')).toContainText('No writes yet')

  await openScreen(page, 'Quote')
  const stay = findPricedStay(demo.store, { bookingType: 'instant' })
  await quoteStay(page, stay)
  const outcome = await bookThis(page, {
    card: { number: '4242 4242 4242 4242', expiration: futureExpiry(demo.store), cvc: '123' }
  })
  const id = (await outcome.getByTestId('created-booking-id').textContent())!
  const reference = (await outcome.getByTestId('created-own-reference').textContent())!
  await page
    .getByRole('dialog', { name: 'Book this stay' })
    .getByRole('button', { name: 'Close', exact: true })
    .click()

  await openScreen(page, 'Journal')
  await expect(rows(page)).toHaveCount(1)

  await test.step('a write made meanwhile appears by itself', async () => {
    const cancelled = await app.invoke('bookings:cancel', {
      bookingId: id,
      by: 'guest',
      reason: 'Plans changed',
      message: 'The guest cannot travel.'
    })
    expect(cancelled.ok && cancelled.value.outcome).toBe('done')
    expect(demo.store.readBooking(id, DEMO.channel).status).toBe('cancelledByGuest')
    await expect(rows(page)).toHaveCount(2)
  })

  const [cancelRow, createRow] = [rows(page).nth(0), rows(page).nth(1)]
  await expect(cancelRow).toHaveAttribute('data-action', 'cancel')
  await expect(cancelRow).toHaveAttribute('data-outcome', 'done')
  await expect(cancelRow).toContainText('Cancel booking')
  await expect(cancelRow).toContainText(id)
  await expect(createRow).toHaveAttribute('data-action', 'create')
  await expect(createRow).toContainText('Create booking')
  await expect(createRow).toContainText('Done')
  await expect(createRow).toContainText(id)
  await expect(createRow).toContainText(reference)
  await expect(createRow).toContainText('Demo')
  await expect(page.getByTestId('journal-count')).toHaveText('Showing 1–2 of 2')
  await saveScreenshot(page, 'light-journal')
  await expectAccessible(page, 'journal')

  await test.step('the create’s detail: the card as brand and last four, the answer as JSON', async () => {
    await createRow.getByRole('button', { name: 'Details' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create booking: Done' })
    await expect(dialog.getByTestId('journal-card')).toHaveText('Visa •••• 4242')
    const sent = dialog.getByTestId('journal-sent')
    await expect(sent).toContainText('"last4": "4242"')
    await expect(sent).toContainText('"email": "ada@example.com"')
    await expect(sent).toContainText(`"ownReference": "${reference}"`)
    await expect(sent).not.toContainText('4242424242424242')
    await expect(sent).not.toContainText('"cvc"')
    await expect(dialog.getByTestId('journal-received')).toContainText(`"bookingId": "${id}"`)
    expect(await page.content()).not.toMatch(/4242 ?4242 ?4242 ?4242/)
    await saveScreenshot(page, 'light-journal-detail')
    await expectAccessible(page, 'journal write detail')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  await test.step('filters: action, outcome, booking, dates, profile', async () => {
    await choose(page, 'Action', 'Create booking')
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page).first()).toHaveAttribute('data-action', 'create')
    await choose(page, 'Action', 'All actions')
    await expect(rows(page)).toHaveCount(2)

    await choose(page, 'Outcome', 'Refused')
    await expect(page.getByTestId('journal-empty')).toContainText('No writes match these filters')
    await page.getByTestId('journal-empty').getByRole('button', { name: 'Clear filters' }).click()
    await expect(rows(page)).toHaveCount(2)

    const booking = page.getByRole('textbox', { name: 'Booking id or reference' })
    await booking.fill(reference)
    await expect(rows(page)).toHaveCount(1)
    await booking.fill('SB00000000')
    await expect(page.getByTestId('journal-empty')).toBeVisible()
    await booking.fill(id)
    await expect(rows(page)).toHaveCount(2)
    await booking.fill('')

    const today = utcDateOf(Date.now())
    const from = page.getByRole('textbox', { name: 'Sent from' })
    await from.fill(addDays(today, 1))
    await from.press('Escape')
    await expect(page.getByTestId('journal-empty')).toBeVisible()
    await from.fill(today)
    await from.press('Escape')
    await expect(rows(page)).toHaveCount(2)

    await page.getByText('This profile only').click()
    await expect(rows(page)).toHaveCount(2)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(rows(page)).toHaveCount(2)
  })

  await test.step('the CSV export holds the filtered rows, and says where it went', async () => {
    await choose(page, 'Action', 'Create booking')
    await expect(rows(page)).toHaveCount(1)
    await page.getByRole('button', { name: 'Export CSV' }).click()
    await expect(page.getByTestId('journal-saved')).toContainText('Saved 1 write to')
    expect(app.savedFiles).toHaveLength(1)
    const file = app.savedFiles[0]
    await expect(page.getByTestId('journal-saved')).toContainText(file.path)
    expect(file.name).toMatch(/\.csv$/)
    const text = readFileSync(file.path, 'utf8')
    const lines = text.trim().split(/\r?\n/)
    expect(lines[0]).toContain('Sent at')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(id)
    expect(lines[1]).toContain('create')
    expect(text).not.toMatch(/4242 ?4242 ?4242 ?4242/)
  })
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the journal and a write's detail in the ${scheme} theme`, async ({
    page,
    app,
    demo,
    openApp
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await waitForSync(app)
    const stay = findPricedStay(demo.store, { bookingType: 'instant' })
    const made = await app.invoke('bookings:create', {
      stay: { listingId: stay.listingId, from: stay.from, to: stay.to, adults: 2 },
      guest: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' }
    })
    expect(made.ok && made.value.outcome).toBe('done')
    // A refused write too, so two outcomes show: the service knows no such booking.
    const refused = await app.invoke('bookings:cancel', {
      bookingId: 'SB00000000',
      by: 'pm',
      reason: 'Owner stay',
      message: 'The owner needs the house.'
    })
    expect(refused.ok).toBe(true)
    await openScreen(page, 'Journal')
    await expect(rows(page)).toHaveCount(2)
    await saveScreenshot(page, `${scheme}-journal`)
    await expectAccessible(page, `${scheme} journal`)
    await rows(page).first().getByRole('button', { name: 'Details' }).click()
    await expect(page.getByTestId('journal-entry-detail')).toBeVisible()
    await saveScreenshot(page, `${scheme}-journal-detail`)
    await expectAccessible(page, `${scheme} journal detail`)
  })
}
