import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connectHubDatabase, migrateHubDatabase } from '../../src-hub/db/connect'
import { catalogRoutes } from '../../src-hub/catalog/routes'
import { createHubLog } from '../../src-hub/log'
import { createHubApp, serveHub } from '../../src-hub/server'
import { createToken } from '../../src-hub/tokens'
import { createUpstream } from '../../src-hub/upstream'
import { addUser } from '../../src-hub/users'
import { registerTeamRoutes } from '../../src-hub/writes/team-routes'
import type { SandboxHandle } from '../../src-main/sandbox'
import { expectAccessible } from './harness/a11y'
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

async function startHub(service: SandboxHandle) {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-e2e-hub-'))
  const hub = await connectHubDatabase({ dataDir: join(dir, 'data') })
  await migrateHubDatabase(hub.db)
  const tokens: Record<string, string> = {}
  for (const name of ['aldo', 'dino']) {
    await addUser(hub.db, name, 'agent')
    tokens[name] = (await createToken(hub.db, name)).token
  }
  const log = createHubLog({ destination: { write: () => undefined } })
  const config = { baseUrl: service.url, token: DEMO.token, salesChannel: DEMO.channel }
  const upstreams = {
    test: createUpstream('test', config),
    production: createUpstream('production', config)
  }
  const app = createHubApp({ db: hub.db, kind: hub.kind, log, upstreams }, [
    registerTeamRoutes,
    catalogRoutes()
  ])
  const served = await serveHub(app, { port: 0, host: '127.0.0.1' })
  return {
    base: `http://127.0.0.1:${served.port}`,
    tokens,
    async close() {
      await served.close()
      await hub.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

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
        const res = await fetch(`${hub.base}/test/v1/booking/guest/cancel`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${hub.tokens.dino}`,
            'content-type': 'application/json'
          },
          body: JSON.stringify({
            bookingId: booking.id,
            by: 'guest',
            reason: 'Guest asked',
            message: 'Sorry to see you go',
            salesChannel: DEMO.channel
          })
        })
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
