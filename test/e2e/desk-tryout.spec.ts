import { readFileSync } from 'node:fs'
import type { Locator } from '@playwright/test'
import { policyByName, tierFor } from '../../src-main/sandbox/state/policies'
import { daysBetween, utcDateOf } from '@shared/domain/dates'
import { DEMO, expect, test } from './fixtures'
import {
  demoBookingsIn,
  eurCents,
  field,
  money,
  openBookingById,
  openBookingsScreen,
  sandboxBooking
} from './harness/bookings'
import { shots } from './harness/pictures'
import { waitForSync } from './harness/quote'
import {
  diffRow,
  importCsv,
  lastSaved,
  openImportTab,
  openScreen,
  resultRows
} from './harness/references'

/**
 * The support desk tried as a new agent would (issue 20's kinds of defect), each figure and word
 * checked against the sandbox's own records: the policy line of ended bookings beside what came
 * back, the refund estimate against the sandbox's own policy tiers and the cancellation's outcome
 * in the service's words, and references files as spreadsheets save them.
 */

type Record = ReturnType<typeof sandboxBooking>

/** Cells whose one word (a heading, an amount) the layout broke over two lines or more. */
function brokenWords(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((tds) =>
    tds
      .filter((td) => !/\s/.test(td.textContent!.trim()))
      .filter((td) => {
        const d = td.ownerDocument
        const range = d.createRange()
        range.selectNodeContents(td)
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)))
        return lines.size > 1
      })
      .map((td) => td.textContent!)
  )
}

const refundedCents = (r: Record) =>
  (r.instalments ?? []).reduce((sum, i) => sum + eurCents(i.refundedAmount), 0)

test('an ended booking the guest did not cancel names no guest tier that its refund contradicts', async ({
  page,
  demo,
  openApp
}) => {
  // Declined with the deposit refunded in full, under a non-refundable policy: the service's
  // read still carries the guest's tier (0%), which did not apply.
  const declined = sandboxBooking(demo.store, demoBookingsIn(demo, 'declined')[0].id)
  expect(declined.cancellationPolicy?.refund?.percentage).toBe(0)
  expect(refundedCents(declined)).toBeGreaterThan(0)
  const byGuest = sandboxBooking(demo.store, demoBookingsIn(demo, 'cancelledByGuest')[0].id)
  const completed = sandboxBooking(demo.store, demoBookingsIn(demo, 'completed')[0].id)

  await openApp()
  await openBookingsScreen(page)
  const details = await openBookingById(page, declined.id)
  const refunded = details
    .getByRole('table', { name: 'Paid, due and refunded' })
    .getByRole('row', { name: /Refunded/ })
  await expect(refunded).toContainText(await money(page, refundedCents(declined)))
  const policy = details.getByTestId('booking-policy')
  const tier = field(policy, 'Tier that applied')
  await expect(tier).toHaveText('None: the guest did not cancel; what came back is under Refunded')
  await expect(policy).not.toContainText('Nothing back to the guest')
  // The instalments beside it: headings and amounts whole, not "Instalme nt" and "€349.3 6".
  const instalments = details.getByRole('table', { name: 'Instalments' })
  await expect(instalments.getByTestId('instalment-row')).toHaveCount(declined.instalments!.length)
  expect(await brokenWords(instalments.locator('th, td'))).toEqual([])
  await shots(page, 'desk-tryout-declined-policy', policy)

  // The guest's own cancellation: the tier the sandbox refunded by, and its share of what was paid.
  const guestPage = await openBookingById(page, byGuest.id)
  const percent = Number(byGuest.cancellationPolicy!.refund!.percentage)
  await expect(field(guestPage.getByTestId('booking-policy'), 'Tier that applied')).toHaveText(
    new RegExp(`^${percent}% back to the guest`)
  )
  // The share is taken of each paid instalment, each rounded to the cent: two instalments may
  // give a cent less than the share of their sum.
  const shareCents = (byGuest.instalments ?? [])
    .filter((i) => i.status === 'paid')
    .reduce((sum, i) => sum + Math.round((eurCents(i.amount) * percent) / 100), 0)
  expect(refundedCents(byGuest)).toBe(shareCents)

  const done = await openBookingById(page, completed.id)
  await expect(field(done.getByTestId('booking-policy'), 'Tier that applied')).toHaveText(
    'None: the booking was not cancelled'
  )
})

