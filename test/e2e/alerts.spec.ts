import type { Locator, Page } from '@playwright/test'
import { plainDate, sentenceDate } from '@shared/domain/date-words'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { listingName } from '@shared/domain/listing-display'
import type { SandboxHandle } from '../../src-main/sandbox'
import { expect, test, type E2eApp } from './fixtures'
import { demoBookingsIn } from './harness/bookings'
import { shots } from './harness/pictures'
import { eur } from './harness/references'
import { startAfterSync, waitForSync } from './harness/start'

/**
 * The Alerts screen on the demo (issue 23): the sandbox reopens a night a kept confirmed booking
 * holds and an owner drops a night's price; a sync started from the screen finds both, and the
 * screen says them in words with the listing, the nights and the values, each checked against
 * the sandbox's own records. A dismissed alert does not come back after another sync; the
 * navigation counts the new ones; Check now asks the service and says what it answered, or
 * that it did not answer.
 */

interface Reopened {
  bookingId: string
  listingId: number
  night: string
}

interface Dropped {
  listingId: number
  night: string
  was: number
  now: number
}

/** A night of a kept confirmed demo booking becomes bookable again at the service. */
function reopenBookedNight(demo: SandboxHandle): Reopened {
  const b = demoBookingsIn(demo, 'confirmed')[0]!
  demo.store.reopenNight(b.listingId, b.from)
  // The sandbox's own calendar: the night is now open for booking.
  expect(demo.store.availability(b.listingId)!.availability[b.from]?.available).toBe(true)
  return { bookingId: b.id, listingId: b.listingId, night: b.from }
}

/** The owner halves a night's price (more than the default 30% guardrail). */
function dropPrice(demo: SandboxHandle, listingId: number): Dropped {
  const night = addDays(utcDateOf(demo.store.now()), 40)
  const was = demo.store.rates(listingId)!.rate[night]!
  const now = Math.round(was / 2)
  demo.store.setNightlyRate(listingId, night, now)
  return { listingId, night, was, now }
}

/**
 * Two nights of one listing priced €9 (under the default €30 floor): an unavailable night and
 * the open night after it, on a listing with no other price under the floor.
 */
function mistypeTwoNights(demo: SandboxHandle): {
  listingId: number
  closed: string
  open: string
} {
  const from = addDays(utcDateOf(demo.store.now()), 20)
  for (const id of demo.store.listingIds()) {
    const rate = demo.store.rates(id)!.rate
    if (Object.values(rate).some((eurs) => eurs < 30)) continue
    const days = demo.store.availability(id)!.availability
    const closed = Object.keys(days)
      .sort()
      .find(
        (d) =>
          d >= from &&
          days[d]!.available === false &&
          days[addDays(d, 1)]?.available === true &&
          rate[d] !== undefined &&
          rate[addDays(d, 1)] !== undefined
      )
    if (!closed) continue
    demo.store.setNightlyRate(id, closed, 9)
    demo.store.setNightlyRate(id, addDays(closed, 1), 9)
    return { listingId: id, closed, open: addDays(closed, 1) }
  }
  throw new Error('the demo has a listing with an unavailable night before an open one')
}

function alertsNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Alerts/ })
}

function alertRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Alerts' }).getByTestId('alert-row')
}

function alertRow(page: Page, kind: string, listingId: number): Locator {
  return alertRows(page).and(page.locator(`[data-kind="${kind}"][data-listing-id="${listingId}"]`))
}

async function lastRunAt(app: E2eApp): Promise<number | null> {
  const r = await app.invoke('watch:alerts', { status: 'new', limit: 1 })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.lastRunAt
}

/** Clicks what starts a sync and waits until the watch has run after it. */
async function syncAndWatch(app: E2eApp, start: () => Promise<void>): Promise<void> {
  const before = await lastRunAt(app)
  await start()
  await expect.poll(() => lastRunAt(app), { timeout: 30_000 }).toBeGreaterThan(before ?? 0)
  await waitForSync(app)
}

/** Runs a sync from the Sync screen's button, as a person does, and comes back to Alerts. */
async function syncFromSyncScreen(page: Page, app: E2eApp): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click()
  await syncAndWatch(app, () =>
    page.getByRole('button', { name: 'Sync now', exact: true }).first().click()
  )
  await alertsNav(page).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
}

async function newCount(app: E2eApp): Promise<number> {
  const r = await app.invoke('watch:alerts', { status: 'new', limit: 1 })
  if (!r.ok) throw new Error(r.error.message)
  return r.value.counts.new
}

