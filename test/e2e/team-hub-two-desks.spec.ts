import { bookingStatusLabel } from '@shared/domain/booking-status'
import { addDays, utcDateOf } from '@shared/domain/dates'
import type { Locator, Page } from '@playwright/test'
import type { SandboxHandle } from '../../src-main/sandbox'
import { DEMO, expect, saveScreenshot, test as base, type Desk } from './fixtures'
import {
  bookingDetails,
  countStoreCalls,
  openBookingById,
  openBookingsScreen,
  sandboxBooking
} from './harness/bookings'
import { createHubProfile, startHub, type TestHub } from './harness/hub'
import { useProfile } from './harness/profiles'
import { openScreen } from './harness/quote'

/**
 * Issue 22, end to end: two app windows on two team profiles against one hub. Desk A (aldo) and
 * desk B (dino) are two apps, each with its own data folder and its own window, on team profiles
 * of the same hub in front of the demo sandbox. Desk A cancels a booking through its window;
 * desk B, without a click or a reload, shows it within 5 seconds (its booking page, its writes,
 * its watch list), and the Journal screen names aldo. The sandbox's own records say the booking
 * is cancelled and that it received one cancellation; desk B's try at a second is refused.
 */

/** "Within 5 seconds" of the issue: how long desk B may take to show another desk's write. */
const SEEN_WITHIN = { timeout: 5_000 }

const CANCELLED = 'cancelledByGuest'

/** A desk's window on its team profile "Team", signed in to the hub as `user`. */
async function onTeamProfile(desk: Desk, hub: TestHub, user: 'aldo' | 'dino'): Promise<void> {
  desk.app.secrets.push(hub.tokens.aldo, hub.tokens.dino)
  await desk.openApp()
  await createHubProfile(desk.page, { name: 'Team', hub: hub.base, token: hub.tokens[user] })
  await useProfile(desk.page, 'Team')
}

/**
 * A confirmed demo booking with an instalment unpaid and due within the watch list's week: once
 * a desk has read it, its watch list shows it, and a cancellation takes it off.
 */
function cancellableOnWatch(demo: SandboxHandle): string {
  const today = utcDateOf(Date.now())
  const found = demo.store.demoBookings().find((b) => {
    const record = sandboxBooking(demo.store, b.id)
    return (
      record.status === 'confirmed' &&
      (record.instalments ?? []).some(
        (i) =>
          i.status !== 'paid' &&
          typeof i.dueDate === 'string' &&
          i.dueDate >= today &&
          i.dueDate <= addDays(today, 7)
      )
    )
  })
  expect(found, 'a confirmed demo booking with an instalment due this week').toBeDefined()
  return found!.id
}