test('the refund estimate follows the sandbox’s policy tiers, and the outcome says the service’s payment status and refunds', async ({
  page,
  demo,
  openApp
}) => {
  // The demo booking a guest cancelling today gets part of their money back for.
  const today = utcDateOf(demo.store.now())
  const record = demoBookingsIn(demo, 'confirmed')
    .map((b) => sandboxBooking(demo.store, b.id))
    .find((r) => {
      const t = tierFor(
        policyByName(r.cancellationPolicy?.name),
        daysBetween(today, r.checkIn.date)
      )
      return t.percent > 0 && t.percent < 100 && r.instalments?.some((i) => i.status === 'paid')
    })!
  const tier = tierFor(
    policyByName(record.cancellationPolicy?.name),
    daysBetween(today, record.checkIn.date)
  )
  const paid = (record.instalments ?? []).filter((i) => i.status === 'paid')
  const paidCents = paid.reduce((sum, i) => sum + eurCents(i.amount), 0)

  await openApp()
  await openBookingsScreen(page)
  const details = await openBookingById(page, record.id)
  await details.getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${record.id}` })
  const estimate = dialog.getByTestId('refund-estimate')
  await expect(estimate.getByTestId('refund-tier')).toContainText(
    `${record.cancellationPolicy!.name} policy: ${tier.percent}% back to the guest (the tier for cancelling ${tier.minDaysBefore} days or more before arrival). Check-in is in ${daysBetween(today, record.checkIn.date)} days.`
  )
  const total = estimate.getByTestId('refund-total')
  await expect(total.getByTestId('refund-guest')).toHaveText(
    await money(page, Math.round((paidCents * tier.percent) / 100))
  )
  await expect(total.getByTestId('refund-pm')).toHaveText(await money(page, paidCents))
  await shots(page, 'desk-tryout-refund-estimate')

  await dialog.getByRole('radio', { name: 'The guest' }).check()
  await dialog.getByLabel('Reason').fill('The guest is ill')
  await dialog.getByLabel('Message to the other party').fill('Sorry for the short notice')
  await dialog.getByRole('button', { name: 'Send cancellation' }).click()
  const outcome = dialog.getByTestId('cancel-outcome')
  await expect(outcome).toHaveAttribute('data-outcome', 'done')

  const after = sandboxBooking(demo.store, record.id)
  expect(after.status).toBe('cancelledByGuest')
  // Partly refunded: "Partly paid" alone would read as money still owed; the service's word with it.
  await expect(outcome.getByTestId('cancel-payment-status')).toHaveText(after.paymentStatus!)
  await expect(outcome.getByTestId('refund-done-total')).toHaveText(
    `Refunded in total: ${await money(page, refundedCents(after))}`
  )
  // The service refunds the share of each paid instalment, each rounded to the cent.
  expect(refundedCents(after)).toBe(
    paid.reduce((sum, i) => sum + Math.round((eurCents(i.amount) * tier.percent) / 100), 0)
  )
  await shots(page, 'desk-tryout-cancel-outcome', outcome)
})

test('references files as spreadsheets save them: semicolons, tabs, a channel column of the wrong length on its row; applied, then undone', async ({
  page,
  app,
  demo,
  openApp
}) => {
  test.slow()
  const ids = demo.store.listingIds()
  const received = () => demo.store.referencesOf(DEMO.channel)
  await openApp()
  await waitForSync(app)
  await openScreen(page, 'References')
  await openImportTab(page)

  // A European spreadsheet: semicolons, a quoted cell holding one, a status written in capitals.
  const semicolons = [
    'listingId;reference;url;status',
    `${ids[0]};EU-0;https://channel.example.com/eu-0;Active`,
    `${ids[1]};"EU;1";;INCOMPLETE`
  ].join('\r\n')
  await importCsv(page, 'semicolons.csv', semicolons)
  await expect(page.getByTestId('diff-counts')).toHaveText(
    'Dry run of semicolons.csv: 2 new · 0 changed · 0 same · 0 invalid'
  )
  await expect(diffRow(page, 3).locator('[data-field="reference"]')).toHaveText(
    'Reference: none set → EU;1'
  )
  await expect(diffRow(page, 2).locator('[data-field="status"]')).toHaveText(
    'Status: none set → Active'
  )
  await page.getByRole('button', { name: 'Apply 2 changes' }).click()
  await expect(resultRows(page)).toHaveCount(2)
  expect(received().get(ids[0])).toEqual({
    reference: 'EU-0',
    url: 'https://channel.example.com/eu-0',
    status: 'active'
  })
  expect(received().get(ids[1])).toEqual({ reference: 'EU;1', status: 'incomplete' })

  // Tabs, with a channel column: the own channel is taken, a 3-letter one is an error on its row.
  const tabs = [
    'listingId\treference\turl\tstatus\tchannel',
    `${ids[0]}\tEU-0-NEW\t\t\t${DEMO.channel}`,
    `${ids[2]}\tTAB-2\t\t\tDEM`
  ].join('\n')
  await importCsv(page, 'tabs.tsv', tabs)
  await expect(page.getByTestId('diff-counts')).toHaveText(
    'Dry run of tabs.tsv: 0 new · 1 changed · 0 same · 1 invalid'
  )
  await expect(diffRow(page, 2).locator('[data-field="reference"]')).toHaveText(
    'Reference: EU-0 → EU-0-NEW'
  )
  await expect(diffRow(page, 3)).toHaveAttribute('data-change', 'invalid')
  await expect(diffRow(page, 3).getByTestId('row-problems')).toContainText(
    'Channel "DEM" is not a sales channel id: it must be 4 characters.'
  )
  await shots(page, 'desk-tryout-references-tabs')
  await page.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect(resultRows(page)).toHaveCount(1)
  expect(received().get(ids[0])?.reference).toBe('EU-0-NEW')
  expect(received().has(ids[2])).toBe(false)

  // The undo file puts the semicolon file's values back.
  await page.getByRole('button', { name: 'Save undo file (1 row)' }).click()
  const undo = readFileSync(lastSaved(app.savedFiles, 'StayDesk references undo').path, 'utf8')
  await importCsv(page, 'undo.csv', undo)
  await expect(page.getByTestId('diff-counts')).toHaveText(
    'Dry run of undo.csv: 0 new · 1 changed · 0 same · 0 invalid'
  )
  await page.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect(resultRows(page)).toHaveCount(1)
  expect(received().get(ids[0])).toEqual({
    reference: 'EU-0',
    url: 'https://channel.example.com/eu-0',
    status: 'active'
  })
})