test('a reopened booked night and a dropped price appear after a sync with their words, listing and nights; a dismissed alert stays dismissed', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startAfterSync({ page, app, openApp })
  const before = await newCount(app)

  await alertsNav(page).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
  await expect(page.getByTestId('data-age')).toContainText('the watch last ran')

  const reopened = reopenBookedNight(demo)
  const dropped = dropPrice(demo, demo.store.listingIds()[7]!)

  await test.step('the empty list says what is watched, and syncs from its button', async () => {
    // The fixture's demo starts without the sandbox's situations: nothing to warn about yet.
    expect(before).toBe(0)
    const empty = page.getByTestId('alerts-empty')
    await expect(empty).toContainText('No new alerts')
    await expect(empty).toContainText(
      'After each sync, StayDesk watches for kept confirmed bookings whose nights become bookable again, prices dropping more than 30%'
    )
    await expect(empty).toContainText('The last run found nothing new.')
    await shots(page, 'alerts-empty', empty)
    await syncAndWatch(app, () => empty.getByRole('button', { name: 'Sync now' }).click())
    await expect(alertRow(page, 'double-booking', reopened.listingId)).toBeVisible()
    await expect(alertRow(page, 'price-drop', dropped.listingId)).toBeVisible()
  })

  await test.step('the double booking in words, with its booking, listing and night', async () => {
    const row = alertRow(page, 'double-booking', reopened.listingId)
    const name = listingName(demo.store.listing(reopened.listingId)!)
    await expect(row.getByTestId('alert-reason')).toContainText(reopened.bookingId)
    await expect(row.getByTestId('alert-reason')).toContainText('bookable again')
    await expect(row.getByTestId('alert-listing')).toContainText(name)
    await expect(row.getByTestId('alert-nights')).toHaveText(plainDate(reopened.night))
    await expect(row.getByTestId('alert-change')).toHaveText('unavailable → available')
    await expect(
      row.getByRole('button', { name: `Open booking ${reopened.bookingId}` })
    ).toBeVisible()
  })

  await test.step('the price drop with its old and new price as money', async () => {
    const row = alertRow(page, 'price-drop', dropped.listingId)
    await expect(row.getByTestId('alert-listing')).toContainText(
      listingName(demo.store.listing(dropped.listingId)!)
    )
    await expect(row.getByTestId('alert-nights')).toHaveText(plainDate(dropped.night))
    await expect(row.getByTestId('alert-change')).toHaveText(
      `${eur(dropped.was)} → ${eur(dropped.now)}`
    )
  })

  await test.step('the navigation counts the new alerts', async () => {
    const count = await newCount(app)
    expect(count).toBeGreaterThanOrEqual(before + 2)
    await expect(alertsNav(page)).toHaveAccessibleName(new RegExp(`^Alerts ${count} new`))
    await expect(page.getByRole('tab', { name: `New (${count})` })).toBeVisible()
  })

  await shots(page, 'alerts-new', page.getByRole('table', { name: 'Alerts' }))

  await test.step('dismissed, it moves to Dismissed and the count drops by one', async () => {
    const count = await newCount(app)
    const row = alertRow(page, 'double-booking', reopened.listingId)
    await row.getByRole('button', { name: /^Dismiss:/ }).click()
    await expect(row).toHaveCount(0)
    await expect(alertsNav(page)).toHaveAccessibleName(new RegExp(`^Alerts ${count - 1} new`))
    await page.getByRole('tab', { name: /^Dismissed/ }).click()
    await expect(alertRow(page, 'double-booking', reopened.listingId)).toBeVisible()
  })

  await test.step('another sync does not bring it back', async () => {
    await syncFromSyncScreen(page, app)
    await page.getByRole('tab', { name: /^New/ }).click()
    await expect(alertRow(page, 'price-drop', dropped.listingId)).toBeVisible()
    await expect(alertRow(page, 'double-booking', reopened.listingId)).toHaveCount(0)
    await page.getByRole('tab', { name: /^Seen/ }).click()
    await expect(page.getByRole('tab', { name: /^Seen/ })).toHaveAttribute('aria-selected', 'true')
    await expect(alertRow(page, 'double-booking', reopened.listingId)).toHaveCount(0)
    await page.getByRole('tab', { name: /^Dismissed/ }).click()
    await expect(alertRow(page, 'double-booking', reopened.listingId)).toHaveCount(1)
  })
})

