import { expectAccessible } from './harness/a11y'
import { cancelThroughHub, startHub } from './harness/hub'
import { profileCard, testConnection, useProfile } from './harness/profiles'
import { openScreen } from './harness/quote'
import { navTo } from './harness/screens'
import { DEMO, expect, saveScreenshot, test } from './fixtures'

/**
 * Issue 22 part 4, the team hub's screens: the profile form connecting through a team hub, and
 * the Journal screen of a team profile (the team's journal with who sent each write), light and
 * dark, axe clean. A real hub over loopback in front of the demo sandbox; another agent's write
 * is made through the hub directly and checked against the sandbox's own records.
 */

for (const scheme of ['light', 'dark'] as const) {
  test(`a team profile's form and team journal in the ${scheme} theme`, async ({
    page,
    app,
    demo,
    openApp
  }) => {
    const hub = await startHub(demo)
    try {
      app.secrets.push(hub.tokens.aldo, hub.tokens.dino)
      await page.emulateMedia({ colorScheme: scheme })
      await openApp()

      await test.step('the profile form, connecting through a team hub', async () => {
        await navTo(page, 'Profiles')
        await page.getByRole('button', { name: 'New profile' }).click()
        const form = page.getByRole('form', { name: 'New profile' })
        await form.getByLabel('Name').fill('Team')
        await form.locator('label', { hasText: /^Through a team hub$/ }).click()
        await form.getByLabel('Hub address').fill(hub.base)
        await form.getByLabel('Sales channel').fill(DEMO.channel)
        await form.getByLabel('Hub token', { exact: true }).fill(hub.tokens.aldo)
        await saveScreenshot(page, `${scheme}-profile-form-hub`)
        await expectAccessible(page, `${scheme} profile form through a team hub`)
        await form.getByRole('button', { name: 'Create profile' }).click()
        await expect(form).toBeHidden()
      })

      await test.step('the connection test says who the hub knows', async () => {
        const verdict = await testConnection(profileCard(page, 'Team'))
        await expect(verdict).toContainText('Signed in to the team hub as aldo (agent).')
      })

      const booking = demo.store.demoBookings().find((b) => b.status === 'confirmed')!
      await test.step('another agent cancels a booking through the hub', async () => {
        const res = await cancelThroughHub(hub, 'dino', booking.id)
        expect(res.status).toBe(200)
        expect(demo.store.readBooking(booking.id, DEMO.channel).status).toBe('cancelledByGuest')
      })

      await test.step("the team journal names dino's cancellation", async () => {
        await useProfile(page, 'Team')
        await openScreen(page, 'Journal')
        const rows = page.getByTestId('journal-row')
        await expect(rows).toHaveCount(1)
        await expect(rows.first().getByTestId('journal-person')).toHaveText('dino')
        await expect(page.getByRole('columnheader', { name: 'Person' })).toBeVisible()
        await saveScreenshot(page, `${scheme}-team-journal`)
        await expectAccessible(page, `${scheme} team journal`)
      })
    } finally {
      await hub.close()
    }
  })
}
