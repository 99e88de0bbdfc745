import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { asFigures, directOverview, sumOf } from '../integration/overview/direct'
import { expect, saveScreenshot, SCREENSHOT_DIR, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import { waitForSync } from './harness/calendar'

/**
 * The Overview screen on the demo: its figures (totals, a chart's table, the gap nights)
 * checked against a direct computation over the sandbox's own calendars and rates, a gap's link
 * to the calendar, the region filter, the CSV export, axe-clean in both themes.
 */

const percent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1
})
const eur = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' })
const count = new Intl.NumberFormat('en-US')

async function openOverview(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Overview' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
  await expect(page.getByTestId('overview-total-unavailable')).toBeVisible()
}

test('the overview says what the sandbox publishes, and a gap opens its calendar', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openOverview(page)
  const today = utcDateOf(demo.store.now())
  const direct = directOverview(demo.store, today)
  const ids = demo.store.listingIds()
  const all = Array.from({ length: 12 }, (_, m) => m)
  const totals = asFigures(sumOf(direct, ids, all))

  await expect(page.getByTestId('data-age')).toContainText('Offline copy')
  await expect(page.getByTestId('overview-total-unavailable')).toContainText(
    percent.format(totals.unavailableShare!)
  )
  await expect(page.getByTestId('overview-total-open')).toContainText(
    eur.format(totals.openValueCents / 100)
  )
  await expect(page.getByTestId('overview-total-gaps')).toContainText(
    count.format(totals.gapNights)
  )
  await expect(page.getByText(/occupied/i)).toHaveCount(0)

  await test.step('a chart’s Table tab holds its figures, month by month', async () => {
    const card = page.getByTestId('overview-chart-unavailable')
    await card.getByRole('tab', { name: 'Table' }).click()
    const rows = card.getByTestId('overview-chart-unavailable-table').locator('tbody tr')
    await expect(rows).toHaveCount(12)
    for (const m of all) {
      const share = asFigures(sumOf(direct, ids, [m])).unavailableShare
      await expect(rows.nth(m).locator('td')).toHaveText(
        share === null ? 'no data' : percent.format(share)
      )
    }
    await expectAccessible(page, 'overview, a chart as a table')
  })

  await test.step('the gap nights of the next 90 days, each with its calendar', async () => {
    const horizon = addDays(today, 90)
    const gaps = [...direct]
      .flatMap(([id, d]) => d.gaps.map(([from]) => ({ id, from })))
      .filter((g) => g.from < horizon)
      .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.id - b.id))
    await expect(page.getByTestId('gap-nights-summary')).toContainText(
      `${count.format(gaps.length)} gap${gaps.length === 1 ? '' : 's'}`
    )
    const first = page.getByTestId('gap-row').first()
    await expect(first).toHaveAttribute('data-listing-id', String(gaps[0].id))
    await expect(first).toContainText('No stay fits: ')
    await expect(page.getByText(/Too short for the minimum stay/)).toHaveCount(0)
    await expect(first).toHaveAttribute('data-from', gaps[0].from)
    await first.getByRole('button', { name: /Open the calendar of/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
    await expect(
      page.locator(`[data-testid="calendar-month"] [data-date="${gaps[0].from}"]`)
    ).toBeVisible()
  })

  await test.step('one region: its listings and figures', async () => {
    await openOverview(page)
    await page.getByRole('combobox', { name: 'Region' }).click()
    const option = page.getByRole('option').nth(1)
    const label = (await option.textContent())!
    const region = label.replace(/ \(\d+ listings?\)$/, '')
    await option.click()
    await expect(page.getByTestId('overview-scope')).toContainText(region)
    const rows = await app.invoke('overview:get', { region, limit: 1000 })
    expect(rows.ok).toBe(true)
    const inRegion = rows.ok ? rows.value.listings.items.map((r) => r.id) : []
    const f = asFigures(sumOf(direct, inRegion, all))
    await expect(page.getByTestId('overview-total-open')).toContainText(
      eur.format(f.openValueCents / 100)
    )
    await expect(page.getByTestId('overview-listing-row')).toHaveCount(inRegion.length)
    // Every name, region and value is whole: wrapped onto its two lines, never cut.
    const cut = await page
      .getByTestId('overview-listing-row')
      .locator('td button, td span, td:nth-child(6)')
      .evaluateAll((els) =>
        els
          .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
          .map((e) => e.textContent)
      )
    expect(cut).toEqual([])

    // A later month is counted whole: the scope names it without a start day.
    await page.getByRole('combobox', { name: 'Period' }).click()
    const later = page.getByRole('option').nth(2)
    const month = (await later.textContent())!
    await later.click()
    await expect(page.getByTestId('overview-scope')).toContainText(
      `${region}, ${inRegion.length} listing${inRegion.length === 1 ? '' : 's'}, ${month}. `
    )
    await page.getByRole('combobox', { name: 'Period' }).click()
    await page.getByRole('option', { name: 'Next 12 months' }).click()
  })

  await test.step('the CSV export saves the figures where the person chose', async () => {
    await page.getByRole('button', { name: 'Export CSV' }).click()
    await expect.poll(() => app.savedFiles.length).toBe(1)
    expect(app.savedFiles[0].name).toMatch(/^StayDesk overview \d{4}-\d{2}-\d{2}\.csv$/)
  })
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the overview in the ${scheme} theme is axe-clean`, async ({ page, app, openApp }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await waitForSync(app)
    await openOverview(page)
    await expect(page.getByTestId('overview-listing-row').first()).toBeVisible()
    await expect(page.getByTestId('gap-row').first()).toBeVisible()
    await saveScreenshot(page, `${scheme}-overview`)
    await page.setViewportSize({ width: 1280, height: 2600 })
    await saveScreenshot(page, `${scheme}-overview-full`)
    await page.getByTestId('gap-nights').screenshot({
      path: join(SCREENSHOT_DIR, `${scheme}-overview-gap-nights.png`)
    })
    await expectAccessible(page, `overview, ${scheme}`)
  })
}
