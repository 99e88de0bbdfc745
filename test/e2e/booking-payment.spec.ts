import { DEMO, expect, test } from './fixtures'
import { bookingDetails, sandboxBooking } from './harness/bookings'
import { createProfile, useProfile } from './harness/profiles'
import {
  bookThis,
  findPricedStay,
  futureExpiry,
  openScreen,
  quoteStay,
  waitForSync
} from './harness/quote'

/**
 * How a new booking gets paid, in each of the service's two payment roles (spec: "Two payment
 * roles exist for booking creation"), checked against the sandbox's own records: with the
 * service as Merchant of Record, a declined card leaves the booking awaiting payment and the
 * agent pays it later from its details, and the answer carries the bank transfer details; with
 * the sales channel as Merchant of Record, the answer is the payment link and its expiry only.
 */

test('a booking whose card was declined is paid later from its details', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openScreen(page, 'Quote')
  const expiration = futureExpiry(demo.store)
  await quoteStay(page, findPricedStay(demo.store, { bookingType: 'instant' }))
  const outcome = await bookThis(page, {
    card: { number: '4000 0000 0000 0002', expiration, cvc: '123' }
  })
  await expect(outcome).toHaveAttribute('data-status', 'pendingPayment')
  const id = (await outcome.getByTestId('created-booking-id').textContent())!
  expect(sandboxBooking(demo.store, id).status).toBe('pendingPayment')

  await outcome.getByRole('button', { name: 'Open booking details' }).click()
  const details = bookingDetails(page, id)
  await expect(details).toHaveAttribute('data-status', 'pendingPayment')
  await details.getByRole('button', { name: 'Pay with a new card' }).click()
  const dialog = page.getByRole('dialog', { name: `Pay booking ${id}` })
  const form = dialog.getByRole('form', { name: 'Pay booking' })
  await form.getByLabel('Card number').fill('4242 4242 4242 4242')
  await form.getByLabel('Expiry (MM/YY)').fill(expiration)
  await form.getByLabel('Security code (CVC)').fill('737')
  await form.getByRole('button', { name: 'Pay with this card' }).click()
  await expect(dialog.getByTestId('pay-outcome')).toHaveAttribute('data-outcome', 'paid')
  const record = sandboxBooking(demo.store, id)
  expect(record.status).toBe('confirmed')
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(details).toHaveAttribute('data-status', 'confirmed')
})

test('with the service as Merchant of Record, the answer gives the bank transfer details', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openScreen(page, 'Quote')
  await quoteStay(page, findPricedStay(demo.store, { bookingType: 'instant' }))
  const outcome = await bookThis(page)
  const id = (await outcome.getByTestId('created-booking-id').textContent())!
  expect(sandboxBooking(demo.store, id).status).toBe('pendingPayment')
  const bank = outcome.getByRole('table', { name: 'Bank transfer details' })
  // The sandbox's instructions (docs/sandbox.md), each under its label.
  for (const [label, value] of [
    ['IBAN', 'DE89370400440532013000'],
    ['SWIFT / BIC', 'COBADEFFXXX'],
    ['Account name', 'Holiday Rentals Distribution Service (sandbox)'],
    ['Currency', 'EUR']
  ]) {
    await expect(bank.getByRole('row', { name: label })).toContainText(value)
  }
  await expect(outcome.getByRole('table', { name: 'Instalments of the new booking' })).toBeVisible()
})

test('with the sales channel as Merchant of Record: the payment link and its expiry, no bank details', async ({
  page,
  app,
  demo,
  sandbox,
  openApp
}) => {
  const channel = { token: 'e2e-channel-mor-token-4d2x', channel: 'CHMR' }
  const own = await sandbox({
    listings: 12,
    seed: 4,
    callers: [{ ...channel, merchantOfRecord: 'channel' }]
  })
  app.secrets.push(channel.token)
  await openApp()
  await createProfile(page, {
    name: 'Own payments',
    baseUrl: own.url,
    salesChannel: channel.channel,
    token: channel.token
  })
  await useProfile(page, 'Own payments')
  await waitForSync(app)
  await openScreen(page, 'Quote')
  await quoteStay(page, findPricedStay(own.store, { bookingType: 'instant' }))
  const outcome = await bookThis(page)
  await expect(outcome).toHaveAttribute('data-status', 'pendingPayment')
  const id = (await outcome.getByTestId('created-booking-id').textContent())!
  const record = own.store.readBooking(id, channel.channel)
  expect(record.status).toBe('pendingPayment')
  await expect(outcome.getByTestId('payment-sentence')).toContainText(
    'The guest can pay on the payment page until'
  )
  await expect(outcome.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
    'href',
    new RegExp(`^${own.url}/pay/${id}$`)
  )
  await expect(outcome.getByRole('table', { name: 'Bank transfer details' })).toHaveCount(0)
  // Made on the profile's own service, not on the demo's.
  expect(() => demo.store.readBooking(id, DEMO.channel)).toThrow()
})
