import type { Page } from '@playwright/test'
import type { PricedQuoteWire } from '@shared/api'
import { bookingStatusLabel, paymentStatusLabel } from '@shared/domain/booking-status'
import { sentenceDate } from '@shared/domain/date-words'
import { addDays, utcDateOf } from '@shared/domain/dates'
import type { SandboxStore } from '../../src-main/sandbox/types'
import { DEMO, expect, saveScreenshot, test } from './fixtures'
import { openBookingById, openBookingsScreen, pdfText, recentRows } from './harness/bookings'
import { shots } from './harness/pictures'
import { offlineBadge, openPalette } from './harness/screens'
import { waitForSync } from './harness/start'

/**
 * Issue 23, the downtime pack: the arrivals and departures dated today to three days later (the
 * dates the next 72 hours run through; by date, as a stay's times are the property's local time
 * without a zone) of the bookings the app keeps, checked against the sandbox's own records of
 * those bookings; saved as a PDF where the person saves it; offered on the first screen when the
 * service can't be reached.
 */

test.use({ locale: 'en-GB' })

const CALLER = { token: DEMO.token, channel: DEMO.channel, merchantOfRecord: 'service' as const }

/**
 * A stay the sandbox prices that arrives on one of `days` (days after today), on a listing whose
 * check-in is at `after` or later (local time).
 */
function soonStay(store: SandboxStore, exclude: number[] = [], days = [1, 2], after = '00:00') {
  const today = utcDateOf(store.now())
  for (const listingId of store.listingIds()) {
    const listing = store.listing(listingId)
    if (exclude.includes(listingId) || listing?.active === false) continue
    if ((listing?.instructions?.checkIn ?? '00:00') < after) continue
    for (const day of days) {
      for (const nights of [2, 3, 4, 5, 6, 7]) {
        const from = addDays(today, day)
        const stay = { listingId, from, to: addDays(from, nights), adults: 2 }
        const answer = store.quote(stay)
        if (!('available' in answer)) return { ...stay, answer: answer as PricedQuoteWire }
      }
    }
  }
  throw new Error(`no stay arriving in ${days.join(', ')} days is bookable on the demo`)
}

function book(store: SandboxStore, stay: ReturnType<typeof soonStay>, last: string): string {
  return store.createBooking(CALLER, {
    listingId: stay.listingId,
    from: stay.from,
    to: stay.to,
    adults: stay.adults,
    guest: {
      firstName: 'Ingrid',
      lastName: last,
      email: `ingrid.${last.toLowerCase()}@example.org`,
      phone: '+47 912 34 567'
    }
  } as Parameters<SandboxStore['createBooking']>[1]).bookingId
}

/**
 * What the sheet must list, computed over the sandbox's own records of the kept bookings: each
 * arrival and departure dated today (UTC, at `madeAt`) to three days later, both included,
 * whatever its time (the property's local time); cancelled, expired and declined ones left off.
 */
function expectedFrom(store: SandboxStore, kept: ReadonlyMap<string, number>, madeAt: number) {
  const from = utcDateOf(madeAt)
  const to = addDays(from, 3)
  const listed: string[] = []
  const leftOff: string[] = []
  for (const id of kept.keys()) {
    const b = store.readBooking(id, DEMO.channel)
    for (const [event, side] of [
      ['arrival', b.checkIn],
      ['departure', b.checkOut]
    ] as const) {
      if (side.date < from || side.date > to) continue
      const gone = b.status.startsWith('cancelled') || ['expired', 'declined'].includes(b.status)
      ;(gone ? leftOff : listed).push(`${event} ${id} ${side.date}`)
    }
  }
  return { from, to, listed: listed.sort(), leftOff: leftOff.sort() }
}

async function sheetRows(page: Page): Promise<string[]> {
  const rows = page.getByTestId('downtime-row')
  const n = await rows.count()
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const r = rows.nth(i)
    out.push(
      `${await r.getAttribute('data-event')} ${await r.getAttribute('data-booking-id')} ${await r.getAttribute('data-date')}`
    )
  }
  return out.sort()
}

