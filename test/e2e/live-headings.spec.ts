import type { Page } from '@playwright/test'
import type { SandboxHandle } from '../../src-main/sandbox'
import { expect, test, type E2eApp } from './fixtures'
import { findWeek, openAvailability, searchStay, waitForSync } from './harness/availability'
import { ageTheCopy, DAY_MS, liveSection, panelHeading } from './harness/live'
import { shots } from './harness/pictures'
import { askQuote, estimateColumn, findPricedStay, liveColumn, openScreen } from './harness/quote'
import { colourOf } from './harness/screens'

/**
 * Issue 20, "Offline, said at once and said right", on the live panels of Availability and
 * Quote: a live check whose call failed says so in its heading, an answer says when it was
 * asked, an earlier answer beside a failed ask is never shown as the live one, and every line
 * saying how old the offline copy is (the Availability results' source, the Quote estimate's
 * age) flags a copy older than a day, and a service out of reach, in words and colour. The
 * service is made unreachable by the sandbox's own faults; the copy is made older by moving its
 * last sync back (main's clock and the window's are left alone, so "asked just now" holds).
 */

// Dates and times are compared as the window writes them.
test.use({ locale: 'en-GB' })

function estimateAge(page: Page) {
  return estimateColumn(page).getByTestId('offline-as-of')
}

/** Availability with the results of a week on screen and its live section, not asked yet. */
async function availabilityWithResults(page: Page, app: E2eApp, demo: SandboxHandle) {
  await waitForSync(app)
  await openAvailability(page)
  await searchStay(page, findWeek(demo.store))
  const live = liveSection(page)
  return { live, heading: panelHeading(live), asked: live.getByTestId('live-asked-at') }
}

const PERIOD_PATH = '^/v1/availability/listings/'

test('Availability’s live check says in its heading that the service could not be reached, and an answer says when it was asked', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  const { live, heading, asked } = await availabilityWithResults(page, app, demo)

  await test.step('no answer: the heading says the service could not be reached', async () => {
    demo.setFaults({ drop: 1, paths: PERIOD_PATH })
    await live.getByRole('button', { name: 'Ask the service' }).click()
    // Reads are retried with backoff before the client gives up.
    await expect(heading).toHaveText('Live second opinion: the service can’t be reached')
    await expect(live.getByTestId('live-outage')).toContainText(
      'The offline copy’s answer above still stands.'
    )
    await expect(asked).toHaveCount(0)
    await shots(page, 'availability-live-unreachable', live, 'end')
  })

  await test.step('an answer: the plain heading, and when the service was asked', async () => {
    demo.setFaults(null)
    await live.getByRole('button', { name: 'Ask the service again' }).click()
    await expect(heading).toHaveText('Live second opinion')
    await expect(asked).toContainText('From the service, asked just now (')
    await expect(live.getByTestId('live-summary')).toHaveAttribute(
      'data-live-count',
      String(demo.store.availableInPeriod(...(await askedPeriod(page))).length)
    )
    await shots(page, 'availability-live-answered', live, 'end')
  })
})

test('Availability’s live check asked again without an answer it can read says so in its heading, and names the answer still shown as the earlier one', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  const { live, heading, asked } = await availabilityWithResults(page, app, demo)
  await live.getByRole('button', { name: 'Ask the service' }).click()
  await expect(live.getByTestId('live-summary')).toBeVisible()

  demo.setFaults({ garbage: 1, paths: PERIOD_PATH })
  await live.getByRole('button', { name: 'Ask the service again' }).click()
  await expect(heading).toHaveText('Live second opinion: the service’s answer could not be read')
  await expect(asked).toContainText('The last ask failed')
  await expect(asked).toContainText('the service’s earlier answer, asked just now (')
  await expect(asked).not.toContainText('From the service')
  await expect(live.getByTestId('live-summary')).toBeVisible()
  await shots(page, 'availability-live-failed-earlier-answer', live, 'end')
})

/** The stay the results answer ("from/to/adults" on the count), as the service is asked it. */
async function askedPeriod(page: Page): Promise<[string, string]> {
  const key = await page.getByTestId('availability-count').getAttribute('data-stay')
  const [from, to] = (key ?? '').split('/')
  return [from, to]
}

test('Availability’s results from a copy older than a day say so in words and colour, unlike “just now”', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openAvailability(page)
  const stay = findWeek(demo.store)
  await searchStay(page, stay)
  const source = page.getByTestId('availability-source')
  await expect(source).toHaveText('from the offline copy, synced just now')
  const grey = await colourOf(source)

  ageTheCopy(app, 3 * DAY_MS)
  await page.reload()
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await openAvailability(page)
  // Another stay: a new search, not the last one's kept answer.
  await searchStay(page, { ...stay, adults: 1 })
  await expect(source).toHaveText('from the offline copy, synced 3 days ago · older than a day')
  await expect(source).toHaveAttribute('data-tone', 'stale')
  expect(await colourOf(source)).not.toBe(grey)
  await shots(
    page,
    'availability-results-older-than-a-day',
    page.getByTestId('availability-count'),
    'end'
  )
})

test('the Quote estimate’s age flags a copy older than a day in words and colour, and a service out of reach in the offline tone', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openScreen(page, 'Quote')
  const stay = findPricedStay(demo.store, { bookingType: 'instant' })
  await askQuote(page, stay)
  const age = estimateAge(page)
  await expect(age).toContainText('Offline copy of this listing’s rates from just now')
  await expect(age).not.toContainText('older than a day')
  const grey = await colourOf(age)

  let stale = ''
  await test.step('a copy three days old: said in words and colour', async () => {
    ageTheCopy(app, 3 * DAY_MS)
    await page.reload()
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
    await openScreen(page, 'Quote')
    await askQuote(page, stay)
    await expect(
      liveColumn(page).getByRole('heading', { name: 'Live quote', exact: true })
    ).toBeVisible()
    await expect(liveColumn(page).getByTestId('live-asked-at')).toContainText(
      'From the service, asked just now'
    )
    await expect(age).toContainText('Offline copy of this listing’s rates from 3 days ago')
    await expect(age).toContainText(' · older than a day')
    await expect(age).toHaveAttribute('data-tone', 'stale')
    stale = await colourOf(age)
    expect(stale).not.toBe(grey)
    await shots(page, 'quote-estimate-older-than-a-day', page.getByTestId('quote-answer'), 'start')
  })

  await test.step('the service out of reach: the estimate’s age says so, in the offline tone', async () => {
    demo.setFaults({ drop: 1, paths: '^/v1/quote$' })
    await page
      .getByRole('form', { name: 'Stay to quote' })
      .getByRole('button', { name: 'Get quote' })
      .click()
    await expect(
      liveColumn(page).getByRole('heading', { name: 'Live quote: not available' })
    ).toBeVisible()
    await expect(age).toContainText(' · the service can’t be reached')
    await expect(age).toHaveAttribute('data-tone', 'offline')
    const orange = await colourOf(age)
    expect(orange).not.toBe(grey)
    expect(orange).not.toBe(stale)
    await shots(page, 'quote-estimate-offline', page.getByTestId('quote-answer'), 'start')
  })
})
