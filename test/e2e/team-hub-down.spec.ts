import { HUB_UNREACHABLE } from '@shared/hub/words'
import { expectAccessible } from './harness/a11y'
import { bookingDetails, openBookingById, openBookingsScreen } from './harness/bookings'
import { createHubProfile, startHub } from './harness/hub'
import { useProfile } from './harness/profiles'
import { navTo } from './harness/screens'
import { expect, saveScreenshot, test } from './fixtures'

/**
 * Issue 22, task H10: with the team hub down, a team profile's screens say nothing untrue. The
 * booking page says the team's writes can't be read (not that nobody made any), the Sync
 * screen's table, the Journal and the bookings search name the hub's outage once and say only
 * what holds, and every sentence reads as one. Light and dark, axe clean. A real hub over
 * loopback in front of the demo sandbox, stopped mid-test.
 */

for (const scheme of ['light', 'dark'] as const) {
  test(`a team profile with its hub down in the ${scheme} theme`, async ({
    page,
    app,
    demo,
    openApp
  }) => {
    const hub = await startHub(demo, { syncFirst: true })
    try {
      app.secrets.push(hub.tokens.aldo!, hub.tokens.dino!)
      await page.emulateMedia({ colorScheme: scheme })
      const cancelled = demo.store.demoBookings().find((b) => b.status.startsWith('cancelled'))!

      await openApp()
      await createHubProfile(page, { name: 'Team', hub: hub.base, token: hub.tokens.aldo! })
      await useProfile(page, 'Team')
      await openBookingsScreen(page)
      // Read once through the hub, so a copy is kept on this computer.
      await openBookingById(page, cancelled.id)
      await expect(page.getByTestId('booking-source')).toHaveAttribute('data-source', 'live')
      await page.getByRole('button', { name: 'Back to the list' }).click()
      await hub.stop()

      await test.step('the booking page: the team’s writes can’t be read, not “none”', async () => {
        // After a reload nothing is cached: the page has only the kept copy and the failed reads.
        await page.reload()
        await expect(page.locator('[data-app-state="ready"]')).toBeVisible()
        await openBookingsScreen(page)
        await openBookingById(page, cancelled.id)
        const details = bookingDetails(page, cancelled.id)
        await expect(page.getByTestId('booking-source')).toHaveAttribute('data-source', 'copy')
        const writes = details.getByTestId('booking-writes')
        await expect(writes).toContainText(
          `The team’s writes on this booking can’t be read right now. ${HUB_UNREACHABLE}`
        )
        await expect(writes).not.toContainText('holds no write')
        const cancellation = details.getByTestId('cancellation-unknown')
        await expect(cancellation).toContainText('can’t be read right now')
        await expect(cancellation).not.toContainText('this one was not')
        // The kept copy's line: "… (just now). The team hub can't be reached: …", one colon.
        await expect(page.getByTestId('booking-source')).not.toContainText(`: ${HUB_UNREACHABLE}`)
        await writes.scrollIntoViewIfNeeded()
        await saveScreenshot(page, `${scheme}-team-hub-down-booking`)
        await expectAccessible(page, `${scheme} booking, team hub down`)
        await details.getByRole('button', { name: 'Back to the list' }).click()
      })

      await test.step('the bookings search: its empty state is the local search’s', async () => {
        await page.getByLabel("Search the team's bookings").fill('Zzqx')
        await expect(page.getByTestId('recent-note')).toContainText('kept on this computer')
        const empty = page.getByTestId('recent-empty')
        await expect(empty).toContainText('among the copies kept on this computer')
        await expect(empty).not.toContainText('someone on the team')
      })

      await test.step('the Sync screen names the team hub, in its table and its toast', async () => {
        await navTo(page, 'Sync')
        await page.getByTestId('sync-now').click()
        const toast = page
          .locator('.mantine-Notifications-notification')
          .filter({ hasText: 'Working offline' })
        await expect(toast).toBeVisible({ timeout: 30_000 })
        await expect(toast).toContainText(`rates not updated. ${HUB_UNREACHABLE}`)
        await expect(toast).not.toContainText(`: ${HUB_UNREACHABLE}`)
        const table = page.getByTestId('sync-status-table')
        await expect(table.getByText(HUB_UNREACHABLE, { exact: true })).toHaveCount(3)
        await expect(table).not.toContainText("The service can't be reached")
        await saveScreenshot(page, `${scheme}-team-hub-down-sync`)
        await expectAccessible(page, `${scheme} sync, team hub down`)
      })

      await test.step('the Journal: no count above “could not be read”, one sentence once', async () => {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Journal' })
          .click()
        await expect(page.getByText('The journal could not be read')).toBeVisible()
        await expect(page.getByTestId('journal-count')).toHaveCount(0)
        await page.getByRole('button', { name: 'Export CSV' }).click()
        const toast = page
          .locator('.mantine-Notifications-notification')
          .filter({ hasText: 'Export journal' })
        await expect(toast).toBeVisible()
        await expect(toast).not.toContainText(`Export journal: ${HUB_UNREACHABLE}`)
        await expect(toast.getByText(HUB_UNREACHABLE)).toHaveCount(1)
        await saveScreenshot(page, `${scheme}-team-hub-down-journal`)
        await expectAccessible(page, `${scheme} journal, team hub down`)
      })
    } finally {
      await hub.close()
    }
  })
}
