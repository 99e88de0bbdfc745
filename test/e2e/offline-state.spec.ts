import { eurToCents, formatEur } from '@shared/domain/money'
import { expect, test } from './fixtures'
import { openAvailability, startOnAvailability } from './harness/availability'
import { openBookingsScreen } from './harness/bookings'
import { openListingById } from './harness/listings'
import { DAY_MS } from './harness/live'
import { shots } from './harness/pictures'
import { askQuote, findPricedStay, liveColumn, startOnQuote } from './harness/quote'
import { colourOf, dataAge, listingRows, navTo, offlineBadge } from './harness/screens'
import { startAfterSync } from './harness/start'

/**
 * Issue 20, "Offline, said at once and said right": any call that finds the service unreachable
 * (not only a sync) turns the header and every data-age line to offline at once, and the next
 * answer turns them back; a live panel whose call failed says so in its heading; the data-age
 * lines flag a copy older than a day; the listing page says what "changed" means and what a
 * live check changed. The service is made unreachable as the other specs do: by the sandbox's
 * own faults (connections dropped before any answer) or by closing it.
 */

// Dates and times are compared as the window writes them.
test.use({ locale: 'en-GB' })

test('a live quote that finds the service unreachable turns the header and data-age line offline at once; the next answer clears them', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startOnQuote({ page, app, openApp })
  const stay = findPricedStay(demo.store, { bookingType: 'instant' })
  await expect(dataAge(page)).toContainText('Offline copy, synced just now')
  await expect(offlineBadge(page)).toHaveCount(0)

  await test.step('the quote gets no answer: offline in the header and under the title', async () => {
    demo.setFaults({ drop: 1, paths: '^/v1/quote$' })
    await askQuote(page, stay)
    await expect(offlineBadge(page)).toBeVisible()
    await expect(dataAge(page)).toContainText('the service can’t be reached right now')
    await expect(dataAge(page)).toHaveAttribute('data-tone', 'offline')
  })

  await test.step('the live panel says in its heading that the ask failed', async () => {
    await expect(
      liveColumn(page).getByRole('heading', { name: 'Live quote: not available' })
    ).toBeVisible()
    const asked = liveColumn(page).getByTestId('live-asked-at')
    await expect(asked).toContainText('no quote came back')
    await expect(asked).not.toContainText('From the service')
    await shots(page, 'quote-live-failed-offline')
  })

  await test.step('the next answer from the service clears both', async () => {
    demo.setFaults(null)
    await page
      .getByRole('form', { name: 'Stay to quote' })
      .getByRole('button', { name: 'Get quote' })
      .click()
    await expect(
      liveColumn(page).getByRole('heading', { name: 'Live quote', exact: true })
    ).toBeVisible()
    await expect(liveColumn(page).getByTestId('live-asked-at')).toContainText(
      'From the service, asked just now'
    )
    await expect(offlineBadge(page)).toHaveCount(0)
    await expect(dataAge(page)).not.toContainText('can’t be reached')
  })
})

test('Availability shows its data-age line under its title, like every other screen', async ({
  page,
  app,
  openApp
}) => {
  await startOnAvailability({ page, app, openApp })
  const title = page.getByRole('heading', { level: 1, name: 'Availability' })
  const next = title.locator('xpath=following-sibling::*[1]')
  await expect(next).toHaveText('Offline copy, synced just now')
  await expect(next).toHaveAttribute('data-testid', 'data-age')
})

test('a booking read that finds the service gone turns the header and every data-age line offline at once', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startAfterSync({ page, app, openApp })

  await test.step('a booking read finds the service gone', async () => {
    await demo.close()
    await openBookingsScreen(page)
    const lookup = page.getByRole('search', { name: 'Find a booking' })
    await lookup.getByLabel('Booking id', { exact: true }).fill(demo.demoBookingIds[0])
    await lookup.getByRole('button', { name: 'Open booking' }).click()
    // Reads are retried with backoff before the client gives up.
    await expect(offlineBadge(page)).toBeVisible({ timeout: 30_000 })
  })

  await test.step('every data-age line says so, not "synced just now" alone', async () => {
    await navTo(page, 'Listings')
    await expect(listingRows(page).first()).toBeVisible()
    await expect(dataAge(page)).toContainText('the service can’t be reached right now')
    await openAvailability(page)
    await expect(dataAge(page)).toContainText('the service can’t be reached right now')
  })
})

test('a copy older than a day is flagged in words and colour, unlike "just now"', async ({
  page,
  app,
  openApp
}) => {
  await startAfterSync({ page, app, openApp })
  await navTo(page, 'Listings')
  const line = dataAge(page)
  await expect(line).toHaveText('Offline copy, synced just now')
  const grey = await colourOf(line)

  // Three days later, nothing synced since: the window's clock moves on (timers keep running).
  await page.clock.setFixedTime(Date.now() + 3 * DAY_MS)
  await page.reload()
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await navTo(page, 'Listings')
  await expect(line).toContainText('synced 3 days ago')
  await expect(line).toContainText('older than a day')
  await expect(line).toHaveAttribute('data-tone', 'stale')
  expect(await colourOf(line)).not.toBe(grey)
  await shots(page, 'listings-copy-older-than-a-day')
})

test('the listing page says when StayDesk first saw each part, beside the service’s Last modified, and Check live lists each changed night, old → new', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startAfterSync({ page, app, openApp })
  await navTo(page, 'Listings')
  const id = demo.store.listingIds()[3]
  await openListingById(page, id)
  const section = page.getByRole('region', { name: 'Data age' })
  const when = (ms: number) =>
    new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(ms)

  await test.step('"first seen" by StayDesk, and the service’s own Last modified', async () => {
    await expect(section).toContainText('Listing details first seen')
    await expect(section).toContainText('Prices first seen')
    const lastModified = demo.store.listing(id)?.lastModified
    if (lastModified === undefined) throw new Error('the sandbox publishes no lastModified')
    await expect(section).toContainText('Last modified (service)')
    await expect(section).toContainText(when(lastModified * 1000))
  })

  await test.step('Check live names each night whose price changed, old → new', async () => {
    const nights = Object.entries(demo.store.rates(id)!.rate)
    const changes = [nights[20], nights[21]].map(([night, price]) => {
      demo.store.setNightlyRate(id, night, price + 17)
      const day = new Intl.DateTimeFormat('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC'
      }).format(new Date(`${night}T00:00:00Z`))
      return `Price of ${day}: ${formatEur(eurToCents(price))} → ${formatEur(eurToCents(price + 17))}`
    })
    await section.getByRole('button', { name: 'Check live' }).click()
    const result = page.getByTestId('check-live-result')
    await expect(result).toContainText('Prices changed')
    const listed = result.getByRole('listitem')
    await expect(listed).toHaveText(changes, { useInnerText: true })
    await shots(page, 'listing-page-check-live-changes', section)
  })
})