async function openPackFromPalette(page: Page) {
  const search = await openPalette(page)
  await search.fill('downtime')
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Downtime pack/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: /Downtime pack/ })).toBeVisible()
}

test('the downtime pack lists exactly the kept arrivals and departures dated today to three days on, as the sandbox records them, and saves as a PDF', async ({
  page,
  app,
  demo,
  openApp
}) => {
  const stay = soonStay(demo.store)
  const arriving = book(demo.store, stay, 'Haugen')
  const other = soonStay(demo.store, [stay.listingId])
  const cancelled = book(demo.store, other, 'Lunde')
  demo.store.cancel(CALLER, 'guest', {
    bookingId: cancelled,
    reason: 'plans changed',
    message: 'Sorry'
  } as never)
  // Arriving on the fourth date, after the hour of now (the clock starts at 10:00 UTC): listed,
  // as its instant is not known to the hour; and one arriving the day after: not listed.
  const lastDay = soonStay(demo.store, [stay.listingId, other.listingId], [3], '11:00')
  const lastDayArrival = book(demo.store, lastDay, 'Dahl')
  const after = soonStay(demo.store, [stay.listingId, other.listingId, lastDay.listingId], [4])
  const afterArrival = book(demo.store, after, 'Berg')

  await openApp()
  await waitForSync(app)
  await openBookingsScreen(page)
  await expect(recentRows(page)).toHaveCount(demo.demoBookings.length)
  // Read once each, so the app keeps them as it keeps any booking it opens.
  await openBookingById(page, arriving)
  await openBookingById(page, cancelled)
  await openBookingById(page, lastDayArrival)
  await openBookingById(page, afterArrival)
  // Each kept booking with its listing (the booking's read does not name it).
  const kept = new Map([
    ...demo.demoBookings.map((b) => [b.id, b.listingId] as const),
    [arriving, stay.listingId],
    [cancelled, other.listingId],
    [lastDayArrival, lastDay.listingId],
    [afterArrival, after.listingId]
  ])

  await openPackFromPalette(page)
  const sheet = page.getByTestId('downtime-sheet')
  await expect(page.getByTestId('downtime-row').first()).toBeVisible()
  const madeAt = Number(await sheet.getAttribute('data-made-at'))
  const expected = expectedFrom(demo.store, kept, madeAt)

  await test.step('exactly the arrivals and departures the sandbox has on those dates', async () => {
    expect(expected.listed).toContain(`arrival ${arriving} ${stay.from}`)
    expect(expected.listed).toContain(`arrival ${lastDayArrival} ${lastDay.from}`)
    expect(expected.listed).not.toContain(`arrival ${afterArrival} ${after.from}`)
    expect(await sheetRows(page)).toEqual(expected.listed)
  })

  await test.step('the heading says the dates listed and whose clock the times are on', async () => {
    await expect(page.getByTestId('downtime-window')).toHaveText(
      `Arrivals and departures dated ${sentenceDate(expected.from, 'en-GB')} to ${sentenceDate(expected.to, 'en-GB')}: today and the next 3 days.`
    )
    await expect(page.getByTestId('downtime-local-time')).toContainText(
      "Dates and times are the property's local ones: the service gives them without a time zone"
    )
    const days = page.getByRole('heading', { level: 2 })
    const dated = (await days.allTextContents()).filter((t) => t !== 'Not on this sheet')
    expect(dated).toEqual(
      [...new Set(expected.listed.map((l) => l.split(' ')[2]))]
        .sort()
        .map((d) => sentenceDate(d, 'en-GB'))
    )
  })

  await test.step('each row says who comes, where, how to get in and what is paid', async () => {
    const record = demo.store.readBooking(arriving, DEMO.channel)
    const listing = demo.store.listing(stay.listingId)!
    const row = page.locator(
      `[data-testid="downtime-row"][data-booking-id="${arriving}"][data-event="arrival"]`
    )
    await expect(row).toContainText('Ingrid Haugen')
    await expect(row).toContainText('ingrid.haugen@example.org')
    await expect(row).toContainText('+47 912 34 567')
    await expect(row).toContainText(listing.location!.address!)
    await expect(row).toContainText(`Check-in ${listing.instructions!.checkIn}`)
    // The booking's time is the property's local time: the service gives it without a zone.
    await expect(row).toContainText(`${record.checkIn.time} (local time at the property)`)
    await expect(row).not.toContainText(`${record.checkIn.time} UTC`)
    await expect(row).toContainText(record.instructions!.checkinContact!)
    // Status and payment once each, in the booking page's words, not the code beside them.
    const statusLine = `Status: ${bookingStatusLabel(record.status)} · ${paymentStatusLabel(record.paymentStatus!)}`
    await expect(row).toContainText(statusLine)
    await expect(row).not.toContainText(`${record.status} (`)
    await expect(row.getByTestId('downtime-row-age')).toContainText(
      /Copy read from the service .* UTC \(just now\)/
    )
  })

  await test.step('cancelled bookings are left off, and the sheet says so and names them', async () => {
    await expect(sheet).toContainText(
      'Cancelled bookings (cancelled in any way), expired and declined ones are not listed'
    )
    const leftOff = page.getByTestId('downtime-left-off')
    for (const line of expected.leftOff) await expect(leftOff).toContainText(line.split(' ')[1])
    await expect(leftOff).toContainText(`${cancelled}, Cancelled by the guest: arrival`)
    await expect(page.getByTestId('downtime-source')).toContainText('As of')
  })

  await shots(page, 'downtime-pack')
  // As it prints (and goes to PDF): the sheet alone, black on white, without the toolbar.
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' })
  await expect(page.getByRole('button', { name: 'Save as PDF' })).toBeHidden()
  await saveScreenshot(page, 'print-downtime-pack')
  await page.emulateMedia({ media: null, colorScheme: 'light' })

  await test.step('Save as PDF writes the sheet (without the toolbar) only where the person saves it', async () => {
    await page.getByRole('button', { name: 'Save as PDF' }).click()
    await expect.poll(() => app.savedFiles.length).toBe(1)
    expect(app.savedFiles[0].name).toBe(`Downtime pack Demo ${utcDateOf(madeAt)}.pdf`)
    const text = pdfText(app.savedFiles[0].path)
    expect(text).toContain(arriving)
    expect(text).toContain('IngridHaugen')
    expect(text).not.toContain('SaveasPDF')
  })

  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible()
})

