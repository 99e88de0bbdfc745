import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { cardForms, filesUnder } from '../integration/main/desk-fixture'
import { DEMO, expect, test as base } from './fixtures'
import {
  bookingDetails,
  demoBookingsIn,
  openBookingById,
  openBookingsScreen,
  sandboxBooking
} from './harness/bookings'
import {
  bookThis,
  findPricedStay,
  futureExpiry,
  openScreen,
  quoteStay,
  waitForSync
} from './harness/quote'

/**
 * Card numbers are never written anywhere (reliability checklist: card handling). The other
 * specs check what the window shows and keeps in its storage; this one runs every card flow in
 * a browser with a profile on disk, as Electron's window has, then closes it and reads every
 * byte the browser profile and the app's data folder hold (the mirror and its WAL, the audit
 * journal, preferences, main's log, saved files) for each card number in every form it could
 * take: plain, spaced, UTF-16 and base64.
 */

const profileDir = mkdtempSync(join(tmpdir(), 'staydesk-e2e-browser-'))

const test = base.extend({
  // The window's browser with its own profile folder, so what Chromium keeps lands on disk.
  context: async ({ launchOptions, viewport }, use) => {
    const context = await chromium.launchPersistentContext(profileDir, {
      ...launchOptions,
      headless: true,
      viewport
    })
    await use(context)
    await context.close()
    rmSync(profileDir, { recursive: true, force: true })
  }
})

// The sandbox's two paying cards and its declined one (docs/sandbox.md), typed as people do.
const CARDS = {
  booked: '4242 4242 4242 4242',
  lost: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  paid: '5555-5555-5555-4444'
}

test('no card number reaches the disk: booking, a lost answer, a declined and a paying card', async ({
  page,
  app,
  demo,
  openApp
}) => {
  test.setTimeout(120_000)
  await openApp()
  await waitForSync(app)
  await openScreen(page, 'Quote')
  const expiration = futureExpiry(demo.store)

  await test.step('a booking made with a card', async () => {
    const stay = findPricedStay(demo.store, { bookingType: 'instant' })
    await quoteStay(page, stay)
    const outcome = await bookThis(page, {
      card: { number: CARDS.booked, expiration, cvc: '123' }
    })
    await expect(outcome).toHaveAttribute('data-status', 'confirmed')
    const id = (await outcome.getByTestId('created-booking-id').textContent())!
    expect(demo.store.readBooking(id, DEMO.channel).status).toBe('confirmed')
    await page.keyboard.press('Escape')
  })

  await test.step('a booking whose answer is lost after sending', async () => {
    const stay = findPricedStay(demo.store, { bookingType: 'instant', fromDay: 120 })
    await quoteStay(page, stay)
    demo.setFaults({ commitThenDrop: 1, paths: '^/v1/booking$' })
    const outcome = await bookThis(page, { card: { number: CARDS.lost, expiration, cvc: '456' } })
    await expect(outcome).toHaveAttribute('data-outcome', 'unknown')
    demo.setFaults(null)
    await page.keyboard.press('Escape')
  })

  await test.step('a booking awaiting payment: a declined card, then one that pays', async () => {
    const id = demoBookingsIn(demo, 'pendingPayment').find(
      (b) => b.merchantOfRecord === 'service'
    )!.id
    await openBookingsScreen(page)
    const details = await openBookingById(page, id)
    await details.getByRole('button', { name: 'Pay with a new card' }).click()
    const dialog = page.getByRole('dialog', { name: `Pay booking ${id}` })
    const form = dialog.getByRole('form', { name: 'Pay booking' })
    for (const [number, outcome] of [
      [CARDS.declined, 'declined'],
      [CARDS.paid, 'paid']
    ] as const) {
      await form.getByLabel('Card number').fill(number)
      await form.getByLabel('Expiry (MM/YY)').fill(expiration)
      await form.getByLabel('Security code (CVC)').fill('737')
      await form.getByRole('button', { name: 'Pay with this card' }).click()
      await expect(dialog.getByTestId('pay-outcome')).toHaveAttribute('data-outcome', outcome)
    }
    const status = String(sandboxBooking(demo.store, id).status)
    expect(['confirmed', 'pendingConfirm']).toContain(status)
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(bookingDetails(page, id)).toHaveAttribute('data-status', status)
  })

  await test.step('the browser profile and the data folder hold no card number', async () => {
    // Closing the browser writes out what it keeps (storage, caches, form data).
    await page.context().close()
    const files = [...filesUnder(profileDir), ...filesUnder(app.dataDir)]
    // The scan reads real files: the mirror, the journal and the browser's own stores.
    const names = files.map((f) => relative(app.dataDir, f.path))
    expect(names.some((n) => n.endsWith('.sqlite') || n.endsWith('.db'))).toBe(true)
    expect(files.some((f) => f.path.startsWith(profileDir))).toBe(true)
    const found: string[] = []
    for (const [flow, number] of Object.entries(CARDS)) {
      const forms = cardForms(number)
      for (const file of files) {
        if (forms.some((form) => file.bytes.includes(form))) found.push(`${flow}: ${file.path}`)
      }
    }
    expect(found, 'files holding a card number').toEqual([])
  })
})
