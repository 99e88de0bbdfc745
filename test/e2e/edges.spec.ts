import { sentenceDate } from '@shared/domain/date-words'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { expect, test } from './fixtures'
import {
  dayLabel,
  resultRows,
  sandboxAnswers,
  searchForm,
  searchStay,
  startOnAvailability
} from './harness/availability'
import { countStoreCalls } from './harness/bookings'
import { chooseListing, chooseRadio, dayCell, openCalendar, showMonth } from './harness/calendar'
import { startWithQuote } from './harness/quote'
import { startAfterSync } from './harness/start'

/**
 * The edges of the data (issue 20), each checked against the sandbox's own answers: nights the
 * service publishes no rate for, dates past its two-year window, a stay of thousands of years,
 * a guest party out of range, listings that share a name, and the calendar while a stay is
 * still being chosen.
 */

test('a week past the one-year rate window is bookable nowhere, for no rate, as the sandbox refuses it', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startOnAvailability({ page, app, openApp })
  const from = addDays(utcDateOf(demo.store.now()), 380)
  const stay = { from, to: addDays(from, 7), adults: 2 }
  const { priced, refused, rules } = sandboxAnswers(demo.store, stay)
  expect(priced.size).toBe(0)
  await searchStay(page, stay)
  await expect(page.getByTestId('availability-count')).toHaveAttribute('data-count', '0')
  await expect(resultRows(page)).toHaveCount(0)
  const group = page.locator('[data-testid="miss-group"][data-code="no-rate"]')
  await expect(group).toContainText('No nightly rate for a night of the stay')
  // Every listing the sandbox refuses for a missing rate is counted under it (the service words
  // its reasons itself: the rule is compared, not the words).
  const noRate = [...rules].filter(([, codes]) => codes.includes('no-rate'))
  await expect(group).toHaveAttribute('data-count', String(noRate.length))
  expect(noRate.length).toBe(refused.size)
})

test('the stay picker stops at the two-year availability window', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startOnAvailability({ page, app, openApp })
  const today = utcDateOf(demo.store.now())
  const last = addDays(today, 729)
  // The sandbox publishes the last day and nothing after it.
  const id = demo.store.listingIds()[0]
  expect(demo.store.availability(id)?.availability[last]).toBeDefined()
  expect(demo.store.availability(id)?.availability[addDays(last, 1)]).toBeUndefined()

  await searchForm(page).getByRole('button', { name: 'Stay dates', exact: true }).click()
  const calendar = page.getByRole('dialog')
  const lastDay = calendar.getByRole('button', { name: dayLabel(last), exact: true })
  for (let i = 0; i < 30 && !(await lastDay.isVisible()); i++) {
    await calendar.getByRole('button', { name: 'Next month' }).click()
  }
  await expect(lastDay).toBeEnabled()
  const after = calendar.getByRole('button', { name: dayLabel(addDays(last, 1)), exact: true })
  if ((await after.count()) > 0) await expect(after).toBeDisabled()
  await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled()
})

test('dates the window or the calendar refuses are said on their field, never swapped for the old ones', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startWithQuote({ page, app, openApp }, demo.store, { bookingType: 'instant' })
  const form = page.getByRole('form', { name: 'Stay to quote' })
  const today = utcDateOf(demo.store.now())

  await test.step('a departure in the year 9027 is refused with the window, nothing is asked', async () => {
    const asked = countStoreCalls(demo.store, 'quote')
    const departure = form.getByRole('textbox', { name: 'Departure' })
    await departure.fill('9027-01-01')
    await departure.press('Enter')
    await expect(departure).toHaveValue('9027-01-01')
    await expect(form).toContainText(
      `Departure ${sentenceDate('9027-01-01')} is past the availability window: the service publishes availability from today, ${sentenceDate(today)}, to ${sentenceDate(addDays(today, 729))} (two years).`
    )
    await expect(page.getByTestId('quote-answer')).toHaveCount(0)
    expect(asked()).toBe(0)
  })

  await test.step('a past arrival stays as typed, refused on the arrival', async () => {
    const arrival = form.getByRole('textbox', { name: 'Arrival' })
    const past = addDays(today, -3)
    await arrival.fill(past)
    await arrival.blur()
    await expect(arrival).toHaveValue(past)
    await form.getByRole('button', { name: 'Get quote' }).click()
    await expect(form).toContainText(
      `Arrival ${sentenceDate(past)} is in the past (today is ${sentenceDate(today)}).`
    )
    await expect(page.getByTestId('quote-answer')).toHaveCount(0)
  })
})

