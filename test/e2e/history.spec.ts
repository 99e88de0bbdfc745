import type { Page } from '@playwright/test'
import type { Listing } from '@shared/api/listing.schema'
import { sentenceDate } from '@shared/domain/date-words'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { listingName } from '@shared/domain/listing-display'
import type { SandboxHandle } from '../../src-main/sandbox'
import { expect, saveScreenshot, test, type E2eApp } from './fixtures'
import { expectAccessible } from './harness/a11y'
import { shots } from './harness/pictures'
import { waitForSync } from './harness/quote'
import {
  chooseSegment,
  eur,
  historyRow,
  historyRows,
  historyTotal,
  openScreen,
  pickListing
} from './harness/references'

/**
 * The History screen on the demo: what a delta sync found changed in the sandbox (a night's
 * price the owner set, the sandbox's own churn) is listed with its before and after, checked
 * against the values set in the sandbox, and the filters narrow the list as a person expects.
 */

interface PriceChange {
  listingId: number
  night: string
  was: number
  now: number
}

/** The owner changes a night's price (after a churn step, so nothing overwrites it). */
function changePrice(demo: SandboxHandle, index: number): PriceChange {
  demo.store.churn()
  const listingId = demo.store.listingIds()[index]
  const night = addDays(utcDateOf(demo.store.now()), 30)
  const was = demo.store.rates(listingId)!.rate[night]
  const now = was + 23
  demo.store.setNightlyRate(listingId, night, now)
  return { listingId, night, was, now }
}

async function openEmptyHistory(page: Page, app: E2eApp): Promise<void> {
  await waitForSync(app)
  await page.keyboard.press('Control+4')
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible()
  await expect(page.getByTestId('history-empty')).toContainText('No change recorded yet')
  await expect(page.getByTestId('history-empty')).toContainText('appear after a sync finds them')
}

/** Syncs from the empty list's own button, as a person would, and waits for the row. */
async function syncFromEmptyState(page: Page, change: PriceChange): Promise<void> {
  await page.getByTestId('history-empty').getByRole('button', { name: 'Sync now' }).click()
  await expect(historyRow(page, change.listingId, change.night)).toBeVisible()
}

