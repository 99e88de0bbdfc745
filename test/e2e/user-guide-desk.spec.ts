import { DEMO, expect, test } from './fixtures'
import {
  bookingDetails,
  countStoreCalls,
  demoBookingsIn,
  field,
  openBookingById,
  openBookingsScreen,
  recentRows,
  sandboxBooking
} from './harness/bookings'
import {
  ADA,
  estimateColumn,
  findPricedStay,
  futureExpiry,
  lineCents,
  liveColumn,
  openScreen,
  quoteStay,
  waitForSync
} from './harness/quote'
import { lightTheme, shotOf, shotSection, shotWindow } from './user-guide-shots'

/**
 * docs/user-guide.md, sections "Quoting", "Booking", "Looking up and cancelling" and "The audit
 * journal": the support desk's steps on the demo, checked against the sandbox's own records.
 */

test('a quote (live beside the offline estimate), then Book this with a test card', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await lightTheme(page)
  await openApp()
  await waitForSync(app)
  await page.keyboard.press('Control+7')
  await expect(page.getByRole('heading', { level: 1, name: 'Quote' })).toBeVisible()
  const stay = findPricedStay(demo.store, { bookingType: 'instant' })
  await quoteStay(page, stay)
  await expect(liveColumn(page).getByTestId('live-asked-at')).toContainText(
    'From the service, asked just now'
  )
  await expect(estimateColumn(page)).toContainText('Offline copy of this listing’s rates')
  // The demo's copy is fresh: the estimate and the service agree on the total.
  const total = await lineCents(liveColumn(page), 'total')
  expect(total).toBeGreaterThan(0)
  expect(await lineCents(estimateColumn(page), 'total')).toBe(total)
  await expect(
    estimateColumn(page).getByRole('button', { name: 'Refresh listing from the service' })
  ).toBeVisible()
  await shotSection(page.getByTestId('quote-answer'), 'quote')

  await test.step('Book this: the guest, a test card, and the outcome', async () => {
    await liveColumn(page).getByRole('button', { name: 'Book this' }).click()
    const dialog = page.getByRole('dialog', { name: 'Book this stay' })
    const form = dialog.getByRole('form', { name: 'Book this stay' })
    await form.getByLabel('First name').fill(ADA.firstName)
    await form.getByLabel('Last name').fill(ADA.lastName)
    await form.getByLabel('E-mail').fill(ADA.email)
    await form.getByLabel('Card number').fill('4242 4242 4242 4242')
    await form.getByLabel('Expiry (MM/YY)').fill(futureExpiry(demo.store))
    await form.getByLabel('Security code (CVC)').fill('123')
    await form.getByRole('button', { name: 'Create booking' }).click()
    const outcome = dialog.getByTestId('create-outcome')
    await expect(outcome).toHaveAttribute('data-status', 'confirmed')
    await expect(outcome).toContainText('Booking confirmed')
    await expect(outcome.getByTestId('payment-sentence')).toContainText('Visa •••• 4242 paid')
    const id = (await outcome.getByTestId('created-booking-id').textContent())!
    expect(demo.store.readBooking(id, DEMO.channel).status).toBe('confirmed')
    // The dialog scrolled down to the button; the outcome's own words are at its top.
    await dialog.evaluate((el) => void ((el as unknown as { scrollTop: number }).scrollTop = 0))
    await shotOf(outcome.getByRole('status').first(), 'quote-booked')
    await dialog.getByRole('button', { name: 'Open booking details' }).click()
    await expect(bookingDetails(page, id)).toBeVisible()
  })
})

test('a booking looked up by id, its refund preview, a cancellation whose answer is lost, and the journal', async ({
  page,
  demo,
  openApp
}) => {
  test.slow()
  // A confirmed booking with something paid under a 50% tier: the guest's and the property
  // manager's refunds differ, as the guide's picture of the preview shows.
  const booking = demoBookingsIn(demo, 'confirmed').find((b) => {
    const r = sandboxBooking(demo.store, b.id)
    return (
      (r.instalments ?? []).some((i) => i.status === 'paid') &&
      r.cancellationPolicy?.refund?.percentage === 50
    )
  })!
  const record = sandboxBooking(demo.store, booking.id)
  await lightTheme(page)
  await openApp()
  await openBookingsScreen(page)
  await expect(recentRows(page)).toHaveCount(demo.demoBookings.length)
  const details = await openBookingById(page, booking.id)
  await expect(details.getByTestId('booking-source')).toContainText(
    'Live from the service, read just now'
  )
  await expect(details.getByRole('heading', { level: 2 })).toHaveText(`Booking ${booking.id}`)
  await expect(field(details.getByTestId('booking-guest'), 'Name')).toHaveText(
    `${record.guest?.firstName} ${record.guest?.lastName}`
  )
  for (const action of ['Back to the list', 'Read again', 'Voucher', 'Cancel booking']) {
    await expect(details.getByRole('button', { name: action })).toBeVisible()
  }
  await shotWindow(page, 'booking-details')

  const cancels = countStoreCalls(demo.store, 'cancel')
  await details.getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${booking.id}` })
  await expect(dialog.getByTestId('refund-estimate')).toContainText('Refund estimate')
  await expect(dialog.getByTestId('refund-line').first()).toBeVisible()
  await dialog.getByRole('radio', { name: 'The guest' }).check()
  await dialog.getByLabel('Reason').fill('The guest’s flight was cancelled')
  await dialog
    .getByLabel('Message to the other party')
    .fill('We are sorry: the stay is cancelled. The refund follows the policy.')
  await shotOf(dialog, 'booking-cancel')

  await test.step('the answer is lost: unknown, read again, never sent twice', async () => {
    demo.setFaults({ commitThenDrop: 1, paths: '/cancel$' })
    await dialog.getByRole('button', { name: 'Send cancellation' }).click()
    const outcome = dialog.getByTestId('cancel-outcome')
    await expect(outcome).toHaveAttribute('data-outcome', 'unknown')
    await expect(outcome).toContainText('StayDesk read the booking again')
    await expect(outcome.getByTestId('reread-state')).toContainText('Cancelled by the guest')
    await expect(outcome).toContainText('StayDesk did not send the cancellation again.')
    await expect(dialog.getByRole('button', { name: 'Send cancellation' })).toHaveCount(0)
    demo.setFaults(null)
    expect(cancels()).toBe(1)
    expect(sandboxBooking(demo.store, booking.id).status).toBe('cancelledByGuest')
    await shotOf(dialog, 'booking-cancel-unknown')
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  })

  await test.step('the journal holds the request and its unknown outcome', async () => {
    await openScreen(page, 'Journal')
    const row = page.getByTestId('journal-row').first()
    await expect(row).toHaveAttribute('data-action', 'cancel')
    await expect(row).toContainText('Cancel booking')
    await expect(row).toContainText(booking.id)
    await expect(row).toContainText('Unknown')
    for (const filter of ['Action', 'Outcome']) {
      await expect(page.getByRole('combobox', { name: filter })).toBeVisible()
    }
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
    await shotWindow(page, 'journal')
  })
})
