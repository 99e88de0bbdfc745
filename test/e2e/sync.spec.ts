import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { DEMO, expect, test } from './fixtures'
import { listingRows, navTo } from './harness/screens'
import type { Page } from '@playwright/test'

/** The Sync screen once the start-up sync has finished (Sync now is enabled again). */
async function openSyncAfterFirstSync(page: Page): Promise<void> {
  await navTo(page, 'Sync')
  await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled()
  await expect(page.getByTestId('sync-status-listings')).toContainText(String(DEMO.listings))
}

test('a sync shows its progress with counts and ends up to date', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await openSyncAfterFirstSync(page)
  // Every request of the service now takes a while, so the run is long enough to watch.
  demo.setFaults({ latencyMs: 400 })

  await page.getByRole('button', { name: 'Full resync' }).click()
  await page.getByRole('button', { name: 'Start full resync' }).click()

  await test.step('while it runs: a progress bar, counts, and the buttons say so', async () => {
    const panel = page.getByTestId('sync-progress')
    await expect(panel).toContainText('Sync in progress')
    await expect(panel.getByRole('progressbar').first()).toBeVisible()
    await expect(panel.getByTestId('sync-progress-listings')).toContainText(/\d+ pages? · \d+/)
    await expect(page.getByRole('button', { name: 'Cancel sync' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeDisabled()
  })

  await test.step('when it ends: every resource done, synced just now, no errors', async () => {
    const panel = page.getByTestId('sync-progress')
    for (const r of SYNC_RESOURCES) {
      await expect(panel.getByTestId(`sync-progress-${r}`)).toHaveAttribute('data-state', 'done', {
        timeout: 30_000
      })
      const row = page.getByTestId(`sync-status-${r}`)
      await expect(row).toContainText(String(DEMO.listings))
      await expect(row).toContainText('None')
    }
    await expect(panel).toContainText('Last run')
    await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled()
    await expect(page.getByText('Full resync finished')).toBeVisible()
    await expect(page.getByTestId('offline-banner')).toHaveCount(0)
  })
})

test('with the service unreachable the app says offline and keeps showing the mirror', async ({
  page,
  demo,
  openApp
}) => {
  await openApp()
  await openSyncAfterFirstSync(page)
  await demo.close()

  await page.getByRole('button', { name: 'Sync now' }).click()

  await test.step('the Sync screen says offline, in plain words', async () => {
    // The client retries a refused connection with backoff before it gives up.
    await expect(page.getByTestId('offline-banner')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('offline-banner')).toContainText('Working offline')
    await expect(page.getByTestId('offline-banner')).toContainText('offline copy')
    await expect(page.getByTestId('offline-indicator')).toBeVisible()
  })

  await test.step('the Listings screen still shows the synced portfolio', async () => {
    await navTo(page, 'Listings')
    await expect(page.getByTestId('listings-count')).toContainText(`of ${DEMO.listings}`)
    await expect(listingRows(page).first()).toBeVisible()
    await expect(page.getByTestId('data-age')).toContainText('can’t be reached')
  })
})
