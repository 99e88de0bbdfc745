import type { Locator, Page } from '@playwright/test'
import { addDays } from '@shared/domain/dates'
import { DEMO, expect, test } from './fixtures'
import {
  bookingDetails,
  demoBookingsIn,
  eurCents,
  money,
  openBookingById,
  openBookingsScreen,
  sandboxBooking,
  startOnBooking
} from './harness/bookings'
import { shots } from './harness/pictures'
import { bookThis, findPricedStay, futureExpiry, startWithQuote } from './harness/quote'

/**
 * Money that adds up (issue 20), checked against the sandbox's own records: the booking page and
 * the voucher show a price whose lines make its total; after a payment the service's own payment
 * status and what is still due; the deadline, the payment link and the guest's contact with copy;
 * overdue instalments in words and in the watch list; an ended booking owes nothing; the
 * cancellation's reason and message and the writes on the booking; a long name never widens it.
 */

/** What the window's clipboard holds (the page's own navigator, granted read). */
function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() =>
    (
      globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
    ).navigator.clipboard.readText()
  )
}

/** The signed cents of each line of a price table, by its key. */
async function priceLines(table: Locator): Promise<Map<string, { cents: number; aside: boolean }>> {
  const rows = await table.locator('tr[data-line]').evaluateAll((trs) =>
    trs.map((tr) => ({
      key: tr.getAttribute('data-line')!,
      cents: Number(tr.querySelector('[data-cents]')!.getAttribute('data-cents')),
      aside: tr.getAttribute('data-aside') === 'true'
    }))
  )
  return new Map(rows.map((r) => [r.key, { cents: r.cents, aside: r.aside }]))
}

/** What the lines above the total make: before discount, less the discount, plus what is in it. */
function madeBy(lines: Map<string, { cents: number; aside: boolean }>): number {
  let sum = 0
  for (const [key, l] of lines) {
    if (key === 'rental' || key === 'total' || l.aside) continue
    sum += l.cents
  }
  return sum
}

test('the booking page and the voucher show a price whose lines make its total, as the service states it', async ({
  page,
  demo,
  openApp
}) => {
  // The booking: a discount and cleaning in the total (1,753.86 + 141.00 = 1,894.86).
  const records = demo.store.demoBookings().map((b) => sandboxBooking(demo.store, b.id))
  const both = records.find(
    (r) =>
      eurCents(r.payment?.discount) > 0 &&
      eurCents(r.payment?.cleaning) > 0 &&
      eurCents(r.payment?.amount) === eurCents(r.payment?.rental) + eurCents(r.payment?.cleaning)
  )!
  const optional = records.find(
    (r) =>
      eurCents(r.payment?.cleaning) > 0 &&
      eurCents(r.payment?.amount) === eurCents(r.payment?.rental)
  )!
  const details = await startOnBooking({ page, openApp }, both.id)
  const price = details.getByRole('table', { name: 'Price' })
  const lines = await priceLines(price)
  const p = both.payment!
  expect(lines.get('beforeDiscount')!.cents).toBe(eurCents(p.rental) + eurCents(p.discount))
  expect(lines.get('discount')!.cents).toBe(-eurCents(p.discount))
  expect(lines.get('rental')!.cents).toBe(eurCents(p.rental))
  expect(lines.get('cleaning')).toEqual({ cents: eurCents(p.cleaning), aside: false })
  expect(lines.get('total')!.cents).toBe(eurCents(p.amount))
  expect(madeBy(lines)).toBe(eurCents(p.amount))
  await expect(price.getByRole('row', { name: /Cleaning/ })).toContainText('in the total')
  await shots(page, 'booking-money-price', details.getByTestId('booking-payment'))

  await details.getByRole('button', { name: 'Voucher' }).click()
  const voucherPrice = page.getByTestId('voucher').getByRole('table', { name: 'Price' })
  const onVoucher = await priceLines(voucherPrice)
  expect([...onVoucher]).toEqual([...lines].map(([k, l]) => [k, { ...l, aside: false }]))
  expect(madeBy(onVoucher)).toBe(eurCents(p.amount))
  await page.getByRole('button', { name: 'Back' }).click()

  // Optional cleaning sits beside a total that leaves it out, and says so.
  const other = await openBookingById(page, optional.id)
  const otherLines = await priceLines(other.getByRole('table', { name: 'Price' }))
  expect(otherLines.get('cleaning')).toEqual({
    cents: eurCents(optional.payment!.cleaning),
    aside: true
  })
  await expect(
    other.getByRole('table', { name: 'Price' }).getByRole('row', { name: /Cleaning/ })
  ).toContainText('optional, not in the total')
  expect(otherLines.get('total')!.cents).toBe(eurCents(optional.payment!.amount))
  expect(madeBy(otherLines)).toBe(eurCents(optional.payment!.amount))
})

