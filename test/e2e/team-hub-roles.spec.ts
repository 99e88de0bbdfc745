import type { Page } from '@playwright/test'
import { expectAccessible } from './harness/a11y'
import { createHubProfile, startHub as startTestHub } from './harness/hub'
import { profileCard, useProfile } from './harness/profiles'
import { importCsv, openImportTab, openScreen, singleForm } from './harness/references'
import { waitForSync } from './harness/start'
import { expect, saveScreenshot, test, type E2eApp } from './fixtures'

/**
 * Issue 22: a viewer's desk on a team profile. What the role may not do is greyed out with the
 * reason beside it (the control's accessible description, not colour alone): a viewer reads, and
 * neither asks quotes, books nor sets references. The data-age lines say the copy comes from the
 * team hub, and with the hub stopped that the team hub can't be reached. A real hub over
 * loopback in front of the demo sandbox, its catalog synced once before the desk starts.
 */

const ASK_REFUSED =
  'Your role on the team hub (viewer) may not ask for quotes: it needs the agent role.'
const SET_REFUSED =
  'Your role on the team hub (viewer) may not set listing references: it needs the manager role.'

/** A hub with a viewer, an agent and a manager, its catalog synced once before the desk starts. */
const startHub = (service: Parameters<typeof startTestHub>[0]) =>
  startTestHub(service, {
    users: { vera: 'viewer', aldo: 'agent', mia: 'manager' },
    syncFirst: true
  })

/** A test profile named `name` through the hub with `token`, made the active one and synced. */
async function useTeamProfile(
  page: Page,
  app: E2eApp,
  p: { name: string; hub: string; token: string }
): Promise<void> {
  await createHubProfile(page, p)
  await useProfile(page, p.name)
  await waitForSync(app)
}

async function openQuote(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Quote' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Quote' })).toBeVisible()
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a viewer's team profile greys out writes and says the team hub, ${scheme} theme`, async ({
    page,
    app,
    demo,
    openApp
  }) => {
    const hub = await startHub(demo)
    try {
      app.secrets.push(...Object.values(hub.tokens))
      await page.emulateMedia({ colorScheme: scheme })
      await openApp()

      await test.step('a test profile through the team hub, with the viewer vera’s token', async () => {
        await useTeamProfile(page, app, { name: 'Team', hub: hub.base, token: hub.tokens.vera! })
      })

      await test.step('the quote screen: Get quote greyed out, with why', async () => {
        await openQuote(page)
        const ask = page.getByRole('button', { name: 'Get quote' })
        await expect(ask).toBeDisabled()
        await expect(ask).toHaveAccessibleDescription(ASK_REFUSED)
        await expect(page.getByText(ASK_REFUSED)).toBeVisible()
        // The copy's line names where it was synced from.
        await expect(page.getByTestId('data-age')).toHaveText(
          /^Offline copy from the team hub, synced (just now|\d+ (second|minute)s? ago)$/
        )
        await saveScreenshot(page, `${scheme}-team-viewer-quote`)
        await expectAccessible(page, `${scheme} quote screen of a team viewer`)
      })

      await test.step('references: Set reference and the file’s apply greyed out, with why', async () => {
        await openScreen(page, 'References')
        const set = singleForm(page).getByRole('button', { name: 'Set reference' })
        await expect(set).toBeDisabled()
        await expect(set).toHaveAccessibleDescription(SET_REFUSED)
        await expect(page.getByTestId('data-age')).toContainText('Offline copy from the team hub')
        await saveScreenshot(page, `${scheme}-team-viewer-references`)
        await expectAccessible(page, `${scheme} references screen of a team viewer`)

        const id = demo.store.listingIds()[0]!
        await openImportTab(page)
        await importCsv(page, 'refs.csv', `listingId,reference,url,status\n${id},TEAM-1,,\n`)
        const apply = page.getByRole('button', { name: 'Apply 1 change' })
        await expect(apply).toBeDisabled()
        await expect(apply).toHaveAccessibleDescription(SET_REFUSED)
        await expectAccessible(page, `${scheme} references import of a team viewer`)
      })

      await test.step('the hub stopped: the lines say the team hub can’t be reached', async () => {
        await hub.stop()
        await openScreen(page, 'Sync')
        await page.getByTestId('sync-now').click()
        await expect(page.getByTestId('offline-banner')).toContainText(
          "The team hub can't be reached; you are working on the offline copy from"
        )
        await expect(page.getByTestId('offline-banner')).not.toContainText('service')
        await openQuote(page)
        const line = page.getByTestId('data-age')
        await expect(line).toContainText('Offline copy from the team hub, synced')
        await expect(line).toContainText("the team hub can't be reached right now")
        await expect(line).not.toContainText('service')
        await expect(line).toHaveAttribute('data-tone', 'offline')
        await expect(page.getByTestId('offline-indicator')).toBeVisible()
        await saveScreenshot(page, `${scheme}-team-viewer-hub-down`)
        await expectAccessible(page, `${scheme} quote screen with the team hub down`)
      })
    } finally {
      await hub.close()
    }
  })
}

test('an agent may ask quotes but not set references; a manager may set them', async ({
  page,
  app,
  demo,
  openApp
}) => {
  const hub = await startHub(demo)
  try {
    app.secrets.push(...Object.values(hub.tokens))
    await openApp()

    await test.step('the agent aldo: Get quote open, references greyed out with why', async () => {
      await useTeamProfile(page, app, { name: 'Aldo', hub: hub.base, token: hub.tokens.aldo! })
      await openQuote(page)
      await expect(page.getByRole('button', { name: 'Get quote' })).toBeEnabled()
      await expect(page.getByTestId('role-refusal')).toHaveCount(0)
      await openScreen(page, 'References')
      const set = singleForm(page).getByRole('button', { name: 'Set reference' })
      await expect(set).toHaveAccessibleDescription(
        'Your role on the team hub (agent) may not set listing references: it needs the manager role.'
      )
      await expect(set).toBeDisabled()
    })

    await test.step('the manager mia: references can be set', async () => {
      await useTeamProfile(page, app, { name: 'Mia', hub: hub.base, token: hub.tokens.mia! })
      // The role is known (the hub's whoami answered), so no refusal below is only its absence.
      await expect(profileCard(page, 'Mia')).toContainText('signed in as mia (manager)')
      await openScreen(page, 'References')
      await expect(page.getByTestId('role-refusal')).toHaveCount(0)
      const set = singleForm(page).getByRole('button', { name: 'Set reference' })
      await expect(set).not.toHaveAttribute('aria-describedby')
    })
  } finally {
    await hub.close()
  }
})