test('when the service cannot be reached, the first screen offers the downtime pack', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await waitForSync(app)
  await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible()
  await expect(page.getByTestId('downtime-offer')).toHaveCount(0)

  demo.setFaults({ drop: 1 })
  const refreshed = await app.invoke('listings:refresh', { id: demo.store.listingIds()[0] })
  expect(refreshed.ok).toBe(false)
  await expect(offlineBadge(page)).toBeVisible()
  const offer = page.getByTestId('downtime-offer')
  await expect(offer).toContainText('The downtime pack is ready')
  await shots(page, 'downtime-offer')

  await offer.getByRole('button', { name: 'Open the downtime pack' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Downtime pack/ })).toBeVisible()
  await expect(page.getByTestId('downtime-offline')).toContainText('made from the offline copy')
  await expect(page.getByTestId('downtime-counts')).toBeVisible()
  await shots(page, 'downtime-pack-offline')

  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible()
  await offer.getByRole('button', { name: 'Not now' }).click()
  await expect(offer).toHaveCount(0)

  await test.step('the service answering again takes the offer away', async () => {
    demo.setFaults(null)
    const again = await app.invoke('listings:refresh', { id: demo.store.listingIds()[0] })
    expect(again.ok).toBe(true)
    await expect(offlineBadge(page)).toHaveCount(0)
    await expect(offer).toHaveCount(0)
  })
})
