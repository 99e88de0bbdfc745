import type { Page } from '@playwright/test'
import { listingName } from '@shared/domain/listing-display'
import { expect, saveScreenshot, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import {
  allResults,
  findWeek,
  openAvailability,
  resultRow,
  resultRows,
  sandboxAnswers,
  searchForm,
  scrollToEnd,
  scrollToTop,
  searchStay,
  SEARCH_LABEL,
  shownCount,
  waitForSync,
  type SearchStay
} from './harness/availability'

/**
 * The property manager's availability search on the demo portfolio, checked against the
 * sandbox's own answers: the bookable set and each price against its quote endpoint, every
 * reason's listings against its refusals, the service's period answer after a booking made
 * behind the copy's back, and the hand-over to the quote calculator.
 */

async function availabilityScreen(page: Page, app: Parameters<typeof waitForSync>[0]) {
  await waitForSync(app)
  await openAvailability(page)
}

test('a week’s search finds exactly the listings the sandbox prices, each at its total, and says why the others are not bookable', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await availabilityScreen(page, app)
  const stay = findWeek(demo.store)
  const { priced, refused, rules } = sandboxAnswers(demo.store, stay)
  await searchStay(page, stay)

  await expect(page.getByTestId('availability-count')).toHaveText(
    `${priced.size} listings bookable`
  )
  await expect(page.getByTestId('availability-source')).toContainText(
    'from the offline copy, synced'
  )
  await expect(page.getByTestId('availability-stay')).toContainText('7 nights · 2 adults')
  const shown = await allResults(page)
  expect(new Map(shown.map((r) => [r.listingId, r.cents]))).toEqual(priced)
  // Cheapest first until the person sorts otherwise.
  const prices = shown.map((r) => r.cents!)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))

  await test.step('each row in view gives the sandbox’s total over the 7 nights, to the cent', async () => {
    await expect(page.getByTestId('availability-estimate-note')).toContainText(
      'Per night: that total divided by the nights, to the cent.'
    )
    await expect(page.getByRole('columnheader', { name: 'Per night' })).toBeVisible()
    const nightly = await resultRows(page).evaluateAll((els) =>
      els.map((el) => {
        const row = el as unknown as {
          getAttribute(name: string): string | null
          querySelector(sel: string): { getAttribute(name: string): string | null } | null
        }
        return [
          Number(row.getAttribute('data-listing-id')),
          Number(
            row
              .querySelector('[data-testid="result-nightly"] [data-cents]')
              ?.getAttribute('data-cents')
          )
        ] as const
      })
    )
    expect(nightly.length).toBeGreaterThan(3)
    for (const [id, cents] of nightly) expect(cents).toBe(Math.round(priced.get(id)! / 7))
  })

  await test.step('every reason’s listings are refused by the sandbox for the same rule', async () => {
    const groups = page.getByTestId('miss-group')
    const named = new Set<number>()
    for (let g = 0; g < (await groups.count()); g++) {
      const group = groups.nth(g)
      await group.getByRole('button').first().click()
      const listings = group.getByTestId('miss-listing')
      await expect(listings).toHaveCount(Number(await group.getAttribute('data-count')))
      for (let i = 0; i < (await listings.count()); i++) {
        const id = Number(await listings.nth(i).getAttribute('data-listing-id'))
        const code = await group.getAttribute('data-code')
        expect(rules.get(id), `listing ${id} is refused by the sandbox`).toContain(code)
        named.add(id)
      }
    }
    // Every listing the sandbox refuses is under at least one reason; no bookable one is.
    expect([...named].sort()).toEqual([...refused.keys()].sort())
    const only = await groups.evaluateAll((els) =>
      els.map((e) => Number((e as unknown as { dataset: { only: string } }).dataset.only))
    )
    expect(only).toEqual([...only].sort((a, b) => b - a))
  })
})

test('sorting by name orders every result, and a city filter keeps that city’s listings', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await availabilityScreen(page, app)
  const stay = findWeek(demo.store, 8)
  const { priced } = sandboxAnswers(demo.store, stay)
  await searchStay(page, stay)
  const nameOf = (id: number) => listingName(demo.store.listing(id)!)

  await page.getByRole('button', { name: 'Sort by Name' }).click()
  await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'ascending'
  )
  const byName = [...priced.keys()].sort(
    (a, b) => nameOf(a).localeCompare(nameOf(b), 'en') || a - b
  )
  await expect.poll(async () => (await allResults(page)).map((r) => r.listingId)).toEqual(byName)
  await page.getByRole('button', { name: 'Sort by Name' }).click()
  await expect
    .poll(async () => (await allResults(page)).map((r) => r.listingId))
    .toEqual([...byName].reverse())

  const city = demo.store.listing(byName[0])!.location!.city!
  const inCity = (id: number) => demo.store.listing(id)?.location?.city === city
  await searchForm(page).getByRole('combobox', { name: 'City' }).fill(city)
  await searchForm(page).getByRole('textbox', { name: 'Adults' }).press('Enter')
  const expected = [...priced.keys()].filter(inCity)
  await expect.poll(() => shownCount(page)).toBe(expected.length)
  expect((await allResults(page)).map((r) => r.listingId).sort()).toEqual(expected.sort())
  const outside = demo.store.listingIds().filter((id) => !inCity(id)).length
  await expect(page.getByTestId('availability-filtered-out')).toHaveText(
    `The filters left out ${outside} listings before the rules were checked.`
  )
})