test('an opened alert shows the change as recorded, links to its calendar and history, and Check now says what the service answered', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startAfterSync({ page, app, openApp })
  const reopened = reopenBookedNight(demo)
  await alertsNav(page).click()
  await syncFromSyncScreen(page, app)

  const row = alertRow(page, 'double-booking', reopened.listingId)
  await row.getByTestId('alert-reason').click()
  const detail = page.getByTestId('alert-detail')
  await expect(detail).toBeVisible()
  await expect(detail.getByTestId('alert-detail-booking')).toHaveText(reopened.bookingId)
  await expect(detail.getByTestId('alert-detail-nights')).toHaveText(plainDate(reopened.night))
  await expect(detail.getByTestId('alert-detail-recorded')).toContainText('unavailable → available')
  // Opened, a new alert is seen.
  await expect(detail.getByTestId('alert-status')).toHaveText('Seen')

  await test.step('Check now: the service answers that the night is still bookable', async () => {
    await detail.getByRole('button', { name: 'Check now' }).click()
    const outcome = detail.getByTestId('alert-check-outcome')
    await expect(outcome).toHaveAttribute('data-outcome', 'still-bookable')
    await expect(outcome).toContainText('The service answered')
  })

  await shots(page, 'alerts-opened', detail)

  await test.step('Check now with the service out of reach: said as its silence', async () => {
    demo.setFaults({ drop: 1 })
    await detail.getByRole('button', { name: 'Check now' }).click()
    const outcome = detail.getByTestId('alert-check-outcome')
    await expect(outcome).toHaveAttribute('data-outcome', 'unknown')
    await expect(outcome).toContainText('The service did not answer')
    await expect(outcome).not.toContainText(/StayDesk|error/i)
    demo.setFaults(null)
  })

  await test.step('the calendar and the history open on the alert’s listing', async () => {
    await detail.getByRole('button', { name: 'Open the calendar' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
    await alertsNav(page).click()
    await page.getByRole('tab', { name: /^Seen/ }).click()
    await alertRow(page, 'double-booking', reopened.listingId).getByTestId('alert-reason').click()
    await page.getByRole('button', { name: 'Open the history' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible()
  })

  await test.step('a clicked notification (app:open) opens the alert itself', async () => {
    const r = await app.invoke('watch:alerts', { status: 'seen', kind: 'double-booking' })
    const id = r.ok ? r.value.items.find((a) => a.listingId === reopened.listingId)?.id : undefined
    expect(id).toBeDefined()
    app.events.emit('app:open', { screen: 'alerts', alertId: id! })
    await expect(page.getByTestId('alert-detail')).toHaveAttribute('data-alert-id', String(id))
    await expect(page.getByTestId('alert-detail-booking')).toHaveText(reopened.bookingId)
  })
})

test('a floor run says which of its nights are open for booking now and its price against the floor; Check now on a price drop names the price the service answered', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startAfterSync({ page, app, openApp })
  const mistyped = mistypeTwoNights(demo)
  const dropped = dropPrice(demo, demo.store.listingIds()[7]!)
  await alertsNav(page).click()
  await syncFromSyncScreen(page, app)

  await test.step('the floor guards both nights, and the reason says the one open', async () => {
    const row = alertRow(page, 'price-floor', mistyped.listingId)
    await expect(row.getByTestId('alert-reason')).toContainText(
      `under the floor of €30.00 (1 of them open for booking now: ${sentenceDate(mistyped.open)})`
    )
    // No recorded old price: the price against the floor, never "— → €9.00".
    await expect(row.getByTestId('alert-change')).toHaveText(`${eur(9)}, floor ${eur(30)}`)
    // The sandbox's own records: the first night unavailable, the second open.
    const days = demo.store.availability(mistyped.listingId)!.availability
    expect([days[mistyped.closed]!.available, days[mistyped.open]!.available]).toEqual([
      false,
      true
    ])
  })

  await test.step('Check now on the price drop names the price the service publishes', async () => {
    await alertRow(page, 'price-drop', dropped.listingId).getByTestId('alert-reason').click()
    const detail = page.getByTestId('alert-detail')
    await detail.getByRole('button', { name: 'Check now' }).click()
    const outcome = detail.getByTestId('alert-check-outcome')
    await expect(outcome).toHaveAttribute('data-outcome', 'still-applies')
    const now = demo.store.rates(dropped.listingId)!.rate[dropped.night]!
    expect(now).toBe(dropped.now)
    await expect(outcome).toContainText(
      `The service still publishes ${eur(now)} for ${sentenceDate(dropped.night)} (the drop from ${eur(dropped.was)} stands).`
    )
  })
})
