import { readFileSync } from 'node:fs'
import { addDays } from '@shared/domain/dates'
import { formatEur } from '@shared/domain/money'
import { DEMO, expect, test } from './fixtures'
import {
  findWeek as findSearchWeek,
  openAvailability,
  resultRows,
  sandboxAnswers,
  scrollToEnd,
  scrollToTop,
  searchStay,
  waitForSync
} from './harness/availability'
import {
  chooseListing,
  chooseRadio,
  dayCell,
  findWeek,
  openCalendar,
  sandboxAnswer,
  showMonth
} from './harness/calendar'
import {
  diffRows,
  importCsv,
  lastSaved,
  openImportTab,
  openScreen,
  resultRows as appliedRows
} from './harness/references'
import { lightTheme, shotOf, shotWindow } from './user-guide-shots'

/**
 * docs/user-guide.md, sections "Finding available listings", "Reading a rate calendar" and
 * "Reference mapping": the property manager's portfolio screens on the demo, each step's words
 * checked on screen and against the sandbox's own records.
 */

test('availability: the bookable listings, why the others are not, and the live second opinion', async ({
  page,
  app,
  demo,
  openApp
}) => {
  test.slow()
  await lightTheme(page)
  await openApp()
  await waitForSync(app)
  await openAvailability(page)
  const stay = findSearchWeek(demo.store, 8)
  const { priced, rules } = sandboxAnswers(demo.store, stay)
  await searchStay(page, stay)
  await expect(page.getByTestId('availability-count')).toHaveText(
    `${priced.size} listings bookable`
  )
  await expect(page.getByTestId('availability-source')).toContainText(
    'from the offline copy, synced just now'
  )
  await expect(page.getByTestId('availability-stay')).toContainText('7 nights · 2 adults')
  await shotWindow(page, 'availability-results')

  await test.step('why not bookable: every listing judged, grouped by rule', async () => {
    await expect(page.getByTestId('misses-intro')).toContainText(
      `All ${DEMO.listings} listings of the portfolio were judged by every rule.`
    )
    const group = page.getByTestId('miss-group').first()
    await group.getByRole('button').first().click()
    const first = group.getByTestId('miss-listing').first()
    await expect(first).toBeVisible()
    const id = Number(await first.getAttribute('data-listing-id'))
    expect(rules.get(id)).toContain(await group.getAttribute('data-code'))
    await scrollToTop(page.getByRole('heading', { name: 'Why not bookable' }))
    await shotWindow(page, 'availability-why-not')
  })

  await test.step('the live second opinion names a listing booked since the sync', async () => {
    const booked = Number(await resultRows(page).first().getAttribute('data-listing-id'))
    demo.store.createBooking(
      { token: DEMO.token, channel: DEMO.channel, merchantOfRecord: 'service' },
      {
        listingId: booked,
        from: stay.from,
        to: stay.to,
        adults: 2,
        salesChannel: DEMO.channel,
        guest: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }
      }
    )
    await page.getByRole('button', { name: 'Ask the service' }).click()
    const live = page.getByRole('region', { name: 'Live second opinion' })
    await expect(live).toContainText(
      `The service says ${demo.store.availableInPeriod(stay.from, stay.to).length} listings are free on every night of the stay.`
    )
    await expect(live).toContainText('The offline copy disagrees on 1 listing')
    const row = page.getByTestId('live-disagreement')
    await expect(row).toHaveAttribute('data-listing-id', String(booked))
    await expect(row).toContainText('Probably stale')
    await scrollToEnd(live)
    await shotOf(live, 'availability-live')
    await row.getByRole('button', { name: /^Refresh / }).click()
    await expect(row.getByTestId('refresh-outcome')).toHaveText(
      'Refreshed: its calendar changed in the offline copy.'
    )
    await expect(row).toContainText('Not among the results above')
  })
})