test.describe('a search with more results than one window', () => {
  // Main sends the rows 100 at a time as the table scrolls; this portfolio finds far more.
  test.use({ demoListings: 1000 })

  test('sorting by price orders every result down to the last row, both ways', async ({
    page,
    app,
    demo,
    openApp
  }) => {
    await openApp()
    await availabilityScreen(page, app)
    const stay = findWeek(demo.store, 300)
    const { priced } = sandboxAnswers(demo.store, stay)
    await searchStay(page, stay)
    await expect(page.getByTestId('availability-count')).toHaveText(
      `${priced.size} listings bookable`
    )

    const cheapestFirst = await allResults(page)
    expect(new Map(cheapestFirst.map((r) => [r.listingId, r.cents]))).toEqual(priced)
    const prices = cheapestFirst.map((r) => r.cents!)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))

    await page.getByRole('button', { name: /^Sort by Estimate/ }).click()
    await expect(page.getByRole('columnheader', { name: /Estimate/ })).toHaveAttribute(
      'aria-sort',
      'descending'
    )
    const table = page.getByRole('table', { name: 'Bookable listings' })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    const dearestFirst = await allResults(page)
    expect(dearestFirst.map((r) => r.cents)).toEqual([...prices].reverse())
    // The last row is the cheapest listing, as the sandbox prices it.
    const last = dearestFirst[dearestFirst.length - 1]
    expect(last.cents).toBe(Math.min(...priced.values()))
  })
})

test('the service’s second opinion names a listing booked since the sync, and Refresh takes it out of the results', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await availabilityScreen(page, app)
  const stay = findWeek(demo.store)
  await searchStay(page, stay)
  const count = await shownCount(page)
  const booked = Number(await resultRows(page).first().getAttribute('data-listing-id'))
  // Someone books it on the service: the offline copy still has it free.
  demo.store.createBooking(
    { token: 'x', channel: 'DEMO', merchantOfRecord: 'service' },
    {
      listingId: booked,
      from: stay.from,
      to: stay.to,
      adults: 2,
      salesChannel: 'DEMO',
      guest: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }
    }
  )

  await page.getByRole('button', { name: 'Ask the service' }).click()
  const summary = page.getByTestId('live-summary')
  await expect(summary).toHaveAttribute(
    'data-live-count',
    String(demo.store.availableInPeriod(stay.from, stay.to).length)
  )
  await expect(summary).toContainText('The offline copy disagrees on 1 listing')
  const row = page.getByTestId('live-disagreement')
  await expect(row).toHaveCount(1)
  await expect(row).toHaveAttribute('data-listing-id', String(booked))
  await expect(row).toContainText('Booked or closed on a night')
  await expect(row).toContainText('Free every night')
  await expect(row).toContainText('Probably stale')
  await expect(row).toContainText('Among the results above')

  await row.getByRole('button', { name: /^Refresh / }).click()
  await expect(row.getByTestId('refresh-outcome')).toHaveText(
    'Refreshed: its calendar changed in the offline copy.'
  )
  await expect(resultRow(page, booked)).toHaveCount(0)
  await expect(page.getByTestId('availability-count')).toHaveAttribute(
    'data-count',
    String(count - 1)
  )
  await expect(row).toContainText('Not among the results above')
})

test('the service out of reach is a neutral note, and the copy’s answer stands', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await availabilityScreen(page, app)
  const stay = findWeek(demo.store)
  await searchStay(page, stay)
  await demo.close()
  await page.getByRole('button', { name: 'Ask the service' }).click()
  const note = page.getByTestId('live-outage')
  await expect(note).toContainText('The offline copy’s answer above still stands.')
  await expect(note).toHaveAttribute('role', 'status')
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await shownCount(page)).toBeGreaterThan(0)
})