test('a price the owner changed appears after a sync with its before and after, and the filters narrow to it', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await openEmptyHistory(page, app)
  await expect(page.getByTestId('data-age')).toContainText('Offline copy, synced')
  await expect(page.getByTestId('data-age')).toContainText(
    'a change is recorded when a sync finds it'
  )

  const change = changePrice(demo, 7)
  const name = listingName(demo.store.listing(change.listingId)!)
  await syncFromEmptyState(page, change)

  const row = historyRow(page, change.listingId, change.night)
  await expect(row.getByTestId('history-subject')).toHaveText(
    `Price of ${sentenceDate(change.night)}`
  )
  await expect(row.getByTestId('history-before')).toHaveText(eur(change.was))
  await expect(row.getByTestId('history-after')).toContainText(eur(change.now))
  await expect(row).toContainText(name)
  await expect(row).toContainText(String(change.listingId))

  await test.step('the kind filter narrows to prices', async () => {
    const all = await historyTotal(page)
    // The churn changed days and listing texts too: not every change is a price.
    await expect(
      historyRows(page).and(page.locator(':not([data-kind="price"])')).first()
    ).toBeVisible()
    await chooseSegment(page, 'Prices')
    await expect.poll(() => historyTotal(page)).toBeLessThan(all)
    await expect(historyRows(page).and(page.locator(':not([data-kind="price"])'))).toHaveCount(0)
    await expect(historyRows(page).first()).toBeVisible()
    await chooseSegment(page, 'Listing fields')
    await expect(historyRow(page, change.listingId, change.night)).toHaveCount(0)
    await chooseSegment(page, 'Prices')
    await expect(row).toBeVisible()
  })

  await test.step('one listing, one night', async () => {
    await pickListing(page.getByRole('search', { name: 'Filter changes' }), page, change.listingId)
    await expect(
      historyRows(page).and(page.locator(`:not([data-listing-id="${change.listingId}"])`))
    ).toHaveCount(0)
    await expect(row).toBeVisible()
    const night = page.getByRole('textbox', { name: 'Night or day' })
    await night.fill(change.night)
    await night.press('Escape')
    await expect(historyRows(page)).toHaveCount(1)
    await expect(page.getByTestId('history-count')).toHaveText('1 change')
    await expect(row).toBeVisible()
  })

  await test.step('the days it was seen', async () => {
    const today = new Date()
    const label = (d: Date) =>
      `${d.getDate()} ${d.toLocaleString('en', { month: 'long' })} ${d.getFullYear()}`
    const seen = page.getByRole('button', { name: 'Seen between' })
    await seen.click()
    await page.getByRole('button', { name: label(today), exact: true }).click()
    await page.getByRole('button', { name: label(today), exact: true }).click()
    const iso = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
      .map((n) => String(n).padStart(2, '0'))
      .join('-')
    await expect(seen).toHaveText(new RegExp(iso))
    await expect(row).toBeVisible()
    await seen.click()
    await page.getByRole('button', { name: 'Previous month' }).click()
    const monthAgo = new Date(today.getFullYear(), today.getMonth() - 1, 1)
    await page.getByRole('button', { name: label(monthAgo), exact: true }).click()
    await page
      .getByRole('button', { name: label(new Date(monthAgo.getTime() + 86_400_000)), exact: true })
      .click()
    const empty = page.getByTestId('history-empty')
    await expect(empty).toContainText('No change matches these filters')
    await empty.getByRole('button', { name: 'Clear filters' }).click()
    await expect(historyRows(page).first()).toBeVisible()
    expect(await historyTotal(page)).toBeGreaterThan(1)
  })

  await test.step('the listing opens its page', async () => {
    await row.getByRole('button', { name }).click()
    await expect(page.locator('#main-content')).toHaveAttribute('data-screen', 'listings')
    await expect(page.getByText(name).first()).toBeVisible()
  })

  await test.step('the filters are kept when coming back', async () => {
    await openScreen(page, 'History')
    await chooseSegment(page, 'Availability')
    await openScreen(page, 'Sync')
    await openScreen(page, 'History')
    await expect(page.getByRole('radio', { name: 'Availability' })).toBeChecked()
    await expect(
      historyRows(page).and(page.locator(':not([data-kind="availability"])'))
    ).toHaveCount(0)
  })
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the History screen in the ${scheme} theme`, async ({ page, app, demo, openApp }) => {
    // Three axe passes over the whole window: each takes seconds on a busy two-core machine.
    test.slow()
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await openEmptyHistory(page, app)
    await saveScreenshot(page, `${scheme}-history-empty`)
    await expectAccessible(page, `${scheme} history, empty`)
    const change = changePrice(demo, 3)
    await syncFromEmptyState(page, change)
    // The sync's own notice closes by itself; the picture is of the list.
    await expect(page.getByText('Sync finished')).toBeHidden()
    await saveScreenshot(page, `${scheme}-history`)
    await expectAccessible(page, `${scheme} history`)
    await page.getByRole('button', { name: 'Seen between' }).click()
    await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible()
    await saveScreenshot(page, `${scheme}-history-seen-picker`)
    await expectAccessible(page, `${scheme} history, days seen`)
  })
}

type Location = NonNullable<Listing['location']>

/** The owner moves a listing (its address and city), in the same churn step that marks it changed. */
function moveListing(demo: SandboxHandle): {
  listingId: number
  was: Location
  now: Location
} {
  let changed: number[] = []
  // A churn step changes a listing's text now and then; the one it marks is the one moved.
  while (changed.length === 0) changed = demo.store.churn().listings
  const listingId = changed[0]
  const listing = demo.store.listing(listingId)!
  const was = { ...listing.location! }
  const now = {
    ...was,
    address: was.address === 'Havenstraat 12' ? 'Havenstraat 14' : 'Havenstraat 12',
    city: was.city === 'Veere' ? 'Domburg' : 'Veere'
  }
  listing.location = now
  return { listingId, was, now }
}

test('a moved listing reads in words in History and in the live check, never as JSON', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await openEmptyHistory(page, app)
  const move = moveListing(demo)
  await page.getByTestId('history-empty').getByRole('button', { name: 'Sync now' }).click()
  const row = historyRow(page, move.listingId, 'location')
  await expect(row).toBeVisible()

  await expect(row.getByTestId('history-subject')).toHaveText('Location')
  const before = row.getByTestId('history-before')
  const after = row.getByTestId('history-after')
  // Only the sub-fields that changed, not the whole location.
  await expect(before).toHaveText(`Address: ${move.was.address}; City: ${move.was.city}`)
  await expect(after).toHaveText(`→ Address: ${move.now.address}; City: ${move.now.city}`)
  for (const side of [before, after]) await expect(side).not.toContainText(/[{}"]/)
  // The sync's own notice closes by itself; the picture is of the list.
  await expect(page.getByText('Sync finished')).toBeHidden()
  await shots(page, 'history-location-words', row)

  await test.step('Check live on its page lists the next move in the same words', async () => {
    const listing = demo.store.listing(move.listingId)!
    const again = { ...listing.location!, address: `${move.now.address} bis` }
    listing.location = again
    await row.getByRole('button', { name: listingName(listing) }).click()
    await page.getByRole('button', { name: 'Check live' }).click()
    const changes = page.getByTestId('check-live-changes')
    await expect(changes).toContainText(
      `Location: Address: ${move.now.address} → Address: ${again.address}`
    )
    await expect(changes).not.toContainText(/[{}"]/)
    await shots(page, 'listing-check-live-location-words', changes)
  })
})