test('the rate calendar: a week selected from the keyboard, priced as the service would, and the timeline', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await lightTheme(page)
  await openApp()
  await waitForSync(app)
  await page.keyboard.press('Control+3')
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
  const stay = findWeek(demo.store, { priced: true, fromDay: 20, withinMonth: true })
  const want = sandboxAnswer(demo.store, stay)
  if (!('totalCents' in want)) throw new Error('expected a priced week')
  await chooseListing(page, stay.listingId)
  await showMonth(page, stay.from.slice(0, 7))
  await expect(page.getByTestId('calendar-source')).toContainText('From the offline copy')
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Closed (hatched)')
  await expect(page.getByTestId('stay-hint')).toContainText('Shift with the arrow keys')

  await dayCell(page, addDays(stay.from, 1)).click()
  await page.keyboard.press('Escape')
  await page.keyboard.press('ArrowLeft')
  await expect(page.locator(':focus')).toHaveAttribute('data-date', stay.from)
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowRight')
  await expect(page.getByTestId('stay-dates')).toContainText('7 nights')
  await expect(page.getByTestId('stay-estimate')).toContainText(formatEur(want.totalCents))
  await expect(page.getByRole('button', { name: 'Quote this stay' })).toBeEnabled()
  await scrollToTop(page.getByRole('button', { name: '‹ Previous month' }))
  await shotWindow(page, 'calendar-selected-week')

  await test.step('the timeline: every listing, a glyph per day', async () => {
    await openCalendar(page)
    await chooseRadio(page, 'Timeline')
    await expect(page.getByTestId('timeline-count')).toContainText(`${DEMO.listings} listings`)
    await expect(page.locator('[role="gridcell"][data-listing]').first()).toBeVisible()
    await expect(page.getByText('Open, check-in allowed')).toBeVisible()
    await shotWindow(page, 'calendar-timeline')
  })
})

test('references: one listing, a file checked in a dry run, applied, and its undo file', async ({
  page,
  app,
  demo,
  openApp
}) => {
  test.slow()
  await lightTheme(page)
  await openApp()
  await waitForSync(app)
  await openScreen(page, 'References')
  await expect(page.getByTestId('references-source')).toContainText(
    'the service has no way to read references back'
  )
  const ids = demo.store.listingIds()
  // One reference set before the file, so the file changes it rather than adding it.
  const form = page.getByRole('form', { name: 'Set one listing’s reference' })
  const picker = form.getByRole('combobox', { name: 'Listing' })
  await picker.click()
  await picker.fill(String(ids[0]))
  await page.getByRole('option', { name: new RegExp(`\\b${ids[0]}\\b`) }).click()
  await form.getByRole('textbox', { name: 'Reference' }).fill('VILLA-ALBA')
  await form.getByRole('button', { name: 'Set reference' }).click()
  await expect(form.getByTestId('set-outcome')).toHaveAttribute('data-outcome', 'done')
  expect(demo.store.referencesOf(DEMO.channel).get(ids[0])).toEqual({ reference: 'VILLA-ALBA' })

  await openImportTab(page)
  const csv = [
    'listingId,reference,url,status',
    `${ids[0]},VILLA-ALBA-2,,`,
    `${ids[1]},CASA-1,https://channel.example.com/1,active`,
    `999999999,GHOST,,`,
    `${ids[2]},CASA-1,,`,
    `${ids[3]},CASA-3,,sold`
  ].join('\n')
  await importCsv(page, 'channel-references.csv', csv)
  await expect(page.getByTestId('diff-counts')).toHaveText(
    'Dry run of channel-references.csv: 1 new · 1 changed · 0 same · 3 invalid'
  )
  await expect(diffRows(page)).toHaveCount(5)
  expect(demo.store.referencesOf(DEMO.channel).size).toBe(1)
  await shotWindow(page, 'references-dry-run')

  await page.getByRole('button', { name: 'Apply 2 changes' }).click()
  await expect(page.getByTestId('apply-summary')).toContainText('2 references in 1 batch: 2 done.')
  await expect(appliedRows(page)).toHaveCount(2)
  expect(demo.store.referencesOf(DEMO.channel).get(ids[0])).toEqual({ reference: 'VILLA-ALBA-2' })
  await expect(page.getByTestId('undo-file')).toContainText(
    'The undo file puts back the previous values of 1 listing.'
  )
  await page.getByTestId('apply-results').scrollIntoViewIfNeeded()
  await shotOf(page.getByTestId('apply-results'), 'references-applied')

  await page.getByRole('button', { name: 'Save undo file (1 row)' }).click()
  await expect(page.getByTestId('undo-saved')).toContainText('Saved 1 row to')
  const undo = readFileSync(lastSaved(app.savedFiles, 'StayDesk references undo').path, 'utf8')
  expect(undo).toContain(`${ids[0]},VILLA-ALBA`)
})
