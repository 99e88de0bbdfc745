import { expect, type Page } from '@playwright/test'
import type { E2eApp } from '../fixtures'

/** How a test starts: the window opened, and the first sync waited for where the screen needs it. */

/** The fixtures a start needs, as a test receives them. */
export interface Opening {
  page: Page
  app: E2eApp
  openApp: () => Promise<void>
}

/** Waits until the active profile's offline copy holds all three resources (first sync done). */
export async function waitForSync(app: E2eApp): Promise<void> {
  await expect
    .poll(
      async () => {
        const r = await app.invoke('sync:status', {})
        return r.ok && !r.value.running && r.value.resources.every((x) => x.lastSuccessAt !== null)
      },
      { timeout: 30_000 }
    )
    .toBe(true)
}

/** Opens the window and waits for the first sync. */
export async function startAfterSync({ app, openApp }: Opening): Promise<void> {
  await openApp()
  await waitForSync(app)
}
