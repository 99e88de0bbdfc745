import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SandboxHandle } from '../../src-main/sandbox'
import { expectAccessible } from './harness/a11y'
import { bookingDetails, openBookingById, openBookingsScreen, recentRows } from './harness/bookings'
import { cancelThroughHub, createHubProfile, startHub } from './harness/hub'
import { profileCard, testConnection, useProfile } from './harness/profiles'
import { openScreen } from './harness/quote'
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
      // The line under the title says who reads the bookings: the team hub, from the service.
      await expect(
        page.getByText(/^Bookings are read live through the team hub, from the service, and kept/)
      ).toBeVisible()
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
        await expect(page.getByTestId('booking-source')).toHaveText(
          /^Live from the service through the team hub, read /
        )
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

/**
 * A front for the service that answers a cancellation with an internal error without passing it
 * on (the hub records the write's outcome as unknown) and passes every read through.
 */
async function cancelsFail(
  service: SandboxHandle
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.endsWith('/cancel')) {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Internal error' }))
      return
    }
    void fetch(`${service.url}${req.url}`, {
      method: req.method,
      headers: { authorization: req.headers.authorization ?? '' }
    }).then(async (answer) => {
      // fetch has already decoded the body: its length and encoding headers no longer hold.
      const headers = [...answer.headers].filter(
        ([name]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(name)
      )
      res.writeHead(answer.status, Object.fromEntries(headers))
      res.end(Buffer.from(await answer.arrayBuffer()))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done()))
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a viewer's team journal greys out settling, saying why, in the ${scheme} theme`, async ({
    page,
    app,
    demo,
    openApp
  }) => {
    const front = await cancelsFail(demo)
    const hub = await startHub(
      { ...demo, url: front.url },
      {
        users: { aldo: 'agent', vera: 'viewer' }
      }
    )
    try {
      app.secrets.push(hub.tokens.aldo, hub.tokens.vera)
      await page.emulateMedia({ colorScheme: scheme })
      const booking = demo.store.demoBookings().find((b) => b.status === 'confirmed')!

      await test.step("an agent's cancellation ends unknown at the hub", async () => {
        const res = await cancelThroughHub(hub, 'aldo', booking.id)
        expect(res.status).toBe(502)
        expect(demo.store.readBooking(booking.id, DEMO.channel).status).toBe('confirmed')
      })

      await openApp()
      await createHubProfile(page, { name: 'Team', hub: hub.base, token: hub.tokens.vera })
      await expect(await testConnection(profileCard(page, 'Team'))).toContainText(
        'Signed in to the team hub as vera (viewer).'
      )
      await useProfile(page, 'Team')

      await test.step('the unknown write shows, its settling greyed out with the reason', async () => {
        await openScreen(page, 'Journal')
        const row = page.getByTestId('journal-row')
        await expect(row).toHaveCount(1)
        await expect(row).toHaveAttribute('data-outcome', 'unknown')
        await row.getByRole('button', { name: 'Details' }).click()
        const detail = page.getByRole('dialog')
        await expect(detail.getByRole('button', { name: 'Mark settled…' })).toBeDisabled()
        await expect(detail.getByTestId('role-refusal')).toHaveText(
          'Your role on the team hub (viewer) may not settle writes: it needs the agent role.'
        )
        await expect(detail.getByTestId('journal-sent-by')).toHaveText('aldo')
        await expect(page.getByText('Now working on “Team”.')).toBeHidden({ timeout: 10_000 })
        await saveScreenshot(page, `${scheme}-team-journal-viewer-settle`)
        await expectAccessible(page, `${scheme} team journal, a viewer's unknown write`)
        await detail.getByRole('button', { name: 'Close write details' }).click()
      })

      await test.step("a viewer's Cancel booking is greyed out, the reason its description", async () => {
        await openBookingsScreen(page)
        await openBookingById(page, booking.id)
        const details = bookingDetails(page, booking.id)
        const cancel = details.getByRole('button', { name: 'Cancel booking' })
        await expect(cancel).toBeDisabled()
        await expect(cancel).toHaveAccessibleDescription(
          'Your role on the team hub (viewer) may not cancel bookings: it needs the agent role.'
        )
        // Said once, beside the button (the write not settled has its own reason beside it).
        await expect(
          details.getByTestId('role-refusal').filter({ hasText: 'may not cancel bookings' })
        ).toHaveCount(1)
        await saveScreenshot(page, `${scheme}-team-booking-viewer`)
        await expectAccessible(page, `${scheme} booking page of a team viewer`)
      })

      await test.step('with the hub stopped, the journal says so as an outage', async () => {
        await openScreen(page, 'Journal')
        await hub.stop()
        await page.getByLabel('Person').fill('aldo')
        const problem = page.getByTestId('booking-problem')
        await expect(problem).toContainText('The journal could not be read')
        await expect(problem).toContainText(
          "The team hub can't be reached: check your connection, or ask whoever runs the hub."
        )
        const text = (await problem.textContent()) ?? ''
        expect(text.split("The team hub can't be reached").length - 1, 'said once').toBe(1)
        await expect(problem).toHaveAttribute('role', 'status')
        await expect(page.getByRole('alert')).toHaveCount(0)
        await saveScreenshot(page, `${scheme}-team-journal-hub-down`)
        await expectAccessible(page, `${scheme} team journal, hub down`)
      })
    } finally {
      await hub.close()
      await front.close()
    }
  })
}
