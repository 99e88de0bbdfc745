import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, type Locator, type Page } from '@playwright/test'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { SyncStateRepo } from '../../../src-main/db/repos/sync-state'
import type { E2eApp } from '../fixtures'

/** Live panels and data ages: what the live-headings spec reads and sets up. */

export const DAY_MS = 24 * 60 * 60_000

/**
 * Makes the offline copy `ms` older, as if nothing had been synced since: every mirror's sync
 * state (its last success) is moved back, through the mirror's own repository, on a connection
 * of the test's own. Main's clock and the window's stay the same, so "asked just now" and
 * "synced 3 days ago" both stay true on one screen.
 */
export function ageTheCopy(app: E2eApp, ms: number): void {
  const dir = join(app.dataDir, 'mirrors')
  // Each profile's mirror, not the kept store beside it (`<id>.kept.sqlite`).
  const files = readdirSync(dir).filter((f) => /^[^.]+\.sqlite$/.test(f))
  expect(files.length, 'a mirror to age').toBeGreaterThan(0)
  for (const file of files) {
    const db = new Database(join(dir, file))
    try {
      db.pragma('busy_timeout = 5000')
      const state = new SyncStateRepo(db)
      for (const resource of SYNC_RESOURCES) {
        const cursor = state.get(resource)
        if (cursor?.lastSuccessAt === undefined) continue
        state.set(resource, { ...cursor, lastSuccessAt: cursor.lastSuccessAt - ms }, Date.now())
      }
    } finally {
      db.close()
    }
  }
}

/** The Availability screen's live section, named by its heading (which may say a failure). */
export function liveSection(page: Page): Locator {
  return page.getByRole('region', { name: /^Live second opinion/ })
}

/** A live panel's own heading: the one that names its region. */
export function panelHeading(region: Locator): Locator {
  return region.getByRole('heading', { level: 2 })
}
