import { expect, test } from './fixtures'
import { bookingDetails } from './harness/bookings'
import { waitForSync } from './harness/start'

/**
 * Issue 23, desktop notifications: what a click does in the window. Electron's Notification
 * can't run here; main's click handler sends 'app:open' (shell/notifications.ts, tested with a
 * stand-in), and the window opens the booking or the alert it names, from any screen. The
 * switches themselves: settings.spec.ts; what is told and when: test/integration/notify.
 */

test('a clicked notification opens the booking it names, from whatever screen is up', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible()
  const booking = demo.demoBookings.find((b) => b.status === 'pendingPayment')!
  app.events.emit('app:open', { screen: 'bookings', bookingId: booking.id })
  await expect(bookingDetails(page, booking.id)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible()
})

test('a clicked notification of an alert opens the Alerts screen', async ({
  page,
  app,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  app.events.emit('app:open', { screen: 'alerts', alertId: 1 })
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
})

test('notification settings: every kind off until switched on, for every profile of this computer', async ({
  app
}) => {
  const first = await app.invoke('notify:settings', {})
  expect(first.ok && first.value).toEqual({
    kinds: {
      'payment-deadline': false,
      'on-request-decision': false,
      'double-booking': false,
      guardrail: false
    },
    scope: 'app',
    supported: true
  })
  const set = await app.invoke('notify:set', { kind: 'guardrail', enabled: true })
  expect(set.ok && set.value.kinds.guardrail).toBe(true)
  const bad = await app.invoke('notify:set', { kind: 'everything', enabled: true } as never)
  expect(bad.ok).toBe(false)
})