test('Quote on a result opens the quote calculator with the listing and the stay filled in', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await availabilityScreen(page, app)
  const stay: SearchStay = { ...findWeek(demo.store), adults: 3 }
  await searchStay(page, stay)
  const first = resultRows(page).first()
  const id = Number(await first.getAttribute('data-listing-id'))
  await first.getByRole('button', { name: /^Quote / }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Quote' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Stay to quote' })
  await expect(form.getByRole('combobox', { name: 'Listing' })).toHaveValue(
    new RegExp(`\\(${id}\\)`)
  )
  await expect(form.getByRole('textbox', { name: 'Arrival' })).toHaveValue(stay.from)
  await expect(form.getByRole('textbox', { name: 'Departure' })).toHaveValue(stay.to)
  await expect(form.getByRole('textbox', { name: 'Adults' })).toHaveValue('3')
})

test('the keyboard runs the search, a search without dates says what is missing, and the last search survives a restart', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await page.keyboard.press('Control+2')
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible()
  const form = searchForm(page)
  const stay = findWeek(demo.store)

  await test.step('a search without dates is refused on the date field', async () => {
    await form.getByRole('button', { name: 'Clear the stay dates' }).click()
    await form.getByRole('button', { name: SEARCH_LABEL, exact: true }).click()
    await expect(form.getByText('Choose the arrival and departure dates')).toBeVisible()
  })

  await test.step('Enter in a field searches; rows are reached by Tab', async () => {
    await searchStay(page, { ...stay, adults: 2 })
    const adults = form.getByRole('textbox', { name: 'Adults' })
    await adults.fill('1')
    await adults.press('Enter')
    await expect(page.getByTestId('availability-count')).toHaveAttribute(
      'data-stay',
      `${stay.from}/${stay.to}/1`
    )
    await page.getByRole('button', { name: 'Sort by Name' }).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    await expect(focused).toHaveAccessibleName(/: open the listing page$/)
    const focusedRow = page.locator('tr:has(:focus)')
    await expect(focusedRow).toHaveAttribute('aria-rowindex', '2')
    // Arrow Down: the same button of the next result.
    await page.keyboard.press('ArrowDown')
    await expect(page.locator(':focus')).toHaveAccessibleName(/: open the listing page$/)
    await expect(focusedRow).toHaveAttribute('aria-rowindex', '3')
    await page.keyboard.press('Tab')
    await expect(page.locator(':focus')).toHaveAccessibleName(/^Quote /)
    await page.keyboard.press('ArrowUp')
    await expect(page.locator(':focus')).toHaveAccessibleName(/^Quote /)
    await expect(focusedRow).toHaveAttribute('aria-rowindex', '2')
  })

  await test.step('after a restart the screen shows the last search again', async () => {
    await expect
      .poll(async () => {
        const r = await app.invoke('prefs:get', { key: 'availability.search' })
        return r.ok ? JSON.stringify(r.value.value) : ''
      })
      .toContain(`"adults":1`)
    await page.reload()
    await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
    await openAvailability(page)
    await expect(form.getByRole('textbox', { name: 'Adults' })).toHaveValue('1')
    await expect(page.getByTestId('availability-count')).toHaveAttribute(
      'data-stay',
      `${stay.from}/${stay.to}/1`
    )
  })
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the Availability screen in the ${scheme} theme passes axe`, async ({
    page,
    app,
    demo,
    openApp
  }) => {
    // Four axe-core passes over a screen of tables: more than the default minute on a busy machine.
    test.setTimeout(180_000)
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await availabilityScreen(page, app)
    const stay = findWeek(demo.store)
    await searchStay(page, stay)
    await saveScreenshot(page, `${scheme}-availability-results`)
    await expectAccessible(page, `availability results (${scheme})`)

    await searchForm(page).getByRole('button', { name: 'Stay dates', exact: true }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await saveScreenshot(page, `${scheme}-availability-dates`)
    await expectAccessible(page, `availability date picker (${scheme})`)
    await page.getByRole('dialog').getByRole('button', { name: 'Next month' }).focus()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()

    const group = page.getByTestId('miss-group').first()
    await group.getByRole('button').first().click()
    await expect(group.getByTestId('miss-listing').first()).toBeVisible()
    await scrollToTop(page.getByRole('heading', { name: 'Why not bookable' }))
    await saveScreenshot(page, `${scheme}-availability-reasons`)
    await expectAccessible(page, `availability reasons (${scheme})`)

    const booked = Number(await resultRows(page).first().getAttribute('data-listing-id'))
    demo.store.createBooking(
      { token: 'x', channel: 'DEMO', merchantOfRecord: 'service' },
      {
        listingId: booked,
        from: stay.from,
        to: stay.to,
        adults: 2,
        salesChannel: 'DEMO',
        guest: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }
      }
    )
    await page.getByRole('button', { name: 'Ask the service' }).click()
    await expect(page.getByTestId('live-disagreement')).toHaveCount(1)
    await scrollToEnd(page.getByRole('region', { name: 'Live second opinion' }))
    await saveScreenshot(page, `${scheme}-availability-live`)
    await expectAccessible(page, `availability live comparison (${scheme})`)
  })
}