test('a guest party out of range is an error on its field, never changed without a word', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startWithQuote({ page, app, openApp }, demo.store, { bookingType: 'instant' })
  const form = page.getByRole('form', { name: 'Stay to quote' })
  const adults = form.getByRole('textbox', { name: 'Adults' })
  await adults.fill('0')
  await form.getByRole('textbox', { name: 'Children', exact: true }).fill('1')
  const age = form.getByRole('textbox', { name: 'Age of child 1' })
  await age.fill('13')
  await age.blur()
  await expect(adults).toHaveValue('0')
  await expect(age).toHaveValue('13')
  const asked = countStoreCalls(demo.store, 'quote')
  await form.getByRole('button', { name: 'Get quote' }).click()
  await expect(adults).toHaveAccessibleDescription(/Adults must be a whole number, at least 1/)
  await expect(age).toHaveAccessibleDescription(
    /Age must be from 0 to 12: a guest over 12 counts as an adult/
  )
  await expect(page.getByTestId('quote-answer')).toHaveCount(0)
  expect(asked()).toBe(0)
})

test('listings that share a name are told apart by their id in the results and the timeline', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startOnAvailability({ page, app, openApp })
  const from = addDays(utcDateOf(demo.store.now()), 40)
  await searchStay(page, { from, to: addDays(from, 7), adults: 2 })
  const row = resultRows(page).first()
  const id = Number(await row.getAttribute('data-listing-id'))
  const name = demo.store.listing(id)!.description?.EN?.headline
  const open = row.getByRole('button', { name: /open the listing page/ })
  await expect(open).toHaveAccessibleName(new RegExp(`\\(${id}\\): open the listing page$`))
  await expect(open).toContainText(String(id))
  await expect(open).toHaveAttribute('title', new RegExp(`\\(${id}\\)$`))
  if (name) await expect(open).toContainText(name)

  await openCalendar(page)
  await chooseRadio(page, 'Timeline')
  const first = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') })
    .first()
  const rowId = await first.locator('[data-listing]').getAttribute('data-listing')
  await expect(first.getByRole('rowheader')).toContainText(rowId!)
})

test('the calendar waits for the last night before judging a stay, and marks no check-in inside the advance notice', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await startAfterSync({ page, app, openApp })
  const today = utcDateOf(demo.store.now())
  // A listing with an advance notice whose calendar allows check-in on a day inside it.
  const found = demo.store.listingIds().flatMap((id) => {
    const notice = Number(demo.store.listing(id)?.advanceNotice ?? 0)
    if (notice < 2 || demo.store.listing(id)?.active === false) return []
    const days = demo.store.availability(id)!.availability
    for (let d = 1; d < notice; d++) {
      const day = days[addDays(today, d)]
      if (day?.available && day.checkInDay) return [{ id, date: addDays(today, d) }]
    }
    return []
  })[0]
  expect(found, 'a listing with check-in allowed inside its advance notice').toBeDefined()
  await openCalendar(page)
  await chooseListing(page, found.id)
  await showMonth(page, found.date.slice(0, 7))
  const cell = dayCell(page, found.date)
  await expect(cell).toHaveAccessibleName(/no check-in \(inside the advance notice\)/)
  await expect(cell).not.toContainText('CI')
  // The service refuses an arrival that day: the calendar agrees with it.
  const refused = demo.store.quote({
    listingId: found.id,
    from: found.date,
    to: addDays(found.date, 7),
    adults: 1
  })
  expect('reasons' in refused).toBe(true)

  const first = addDays(today, 40)
  await showMonth(page, first.slice(0, 7))
  await dayCell(page, first).click()
  await expect(page.getByTestId('stay-dates')).toContainText('choose the last night')
  await expect(page.getByTestId('stay-unavailable')).toHaveCount(0)
  await expect(page.getByText('Pricing the stay from the offline copy…')).toHaveCount(0)
})
