import { expectAccessible } from './harness/a11y'
import { bookingDetails, openBookingsScreen, recentRows } from './harness/bookings'
import { createHubProfile, startHub } from './harness/hub'
import { useProfile } from './harness/profiles'
import { DEMO, expect, saveScreenshot, test } from './fixtures'

/**
 * Issue 22, bookings found through the team hub: on a team profile the Bookings screen's search
 * finds a booking another agent read (by the guest's name, checked in the sandbox's own
 * records), says who on the team read it, and opens it live; with the hub stopped the copies
 * kept on this computer still list, under a line saying why the team's can't be searched.
 * Light and dark, axe clean. A real hub over loopback in front of the demo sandbox.
 */

for (const scheme of ['light', 'dark'] as const) {
  test(`a team profile's bookings search in the ${scheme} theme`, async ({
    page,
    app,
    demo,
    openApp
  }) => {
    const hub = await startHub(demo)
    try {
      app.secrets.push(hub.tokens.aldo, hub.tokens.dino)
      await page.emulateMedia({ colorScheme: scheme })

      const booking = demo.store.demoBookings().find((b) => b.status === 'confirmed')!
      const truth = demo.store.readBooking(booking.id, DEMO.channel)
      const last = truth.guest!.lastName!
      await test.step('another agent reads a booking through the hub', async () => {
        const res = await fetch(`${hub.base}/test/v1/booking/${booking.id}/${DEMO.channel}`, {
          headers: { authorization: `Bearer ${hub.tokens.dino}` }
        })
        expect(res.status).toBe(200)
      })

      await openApp()
      await createHubProfile(page, { name: 'Team', hub: hub.base, token: hub.tokens.aldo })
      await useProfile(page, 'Team')
      await openBookingsScreen(page)
      const search = page.getByLabel("Search the team's bookings")
      // The pictures show the list itself: scrolled to, once the switch's notices have gone.
      const showList = async () => {
        await expect(page.getByText('Now working on “Team”.')).toBeHidden({ timeout: 10_000 })
        await page
          .getByRole('heading', { name: 'Recent bookings' })
          .evaluate((h) => h.scrollIntoView({ block: 'start' }))
      }

      await test.step("the search finds dino's booking by the guest's name", async () => {
        await search.fill(last.slice(0, 4))
        const row = recentRows(page).and(page.locator(`[data-booking-id="${booking.id}"]`))
        await expect(row).toBeVisible()
        await expect(row.getByTestId('booking-kept-by')).toHaveText('by dino')
        await expect(row).toContainText(`${truth.guest!.firstName} ${last}`)
        await expect(page.getByTestId('recent-source')).toContainText(
          "The team's kept bookings matching the search"
        )
        await showList()
        await saveScreenshot(page, `${scheme}-team-bookings-search`)
        await expectAccessible(page, `${scheme} team bookings search`)
      })

      await test.step('opening it reads it live', async () => {
        await page.getByRole('button', { name: booking.id, exact: true }).click()
        await expect(bookingDetails(page, booking.id)).toBeVisible()
        await expect(page.getByTestId('booking-source')).toHaveAttribute('data-source', 'live')
        await page.getByRole('button', { name: 'Back to the list' }).click()
      })

      await test.step("with the hub stopped, this computer's copies list, saying why", async () => {
        await hub.stop()
        await search.fill(last.slice(0, 3))
        const note = page.getByTestId('recent-note')
        await expect(note).toHaveText(
          /^The team hub can't be reached, so the team's bookings can't be searched now/
        )
        await expect(page.getByRole('alert')).toHaveCount(0)
        await expect(
          recentRows(page).and(page.locator(`[data-booking-id="${booking.id}"]`))
        ).toBeVisible()
        await showList()
        await saveScreenshot(page, `${scheme}-team-bookings-hub-down`)
        await expectAccessible(page, `${scheme} team bookings, hub down`)
      })
    } finally {
      await hub.close()
    }
  })
}