/** Desk A cancels the booking on its screen for the guest, and sees it done. */
async function cancelFromWindow(page: Page, id: string): Promise<Locator> {
  await bookingDetails(page, id).getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${id}` })
  await expect(dialog.getByTestId('refund-estimate')).toBeVisible()
  await dialog.getByRole('radio', { name: 'The guest' }).check()
  await dialog.getByLabel('Reason').fill('The guest’s flight was cancelled')
  await dialog
    .getByLabel('Message to the other party')
    .fill('We are sorry: the stay is cancelled. The refund follows the policy.')
  await dialog.getByRole('button', { name: 'Send cancellation' }).click()
  const outcome = dialog.getByTestId('cancel-outcome')
  await expect(outcome).toHaveAttribute('data-outcome', 'done')
  return dialog
}

/** Desk A (aldo) and desk B (dino), each on its team profile of one hub, and the booking. */
interface Team {
  a: Desk
  b: Desk
  /** The confirmed demo booking both open (cancellableOnWatch). */
  id: string
}

const test = base.extend<{ team: Team }>({
  team: async ({ page, app, openApp, demo, anotherDesk }, use) => {
    const hub = await startHub(demo)
    try {
      const a: Desk = { app, page, openApp }
      const b = await anotherDesk()
      await onTeamProfile(a, hub, 'aldo')
      await onTeamProfile(b, hub, 'dino')
      await use({ a, b, id: cancellableOnWatch(demo) })
    } finally {
      await hub.close()
    }
  }
})

// Two apps and two windows in one test: twice a single desk's start-up, on two shared cores.
test.describe.configure({ timeout: 150_000 })

test('one desk cancels a booking; the other, on the same hub, shows it without a click', async ({
  demo,
  team: { a: deskA, b: deskB, id }
}) => {
  const cancels = countStoreCalls(demo.store, 'cancel')

  await test.step('both desks open the same confirmed booking', async () => {
    for (const desk of [deskA, deskB]) {
      await openBookingsScreen(desk.page)
      await openBookingById(desk.page, id)
      await expect(bookingDetails(desk.page, id)).toHaveAttribute('data-status', 'confirmed')
    }
  })

  await test.step('desk A cancels it from its window', async () => {
    const dialog = await cancelFromWindow(deskA.page, id)
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(bookingDetails(deskA.page, id)).toHaveAttribute('data-status', CANCELLED)
  })

  await test.step('desk B shows the cancellation within 5 s, untouched', async () => {
    const details = bookingDetails(deskB.page, id)
    await expect(details).toHaveAttribute('data-status', CANCELLED, SEEN_WITHIN)
    await expect(details).toContainText(bookingStatusLabel(CANCELLED), SEEN_WITHIN)
    // The booking page's writes: the team journal's cancellation, done, and who sent it.
    const done = details
      .getByTestId('booking-write')
      .and(deskB.page.locator('[data-outcome="done"]'))
    await expect(done).toHaveCount(1, SEEN_WITHIN)
    await expect(done).toContainText(/^Cancel booking · sent .* by aldo · Done$/)
    await expect(details.getByRole('region', { name: 'Writes through the team hub' })).toBeVisible()
  })

  await test.step('the service holds it cancelled, from one cancellation', async () => {
    expect(sandboxBooking(demo.store, id).status).toBe(CANCELLED)
    expect(cancels()).toBe(1)
  })

  await test.step("desk B's journal names aldo as who cancelled it", async () => {
    await openScreen(deskB.page, 'Journal')
    const rows = deskB.page.getByTestId('journal-row')
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText(id)
    await expect(rows.first().getByTestId('journal-person')).toHaveText('aldo')
    await saveScreenshot(deskB.page, 'light-team-two-desks-b-journal')
  })

  await test.step('desk B trying to cancel it again is told who did, and nothing is sent', async () => {
    await openBookingsScreen(deskB.page)
    await openBookingById(deskB.page, id)
    await expect(bookingDetails(deskB.page, id)).toHaveAttribute('data-status', CANCELLED)
    await bookingDetails(deskB.page, id).getByRole('button', { name: 'Cancel booking' }).click()
    const dialog = deskB.page.getByRole('dialog', { name: `Cancel booking ${id}` })
    await expect(dialog.getByTestId('likely-refused')).toBeVisible()
    await dialog.getByRole('radio', { name: 'The property manager' }).check()
    await dialog.getByLabel('Reason').fill('Asked twice')
    await dialog.getByLabel('Message to the other party').fill('A second try')
    await dialog.getByRole('button', { name: 'Send cancellation' }).click()
    // The hub refuses a second cancellation of a booking done through it minutes ago, and
    // says who sent the first: the service never sees it.
    const outcome = dialog.getByTestId('cancel-outcome')
    await expect(outcome.getByTestId('service-message')).toHaveText(
      new RegExp(`^aldo sent a cancellation of ${id} `)
    )
    // Its title names who refused it: the hub, which sent nothing, not the service; and says
    // so once, not again in the sentence under it.
    await expect(outcome).toContainText('The team hub did not send the cancellation')
    expect((await outcome.innerText()).match(/did not send/g)).toHaveLength(1)
    await expect(outcome).not.toContainText('The service refused')
    // The booking as read again came through the hub too.
    await expect(outcome.getByTestId('reread-state')).toContainText(
      'Live from the service through the team hub, read'
    )
    await expect(outcome).toContainText('its outcome is done')
    await expect(outcome).toContainText('Nothing was cancelled.')
    await saveScreenshot(deskB.page, 'light-team-two-desks-b-cancel-again')
    expect(cancels()).toBe(1)
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(dialog).toBeHidden()
  })

  // Both windows at the end; desk B's at its booking page's cancellation and writes.
  await saveScreenshot(deskA.page, 'light-team-two-desks-a')
  await bookingDetails(deskB.page, id).getByTestId('booking-writes').scrollIntoViewIfNeeded()
  await saveScreenshot(deskB.page, 'light-team-two-desks-b')
})

test("one desk's cancellations leave the other desk's watch list and join its journal, without a click", async ({
  demo,
  team: { a: deskA, b: deskB, id }
}) => {
  await test.step("desk B's watch list drops the booking desk A cancels", async () => {
    await openBookingsScreen(deskA.page)
    await openBookingById(deskA.page, id)
    // Desk B has read the booking (so keeps it) and is back on its lists.
    await openBookingsScreen(deskB.page)
    await openBookingById(deskB.page, id)
    await deskB.page.getByRole('button', { name: 'Back to the list' }).click()
    const watched = deskB.page
      .getByTestId('watch-instalments-due')
      .getByTestId('watch-item')
      .and(deskB.page.locator(`[data-booking-id="${id}"]`))
    await expect(watched).toHaveCount(1)

    await cancelFromWindow(deskA.page, id)
    await expect(watched).toHaveCount(0, SEEN_WITHIN)
    await saveScreenshot(deskB.page, 'light-team-two-desks-b-watch')
    expect(sandboxBooking(demo.store, id, DEMO.channel).status).toBe(CANCELLED)
  })

  await test.step("desk B's open Journal screen lists desk A's next cancellation", async () => {
    await openScreen(deskB.page, 'Journal')
    const rows = deskB.page.getByTestId('journal-row')
    await expect(rows).toHaveCount(1)
    const other = demo.store
      .demoBookings()
      .find((b) => b.id !== id && sandboxBooking(demo.store, b.id).status === 'confirmed')!.id
    await deskA.page.getByRole('button', { name: 'Close', exact: true }).click()
    await openBookingById(deskA.page, other)
    await cancelFromWindow(deskA.page, other)
    await expect(rows).toHaveCount(2, SEEN_WITHIN)
    await expect(rows.first()).toContainText(other, SEEN_WITHIN)
    await expect(rows.first().getByTestId('journal-person')).toHaveText('aldo')
    expect(sandboxBooking(demo.store, other).status).toBe(CANCELLED)
  })
})