test('a booking awaiting payment shows its deadline with the time left and its payment link; after paying, the service’s payment status and what is still due, and when', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const expiration = futureExpiry(demo.store)
  // Check-in 40 days or more ahead: a deposit now and a balance later.
  await startWithQuote({ page, app, openApp }, demo.store, { bookingType: 'instant' })
  const outcome = await bookThis(page, {
    card: { number: '4000 0000 0000 0002', expiration, cvc: '123' }
  })
  const id = (await outcome.getByTestId('created-booking-id').textContent())!
  await outcome.getByRole('button', { name: 'Open booking details' }).click()
  const details = bookingDetails(page, id)
  await expect(details).toHaveAttribute('data-status', 'pendingPayment')

  const payment = details.getByTestId('booking-payment')
  await expect(payment.getByTestId('payment-deadline')).toContainText(
    /\d+ hours?( \d+ minutes?)? left/
  )
  const link = payment.getByTestId('payment-link')
  await expect(link).toHaveText(`${demo.url}/pay/${id}`)
  await payment.getByRole('button', { name: 'Copy the payment link' }).click()
  await expect(payment.getByRole('button', { name: 'Copied the payment link' })).toBeVisible()
  expect(await clipboardText(page)).toBe(`${demo.url}/pay/${id}`)
  await shots(page, 'booking-money-awaiting-payment', payment)

  await details.getByRole('button', { name: 'Pay with a new card' }).click()
  const dialog = page.getByRole('dialog', { name: `Pay booking ${id}` })
  const form = dialog.getByRole('form', { name: 'Pay booking' })
  await form.getByLabel('Card number').fill('4242 4242 4242 4242')
  await form.getByLabel('Expiry (MM/YY)').fill(expiration)
  await form.getByLabel('Security code (CVC)').fill('737')
  await form.getByRole('button', { name: 'Pay with this card' }).click()
  const paid = dialog.getByTestId('pay-outcome')
  await expect(paid).toHaveAttribute('data-outcome', 'paid')

  const record = sandboxBooking(demo.store, id)
  expect(record.paymentStatus).toBe('partialPaid')
  await expect(paid.getByTestId('pay-payment-status')).toHaveText(record.paymentStatus!)
  const balance = (record.instalments ?? []).find((i) => i.status !== 'paid')!
  const due = paid.getByTestId('pay-still-due')
  await expect(due).toContainText(`Still due: ${await money(page, eurCents(balance.amount))}`)
  const dueDay = await page.evaluate(
    (d) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`)
      ),
    balance.dueDate!
  )
  await expect(due).toContainText(`due ${dueDay}`)
  await expect(paid).not.toContainText('payment “Paid”')
  await shots(page, 'booking-money-paid-in-part')
})

test('a guest’s e-mail and phone have copy, mailto: and tel:', async ({ page, demo, openApp }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const id = demoBookingsIn(demo, 'confirmed')[0].id
  const guest = sandboxBooking(demo.store, id).guest!
  const section = (await startOnBooking({ page, openApp }, id)).getByTestId('booking-guest')
  await expect(section.getByRole('link', { name: guest.email! })).toHaveAttribute(
    'href',
    `mailto:${guest.email}`
  )
  await expect(section.getByRole('link', { name: guest.phone! })).toHaveAttribute(
    'href',
    `tel:${guest.phone!.replace(/[\s().-]/g, '')}`
  )
  await section.getByRole('button', { name: 'Copy the phone number' }).click()
  expect(await clipboardText(page)).toBe(guest.phone)
  await section.getByRole('button', { name: 'Copy the e-mail address' }).click()
  expect(await clipboardText(page)).toBe(guest.email)
})

test('an unpaid instalment past its due date is overdue in words; an ended booking owes nothing, and its voucher says so at its top', async ({
  page,
  demo,
  openApp
}) => {
  // A confirmed booking with a balance not paid yet, seen on the day after it fell due + 2.
  const owing = demo.store
    .demoBookings()
    .map((b) => sandboxBooking(demo.store, b.id))
    .find(
      (r) => r.status === 'confirmed' && (r.instalments ?? []).some((i) => i.status !== 'paid')
    )!
  const balance = (owing.instalments ?? []).find((i) => i.status !== 'paid')!
  await page.clock.setFixedTime(new Date(`${addDays(balance.dueDate!, 3)}T12:00:00Z`))
  const details = await startOnBooking({ page, openApp }, owing.id)
  const row = details
    .getByRole('table', { name: 'Instalments' })
    .getByTestId('instalment-row')
    .and(page.locator(`[data-name="${balance.name}"]`))
  await expect(row).toContainText('Overdue by 3 days')
  await expect(
    details
      .getByRole('table', { name: 'Paid, due and refunded' })
      .getByTestId('overdue')
      .locator('[data-cents]')
  ).toHaveAttribute('data-cents', String(eurCents(balance.amount)))

  // Cancelled with a balance never paid: no "Not paid yet" as if money were coming.
  const ended = demo.store
    .demoBookings()
    .map((b) => sandboxBooking(demo.store, b.id))
    .find(
      (r) =>
        r.status.startsWith('cancelled') && (r.instalments ?? []).some((i) => i.status !== 'paid')
    )!
  const cancelled = await openBookingById(page, ended.id)
  const table = cancelled.getByRole('table', { name: 'Instalments' })
  await expect(table).toContainText('Not paid: the booking was cancelled, nothing is due')
  await expect(table).not.toContainText('Not paid yet')
  await expect(table).not.toContainText('Overdue')
  const owed = cancelled.getByRole('table', { name: 'Paid, due and refunded' })
  await expect(owed).not.toContainText('Still due')
  // Said as what happened to it, not as a stay that "has ended".
  await expect(owed).toContainText('Not paid, no longer due (the booking was cancelled)')
  await shots(page, 'booking-money-cancelled', table)
  await cancelled.getByRole('button', { name: 'Voucher' }).click()
  const voucher = page.getByTestId('voucher')
  await expect(voucher.getByTestId('voucher-void')).toContainText('Cancelled')
  // The mark comes first on the sheet.
  expect(
    await voucher.evaluate((v) => v.firstElementChild?.getAttribute('data-testid') ?? null)
  ).toBe('voucher-void')
  await expect(voucher).not.toContainText('Not paid yet')
})

const pastDemo = test.extend({
  // The demo service's today 40 days back: its balances due within a week of that day are
  // overdue by the machine's date, as they would be after five weeks without payment.
  demo: async ({ sandbox }, use) => {
    await use(
      await sandbox({
        listings: DEMO.listings,
        seed: DEMO.seed,
        today: addDays(new Date().toISOString().slice(0, 10), -40)
      })
    )
  }
})

pastDemo('the watch list has a group of overdue instalments', async ({ page, demo, openApp }) => {
  const today = new Date().toISOString().slice(0, 10)
  const overdue = demo.store
    .demoBookings()
    .map((b) => sandboxBooking(demo.store, b.id))
    .filter((r) => !/^(cancelled|expired|declined|completed|pendingPayment)/.test(r.status))
    .filter((r) => (r.instalments ?? []).some((i) => i.status !== 'paid' && i.dueDate! < today))
  expect(overdue.length).toBeGreaterThan(0)
  await openApp()
  await openBookingsScreen(page)
  const group = page.getByRole('region', { name: 'Overdue instalments' })
  for (const r of overdue) {
    await expect(group.locator(`[data-booking-id="${r.id}"]`).first()).toContainText('overdue by')
  }
  await expect(group.getByTestId('watch-item')).toHaveCount(
    overdue.flatMap((r) =>
      (r.instalments ?? []).filter((i) => i.status !== 'paid' && i.dueDate! < today)
    ).length
  )
  await shots(page, 'booking-money-watch-overdue')
})

test('the booking page shows the cancellation’s reason and message and the writes on it; a journal row opens its booking', async ({
  page,
  demo,
  openApp
}) => {
  const id = demoBookingsIn(demo, 'confirmed')[1].id
  const details = await startOnBooking({ page, openApp }, id)
  await expect(details.getByTestId('booking-writes')).toContainText('The journal holds no write')
  await details.getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${id}` })
  await dialog.getByRole('radio', { name: 'The guest' }).check()
  await dialog.getByLabel('Reason').fill('Flight cancelled')
  await dialog.getByLabel('Message to the other party').fill('The guest asks to be called back')
  await dialog.getByRole('button', { name: 'Send cancellation' }).click()
  await expect(dialog.getByTestId('cancel-outcome')).toHaveAttribute('data-outcome', 'done')
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  expect(sandboxBooking(demo.store, id).status).toBe('cancelledByGuest')

  const cancellation = details.getByTestId('booking-cancellation')
  await expect(cancellation.locator('td[data-field="Reason"]')).toHaveText('Flight cancelled')
  await expect(cancellation.locator('td[data-field="Message to the other party"]')).toHaveText(
    'The guest asks to be called back'
  )
  await expect(cancellation.locator('td[data-field="Asked by"]')).toHaveText('the guest')
  await expect(details.getByTestId('booking-write')).toHaveCount(1)
  await expect(details.getByTestId('booking-write')).toContainText('Cancel booking')
  await expect(details.getByTestId('booking-write')).toHaveAttribute('data-outcome', 'done')
  await shots(page, 'booking-money-cancellation', cancellation)

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Journal' })
    .click()
  await page
    .getByRole('button', { name: `Open booking ${id}` })
    .first()
    .click()
  await expect(bookingDetails(page, id)).toBeVisible()
})

test('a 2,000-letter guest name wraps: the booking page stays within the window', async ({
  page,
  demo,
  openApp
}) => {
  const stay = findPricedStay(demo.store, { bookingType: 'instant', fromDay: 60 })
  const name = 'W'.repeat(2000)
  const created = demo.store.createBooking(
    { token: DEMO.token, channel: DEMO.channel, merchantOfRecord: 'service' },
    {
      listingId: stay.listingId,
      from: stay.from,
      to: stay.to,
      adults: stay.adults,
      guest: { firstName: name, lastName: 'Long', email: 'long@example.com' }
    } as Parameters<typeof demo.store.createBooking>[1]
  )
  expect(sandboxBooking(demo.store, created.bookingId).guest?.firstName).toBe(name)
  const details = await startOnBooking({ page, openApp }, created.bookingId)
  await expect(details.getByTestId('booking-guest')).toContainText(name.slice(0, 100))
  const widths = await page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } }
      innerWidth: number
    }
    return { scroll: g.document.documentElement.scrollWidth, window: g.innerWidth }
  })
  expect(widths.scroll).toBeLessThanOrEqual(widths.window)
  await shots(page, 'booking-money-long-name', details.getByTestId('booking-guest'))
})
