import { expect, saveScreenshot, test } from './fixtures'
import { expectAccessible } from './harness/a11y'
import { openPalette } from './harness/screens'

/** About StayDesk: what support asks for first, reachable from the menu, the palette and the nav. */
test('About names the version, the data folder and the active profile’s service', async ({
  page,
  app,
  demo,
  openApp
}) => {
  await openApp()
  await page.getByRole('button', { name: /^About StayDesk / }).click()
  const dialog = page.getByRole('dialog', { name: 'About StayDesk' })
  await expect(dialog).toBeVisible()
  const field = (label: string) => dialog.locator(`td[data-field="${label}"]`)
  await expect(field('Version')).toHaveText('StayDesk 0.0.0-e2e')
  // The harness runs main from its sources: no build stamp, said in words.
  await expect(field('Build')).toHaveText('Development build (run from the sources)')
  await expect(field('Data folder')).toContainText(app.dataDir)
  await expect(field('Active profile')).toContainText('Demo')
  await expect(field('Service address')).toHaveText(demo.url)
  await expect(field('Sales channel')).toHaveText('DEMO')
  await expect(field('Runtime')).toContainText(`Node ${process.versions.node}`)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await saveScreenshot(page, `${scheme}-about`)
    await expectAccessible(page, `About, ${scheme}`)
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  const search = await openPalette(page)
  await search.fill('about')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')

  // Help › About in the native menu sends the window 'app:menu'.
  app.events.emit('app:menu', { item: 'about' })
  await expect(dialog).toBeVisible()
})
