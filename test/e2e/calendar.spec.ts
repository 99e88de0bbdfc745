import type { Listing } from '@shared/api/listing.schema'
import { addDays, daysBetween, utcDateOf } from '@shared/domain/dates'
import { listingName } from '@shared/domain/listing-display'
import { eurToCents, formatEur } from '@shared/domain/money'
import { expect, saveScreenshot, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import {
  chooseListing,
  chooseRadio,
  dayCell,
  expectedDayWords,
  expectedTimelineText,
  findCheckInInsideNotice,
  findWeek,
  firstCheckInDay,
  monthGrid,
  openCalendar,
  sandboxAnswer,
  showMonth,
  timelineGlyphs,
  timelineRow,
  waitForSync,
  wordsInOrder
} from './harness/calendar'
import { colourOf } from './harness/screens'
import { bookingDetails, sandboxBooking } from './harness/bookings'
import { bookingStatusLabel } from '@shared/domain/booking-status'
import { clientCodesOf } from '../unit/main/sandbox/state/pricing/rule-codes'

/**
 * The Calendar screen against the demo sandbox's own records: a month's days, a week selected
 * from the keyboard priced (or refused) as the sandbox quotes it, a night's recorded price
 * change after a sync, and the portfolio timeline's days, each opening that listing's month.
 */

const selectedCells = (page: Parameters<typeof monthGrid>[0]) =>
  page.locator('[data-testid="calendar-month"] [role="gridcell"][aria-selected="true"]')

test('a month reads day by day as the sandbox publishes it, and Page Down turns it', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openCalendar(page)
  await expect(page.getByTestId('calendar-choose')).toContainText('Choose a listing')
  const id = demo.store.listingIds()[4]
  await chooseListing(page, id)
  const month = addDays(utcDateOf(demo.store.now()), 45).slice(0, 7)
  await showMonth(page, month)

  const cells = monthGrid(page, month).locator('[role="gridcell"][data-date]')
  const dates = await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-date')!))
  expect(dates[0]).toBe(`${month}-01`)
  expect(dates.every((d) => d.startsWith(month))).toBe(true)
  for (const date of dates) {
    await expect(dayCell(page, date)).toHaveAccessibleName(
      wordsInOrder(expectedDayWords(demo.store, id, date))
    )
    const rate = demo.store.rates(id)?.rate[date]
    await expect(dayCell(page, date)).toContainText(
      rate === undefined ? 'no rate' : formatEur(eurToCents(Number(rate)))
    )
  }
  await expect(page.getByTestId('calendar-coverage')).toContainText('rates to')
  await expect(page.getByTestId('calendar-source')).toContainText('From the offline copy')

  await test.step('Page Down and Page Up move a month, keeping the day', async () => {
    await dayCell(page, `${month}-10`).click()
    await page.keyboard.press('Escape')
    await page.keyboard.press('PageDown')
    const next = addDays(`${month}-28`, 10).slice(0, 7)
    await expect(monthGrid(page, next)).toBeVisible()
    await expect(page.locator(':focus')).toHaveAttribute('data-date', `${next}-10`)
    await page.keyboard.press('PageUp')
    await expect(page.locator(':focus')).toHaveAttribute('data-date', `${month}-10`)
  })

  await test.step('only the months shown are grids to a screen reader, one or two', async () => {
    // The months either side are drawn ahead, out of sight; they must stay out of hearing too.
    const label = (m: string) =>
      new Date(`${m}-01T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC'
      })
    const following = addDays(`${month}-28`, 10).slice(0, 7)
    await expect(page.getByRole('grid')).toHaveCount(1)
    await expect(page.getByRole('grid')).toHaveAccessibleName(label(month))
    // ... though the next month is in the page already, drawn for an instant switch.
    await expect(page.locator(`table[data-month="${following}"]`)).toHaveCount(1)
    await chooseRadio(page, 'Two months')
    await expect(page.getByRole('grid')).toHaveCount(2)
    await expect(page.getByRole('grid').nth(0)).toHaveAccessibleName(label(month))
    await expect(page.getByRole('grid').nth(1)).toHaveAccessibleName(label(following))
    await page.getByRole('button', { name: /Next month/ }).click()
    await expect(page.getByRole('grid').nth(1)).toHaveAccessibleName(
      label(addDays(`${following}-28`, 10).slice(0, 7))
    )
    await expect(page.getByRole('grid')).toHaveCount(2)
  })
})

test('a week selected with Shift and the arrows is priced as the sandbox quotes it, and handed to Quote', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openCalendar(page)
  const stay = findWeek(demo.store, { priced: true, withinMonth: true })
  const want = sandboxAnswer(demo.store, stay)
  if (!('totalCents' in want)) throw new Error('expected a priced week')
  await chooseListing(page, stay.listingId)
  await chooseRadio(page, 'Two months')
  await showMonth(page, stay.from.slice(0, 7))

  await dayCell(page, addDays(stay.from, 1)).click()
  // The grid moves focus to the day it selects as it redraws; a key pressed before then is lost.
  await expect(page.locator(':focus')).toHaveAttribute('data-date', addDays(stay.from, 1))
  await page.keyboard.press('Escape')
  await expect(selectedCells(page)).toHaveCount(0)
  await page.keyboard.press('ArrowLeft')
  await expect(page.locator(':focus')).toHaveAttribute('data-date', stay.from)
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowRight')
  await expect(selectedCells(page)).toHaveCount(7)
  await expect(page.getByTestId('stay-dates')).toContainText('7 nights')
  const total = page.getByTestId('stay-estimate').locator('[data-line="total"] [data-cents]')
  await expect(total).toHaveAttribute('data-cents', String(want.totalCents))
  await expect(page.getByTestId('stay-estimate')).toContainText(formatEur(want.totalCents))
  // The lines make the total they end with: each addend once, the rental after the discount and
  // optional cleaning shown but not added.
  const rows = page.getByTestId('stay-estimate').getByTestId('price-lines').locator('[data-line]')
  const lines = await rows.evaluateAll((els) =>
    els.map((e) => ({
      key: e.getAttribute('data-line'),
      aside: e.getAttribute('data-aside') === 'true',
      cents: Number(e.querySelector('[data-cents]')?.getAttribute('data-cents'))
    }))
  )
  const addends = lines.filter((l) => !l.aside && l.key !== 'rental' && l.key !== 'total')
  expect(addends.reduce((sum, l) => sum + l.cents, 0)).toBe(want.totalCents)
  await saveScreenshot(page, 'light-calendar-selected-week')

  await test.step('Escape clears the selection', async () => {
    await page.keyboard.press('Escape')
    await expect(selectedCells(page)).toHaveCount(0)
    await expect(page.getByTestId('stay-hint')).toBeVisible()
    for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowLeft')
    await expect(selectedCells(page)).toHaveCount(7)
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight')
    await expect(selectedCells(page)).toHaveCount(7)
  })

  await test.step('a refused week lists every rule the sandbox refuses it for', async () => {
    const refused = findWeek(demo.store, { priced: false, exclude: [stay.listingId] })
    const reasons = sandboxAnswer(demo.store, refused)
    if (!('reasons' in reasons)) throw new Error('expected a refused week')
    await chooseListing(page, refused.listingId)
    await showMonth(page, refused.from.slice(0, 7))
    await dayCell(page, refused.from).click()
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('stay-dates')).toContainText('7 nights')
    // Each side words its reasons itself: the rules broken are what must agree.
    const shown = page.getByTestId('stay-reason')
    await expect(shown.first()).toBeVisible()
    const codes = await shown.evaluateAll((els) => els.map((e) => e.getAttribute('data-code')!))
    expect([...new Set(codes)].sort()).toEqual(clientCodesOf(demo.store.refusals(refused)))
  })

  await test.step('Quote this stay opens the quote screen with the stay filled in', async () => {
    await page.keyboard.press('Escape')
    await chooseListing(page, stay.listingId)
    await showMonth(page, stay.from.slice(0, 7))
    await dayCell(page, stay.from).click()
    await dayCell(page, addDays(stay.from, 6)).click()
    await expect(page.getByTestId('stay-dates')).toContainText('7 nights')
    await page.getByRole('button', { name: 'Quote this stay' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Quote' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Arrival' })).toHaveValue(stay.from)
    await expect(page.getByRole('textbox', { name: 'Departure' })).toHaveValue(stay.to)
  })
})

test('no check-in is marked inside a listing’s advance notice: its month reads day by day as the sandbox’s records say', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  const { listingId, date } = findCheckInInsideNotice(demo.store)
  // The sandbox's records put the day inside the notice although its calendar allows check-in.
  expect(date < firstCheckInDay(demo.store, listingId)).toBe(true)
  expect(expectedDayWords(demo.store, listingId, date)).toContain(
    'no check-in (inside the advance notice)'
  )
  await openCalendar(page)
  await chooseListing(page, listingId)
  await showMonth(page, date.slice(0, 7))
  const cells = monthGrid(page, date.slice(0, 7)).locator('[role="gridcell"][data-date]')
  const dates = await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-date')!))
  for (const d of dates) {
    await expect(dayCell(page, d)).toHaveAccessibleName(
      wordsInOrder(expectedDayWords(demo.store, listingId, d))
    )
  }
  await expect(dayCell(page, date)).not.toContainText('CI')
})

test('the pricing rules list each season the listing publishes, with its dates and effect', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openCalendar(page)
  const id = demo.store.listingIds()[2]
  const seasons = (demo.store.listing(id)?.specialRates?.seasonPriceRules ?? []) as {
    name: string
    priceIncreasePercent?: number
    priceDecreasePercent?: number
  }[]
  expect(seasons.length).toBeGreaterThan(0)
  await chooseListing(page, id)
  const row = page.getByTestId('pricing-rules').locator('[data-rule="seasons"]')
  await expect(row.getByRole('rowheader')).toHaveText('Seasons')
  // The demo service publishes its seasons without dates: said so, never left out unremarked.
  const words = seasons.map((r) =>
    r.priceIncreasePercent !== undefined
      ? `${r.name}, dates not published: prices +${r.priceIncreasePercent}%`
      : `${r.name}, dates not published: prices −${r.priceDecreasePercent}%`
  )
  await expect(row.getByRole('listitem')).toHaveText(words)
  await expect(row).not.toContainText('percent')
})

test('the months’ data-age line flags a copy older than a day in words and colour', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openCalendar(page)
  const id = demo.store.listingIds()[5]
  await chooseListing(page, id)
  const line = page.getByTestId('calendar-data-age')
  await expect(line).toContainText('rates synced just now')
  await expect(line).toHaveAttribute('data-tone', 'fresh')
  const grey = await colourOf(line)

  // Three days on, nothing synced since: the window's clock moves on (timers keep running).
  await page.clock.setFixedTime(Date.now() + 3 * 24 * 60 * 60_000)
  await page.reload()
  await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
  await openCalendar(page)
  await chooseListing(page, id)
  await expect(line).toContainText('rates synced 3 days ago')
  await expect(line).toContainText('older than a day')
  await expect(line).toHaveAttribute('data-tone', 'stale')
  expect(await colourOf(line)).not.toBe(grey)
  // The three days since the sync are past now, whatever the copy still says of them: no price,
  // no check-in, and the word on the day.
  const synced = utcDateOf(demo.store.now())
  for (let i = 0; i < 3; i++) {
    const date = addDays(synced, i)
    if ((await dayCell(page, date).count()) === 0) {
      await page.getByRole('button', { name: /Previous month/ }).click()
    }
    const cell = dayCell(page, date)
    await expect(cell).toHaveAttribute('data-state', 'past')
    await expect(cell).toContainText('Past')
    await expect(cell).not.toContainText('€')
    await expect(cell).not.toContainText('CI')
  }
  await saveScreenshot(page, 'light-calendar-copy-older-than-a-day')
  await expectAccessible(page, 'calendar, copy older than a day')
})

test('the day detail shows a night’s changed price after a sync, and when it was seen', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openCalendar(page)
  const id = demo.store.listingIds()[9]
  const night = addDays(utcDateOf(demo.store.now()), 30)
  const was = Number(demo.store.rates(id)!.rate[night])
  await chooseListing(page, id)
  await showMonth(page, night.slice(0, 7))
  await dayCell(page, night).click()
  const detail = page.getByTestId('day-detail')
  await expect(detail).toHaveAttribute('data-date', night)
  await expect(detail.getByTestId('day-price')).toContainText(formatEur(eurToCents(was)))
  await expect(detail.getByTestId('day-history-empty')).toHaveText(
    'No change recorded since the first sync.'
  )

  demo.store.setNightlyRate(id, night, was + 17)
  const before = Date.now()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sync' }).click()
  await page.getByRole('button', { name: 'Sync now' }).click()
  await waitForSync(app, before)
  await openCalendar(page)

  // The calendar is as it was left: the same listing, month and day.
  await expect(detail).toHaveAttribute('data-date', night)
  const change = detail.getByTestId('history-change')
  await expect(change).toHaveCount(1)
  await expect(change).toContainText(
    `Price: ${formatEur(eurToCents(was))} → ${formatEur(eurToCents(was + 17))}`
  )
  await expect(change).toContainText('seen')
  await expect(detail.getByTestId('day-price')).toContainText(formatEur(eurToCents(was + 17)))
  await expect(dayCell(page, night)).toContainText(formatEur(eurToCents(was + 17)))
})

test('the timeline shows each listing’s days as the sandbox has them, and a day opens its month', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await openCalendar(page)
  await chooseRadio(page, 'Timeline')
  const today = utcDateOf(demo.store.now())
  await expect(page.getByTestId('timeline-count')).toContainText('60 listings')

  const nameOf = (id: number) => listingName(demo.store.listing(id) as Listing)
  const lower = (id: number) => nameOf(id).toLowerCase()
  const rendered = page.getByTestId('timeline-scroll').locator('[role="gridcell"][data-listing]')
  await expect.poll(() => rendered.count()).toBeGreaterThan(10)
  // The rows in sight, in order: by name, starting with the portfolio's first name.
  const byName = (
    await rendered.evaluateAll((els) => els.map((e) => e.getAttribute('data-listing')))
  ).map(Number)
  expect(byName.map(lower)).toEqual(byName.map(lower).sort())
  expect(lower(byName[0])).toBe(demo.store.listingIds().map(lower).sort()[0])
  for (const id of byName.slice(0, 5)) {
    await expect(timelineGlyphs(page, id)).toHaveText(
      expectedTimelineText(demo.store, id, today, 56)
    )
  }

  await test.step('the next weeks, and a city filter', async () => {
    await page.getByRole('button', { name: /Next 8 weeks/ }).click()
    const later = addDays(today, 56)
    await expect(timelineGlyphs(page, byName[0])).toHaveText(
      expectedTimelineText(demo.store, byName[0], later, 56)
    )
    await page.getByRole('button', { name: 'From today' }).click()
    const city = String(demo.store.listing(byName[2])?.location?.city)
    const inCity = demo.store
      .listingIds()
      .filter((id) => demo.store.listing(id)?.location?.city === city)
    await page.getByRole('combobox', { name: 'City' }).fill(city)
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('timeline-count')).toContainText(
      `${inCity.length} ${inCity.length === 1 ? 'listing' : 'listings'}`
    )
    await expect(rendered).toHaveCount(inCity.length)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect(page.getByTestId('timeline-count')).toContainText('60 listings')
  })

  await test.step('a click on a day opens that listing’s calendar at that month', async () => {
    const id = byName[3]
    const cell = timelineRow(page, id)
    const box = (await cell.boundingBox())!
    await cell.click({ position: { x: (10.5 * box.width) / 56, y: box.height / 2 } })
    const date = addDays(today, 10)
    await expect(page.getByRole('combobox', { name: 'Listing' })).toHaveValue(
      new RegExp(`\\(${id}\\)`)
    )
    await expect(monthGrid(page, date.slice(0, 7))).toBeVisible()
    await expect(page.getByTestId('day-detail')).toHaveAttribute('data-date', date)
  })

  await test.step('from the keyboard: arrows to a row and a day, Enter opens it', async () => {
    await chooseRadio(page, 'Timeline')
    await timelineRow(page, byName[0]).focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('timeline-focus')).toContainText(nameOf(byName[2]))
    await page.keyboard.press('Enter')
    const date = addDays(today, 3)
    await expect(page.getByRole('combobox', { name: 'Listing' })).toHaveValue(
      new RegExp(`\\(${byName[2]}\\)`)
    )
    await expect(page.getByTestId('day-detail')).toHaveAttribute('data-date', date)
  })
})

test('the timeline draws the kept bookings as bars over their nights, and each night’s price when there is room', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  // The demo's bookings are kept on the desk once the first sync is done.
  await expect
    .poll(async () => {
      const r = await app.invoke('bookings:recent', { limit: 500 })
      return r.ok ? r.value.total : -1
    })
    .toBe(demo.demoBookings.length)
  await openCalendar(page)
  await chooseRadio(page, 'Timeline')
  const today = utcDateOf(demo.store.now())
  const days = 56
  const search = page.getByRole('textbox', { name: 'Search listings' })
  const showListing = async (id: number) => {
    await search.fill(String(id))
    await expect(page.getByTestId('timeline-count')).toContainText('1 listing,')
    await expect(timelineRow(page, id)).toBeVisible()
  }
  const bookings = demo.store.demoBookings()
  const shown = bookings.find(
    (b) => b.status === 'confirmed' && b.from > today && b.to <= addDays(today, days)
  )!
  const record = sandboxBooking(demo.store, shown.id)
  const guest = `${record.guest?.firstName} ${record.guest?.lastName}`

  await test.step('a kept booking is a bar on its listing’s row over its nights, with the guest’s name', async () => {
    await showListing(shown.listingId)
    const cell = timelineRow(page, shown.listingId)
    const bar = cell.locator(`[data-booking="${shown.id}"]`)
    await expect(bar).toBeVisible()
    await expect(bar).toHaveText(guest)
    await expect(bar).toHaveAccessibleName(
      new RegExp(`^${guest}, booking ${shown.id}, ${bookingStatusLabel(String(record.status))}, `)
    )
    await expect(bar).toHaveAttribute('data-shape', 'held')
    // Over the right nights: check-in to the night before check-out, as the sandbox has them.
    const first = daysBetween(today, record.checkIn.date)
    const nights = daysBetween(record.checkIn.date, record.checkOut.date)
    const box = (await cell.boundingBox())!
    const barBox = (await bar.boundingBox())!
    const dayPx = box.width / days
    expect(Math.abs(barBox.x - box.x - first * dayPx)).toBeLessThan(1)
    expect(Math.abs(barBox.width - nights * dayPx)).toBeLessThan(1)
  })

  await test.step('Tab from the row reaches the bar, and Enter opens the booking', async () => {
    await timelineRow(page, shown.listingId).focus()
    await page.keyboard.press('Tab')
    await expect(page.locator(':focus')).toHaveAttribute('data-booking', shown.id)
    await page.keyboard.press('Enter')
    await expect(bookingDetails(page, shown.id)).toBeVisible()
    await expect(bookingDetails(page, shown.id).getByRole('heading', { level: 2 })).toHaveText(
      `Booking ${shown.id}`
    )
    await openCalendar(page)
    await expect(timelineRow(page, shown.listingId)).toBeVisible()
  })

  await test.step('a stay that began before the first day is cut square; a cancelled one is not drawn', async () => {
    const under = bookings.find((b) => b.status === 'inProgress' && b.from < today && b.to > today)!
    await showListing(under.listingId)
    const bar = timelineRow(page, under.listingId).locator(`[data-booking="${under.id}"]`)
    await expect(bar).toHaveAttribute('data-cut-start', 'true')
    await expect(bar).toHaveAccessibleName(/from before the days shown/)
    const cancelled = bookings.find(
      (b) => b.status === 'cancelled' && b.from > today && b.from < addDays(today, days)
    )!
    await showListing(cancelled.listingId)
    await expect(timelineRow(page, cancelled.listingId).locator('[data-booking]')).toHaveCount(
      bookings.filter(
        (b) =>
          b.listingId === cancelled.listingId &&
          !/^cancel|^declined$|^expired$/.test(b.status) &&
          b.from < addDays(today, days) &&
          b.to > today
      ).length
    )
    await expect(
      timelineRow(page, cancelled.listingId).locator(`[data-booking="${cancelled.id}"]`)
    ).toHaveCount(0)
  })

  await test.step('with room for prices, each open night shows the sandbox’s rate', async () => {
    await showListing(shown.listingId)
    await expect(timelineRow(page, shown.listingId).locator('[data-prices]')).toHaveCount(0)
    await chooseRadio(page, 'Days with prices')
    const prices = timelineRow(page, shown.listingId).locator('[data-prices]')
    await expect(prices).toBeVisible()
    const text = (await prices.textContent())!
    const width = text.length / days
    // Each day's glyph stays as the sandbox has the day, first in its wider column.
    let glyphs = ''
    for (let i = 0; i < days; i++) glyphs += ` ${text[i * width + 1]} `
    expect(glyphs).toBe(expectedTimelineText(demo.store, shown.listingId, today, days))
    const a = demo.store.availability(shown.listingId)!.availability
    const rates = demo.store.rates(shown.listingId)?.rate ?? {}
    let priced = 0
    for (let i = 0; i < days; i++) {
      const date = addDays(today, i)
      const shownText = text.slice(i * width + 3, (i + 1) * width).trim()
      const rate = rates[date]
      if (!a[date]?.available) expect(shownText, date).toBe('')
      else if (rate === undefined) expect(shownText, date).toBe('–')
      else {
        const euros = Math.round(eurToCents(Number(rate)) / 100)
        if (euros < 1000) expect(shownText, date).toBe(`€${euros}`)
        else expect(shownText, date).toMatch(/^€\d+(\.\d)?K$/)
        priced++
      }
    }
    expect(priced).toBeGreaterThan(0)
    // The tooltip of an open night gives the price in full, and an open night without a rate
    // says so.
    const cell = timelineRow(page, shown.listingId)
    const box = (await cell.boundingBox())!
    const open = Array.from({ length: days }, (_, i) => i).find(
      (i) => a[addDays(today, i)]?.available && rates[addDays(today, i)] !== undefined
    )!
    await cell.hover({ position: { x: (open + 0.5) * (box.width / days), y: 4 } })
    await expect(cell).toHaveAttribute(
      'title',
      new RegExp(`${formatEur(eurToCents(Number(rates[addDays(today, open)])))} a night`)
    )
    await chooseRadio(page, 'Narrow days')
    await search.fill('')
  })
})

for (const scheme of ['light', 'dark'] as const) {
  test(`the months view in the ${scheme} theme, with a selected week`, async ({
    page,
    app,
    demo,
    openApp
  }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await waitForSync(app)
    await openCalendar(page)
    const stay = findWeek(demo.store, { priced: true, fromDay: 20, withinMonth: true })
    await chooseListing(page, stay.listingId)
    await showMonth(page, stay.from.slice(0, 7))
    await dayCell(page, stay.from).click()
    await dayCell(page, addDays(stay.from, 6)).click()
    await expect(page.getByTestId('stay-estimate')).toBeVisible()
    await expect(page.getByTestId('day-history-empty')).toBeVisible()
    await saveScreenshot(page, `${scheme}-calendar-months`)
    await expectAccessible(page, `calendar months (${scheme})`)
    await page.getByRole('region', { name: 'Selected stay' }).scrollIntoViewIfNeeded()
    await saveScreenshot(page, `${scheme}-calendar-stay-panel`)
    await page
      .getByTestId('pricing-rules')
      .locator('[data-rule="seasons"]')
      .scrollIntoViewIfNeeded()
    await saveScreenshot(page, `${scheme}-calendar-rules-panel`)
  })

  test(`the timeline in the ${scheme} theme`, async ({ page, app, openApp }) => {
    await page.emulateMedia({ colorScheme: scheme })
    await openApp()
    await waitForSync(app)
    await openCalendar(page)
    await chooseRadio(page, 'Timeline')
    await expect(page.getByTestId('timeline-count')).toContainText('60 listings')
    await expect(page.locator('[role="gridcell"][data-listing]').first()).toBeVisible()
    await saveScreenshot(page, `${scheme}-calendar-timeline`)
    await expectAccessible(page, `calendar timeline (${scheme})`)
    // The demo's listings 100040 to 100049 hold a confirmed booking and one awaiting payment
    // in the first weeks: a solid bar and a striped one.
    await page.getByRole('textbox', { name: 'Search listings' }).fill('10004')
    await expect(page.locator('[data-booking]')).toHaveCount(2)
    await saveScreenshot(page, `${scheme}-calendar-timeline-bookings`)
    await expectAccessible(page, `calendar timeline with bookings (${scheme})`)
    // The prices: four weeks of wide days, scrolled to the bars.
    await chooseRadio(page, '4 weeks')
    await chooseRadio(page, 'Days with prices')
    await expect(page.locator('[data-prices]').first()).toBeVisible()
    await page.locator('[data-booking]').first().scrollIntoViewIfNeeded()
    await saveScreenshot(page, `${scheme}-calendar-timeline-prices`)
    await expectAccessible(page, `calendar timeline with prices (${scheme})`)
    await chooseRadio(page, 'Narrow days')
    await chooseRadio(page, '8 weeks')
  })
}
