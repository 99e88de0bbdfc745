import { startHub } from './harness/hub'
import { profileCard, testConnection, useProfile } from './harness/profiles'
import { openScreen } from './harness/quote'
import { navTo } from './harness/screens'
import { DEMO, expect, test } from './fixtures'
import { lightTheme, shotOf, shotSection, shotWindow } from './user-guide-shots'

/**
 * docs/user-guide.md, section "Team hub": a desk joining a team hub (the profile form and the
 * connection test naming the user and role), the team's journal with who sent each write, and
 * the Bookings screen searching the team's kept bookings. A real hub over loopback in front of
 * the demo sandbox; dino's write is made through the hub and checked in the sandbox's records.
 */

test('a desk joins the team hub, reads the team journal and finds a booking another agent read', async ({
  page,
  app,
  demo,
  openApp
}) => {
  const hub = await startHub(demo, { users: { ana: 'agent', dino: 'agent' }, syncFirst: true })
  try {
    app.secrets.push(hub.tokens.ana, hub.tokens.dino)
    await lightTheme(page)
    await openApp()

    await test.step('the profile form, connecting through a team hub', async () => {
      await navTo(page, 'Profiles')
      await page.getByRole('button', { name: 'New profile' }).click()
      const form = page.getByRole('form', { name: 'New profile' })
      await form.getByLabel('Name').fill('Team desk')
      await form.locator('label', { hasText: /^Through a team hub$/ }).click()
      await form.getByLabel('Hub address').fill(hub.base)
      await form.getByLabel('Sales channel').fill(DEMO.channel)
      await form.getByLabel('Hub token', { exact: true }).fill(hub.tokens.ana)
      await shotOf(page.getByRole('dialog'), 'team-profile-form')
      await form.getByRole('button', { name: 'Create profile' }).click()
      await expect(form).toBeHidden()
    })

    await test.step('the connection test says who the hub knows you as', async () => {
      const card = profileCard(page, 'Team desk')
      const verdict = await testConnection(card)
      await expect(verdict).toContainText('Signed in to the team hub as ana (agent).')
      await shotOf(card, 'team-profile-card')
    })

    const [cancelled, read] = demo.store.demoBookings().filter((b) => b.status === 'confirmed')
    await test.step('dino cancels one booking and reads another through the hub', async () => {
      const headers = {
        authorization: `Bearer ${hub.tokens.dino}`,
        'content-type': 'application/json'
      }
      const res = await fetch(`${hub.base}/test/v1/booking/guest/cancel`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          bookingId: cancelled.id,
          by: 'guest',
          reason: 'Guest asked',
          message: 'Plans changed, sorry',
          salesChannel: DEMO.channel
        })
      })
      expect(res.status).toBe(200)
      expect(demo.store.readBooking(cancelled.id, DEMO.channel).status).toBe('cancelledByGuest')
      const reading = await fetch(`${hub.base}/test/v1/booking/${read.id}/${DEMO.channel}`, {
        headers
      })
      expect(reading.status).toBe(200)
    })

    await test.step('the team journal names who sent each write', async () => {
      await useProfile(page, 'Team desk')
      await openScreen(page, 'Journal')
      const rows = page.getByTestId('journal-row')
      await expect(rows).toHaveCount(1)
      await expect(rows.first().getByTestId('journal-person')).toHaveText('dino')
      await shotWindow(page, 'team-journal')
    })

    await test.step("the Bookings screen finds the booking dino read, by the guest's name", async () => {
      await openScreen(page, 'Bookings')
      const guest = read.guestName ?? read.id
      const search = page.getByLabel("Search the team's bookings")
      await search.fill(guest.split(' ')[0])
      await expect(page.getByText(read.id).first()).toBeVisible()
      await expect(page.getByText('by dino').first()).toBeVisible()
      await shotSection(
        page.getByRole('region', { name: 'Recent bookings' }),
        'team-bookings-search'
      )
    })
  } finally {
    await hub.close()
  }
})
