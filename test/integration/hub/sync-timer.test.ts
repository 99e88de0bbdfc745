import { sql } from 'kysely'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HubDb } from '../../../src-hub/db/connect'
import { createHubLog } from '../../../src-hub/log'
import { startSyncTimer } from '../../../src-hub/sync/scheduler'
import { openMigrated, useHubPlaces } from './fixture'

/**
 * The embedded database has no autovacuum: the sync timer brings its planner statistics up to
 * date itself (ANALYZE after a run), or its plans stay those of empty tables.
 */

const places = useHubPlaces()

describe('the sync timer on the embedded database', () => {
  let hub: HubDb | undefined
  afterEach(async () => {
    await hub?.close()
  })

  it('analyzes the tables after its run, so the planner knows their sizes', async () => {
    hub = await openMigrated(await places.place('embedded'))
    const analyzed = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT reltuples::int AS n FROM pg_class WHERE relname = 'hub_journal'`.execute(hub!.db)
      return rows[0].n
    }
    // PostgreSQL 14 and later: -1 for a table never analyzed.
    expect(await analyzed()).toBe(-1)
    const timer = startSyncTimer({
      hub,
      upstreams: {},
      everyMs: 60_000,
      log: createHubLog({ destination: { write: () => undefined } })
    })
    try {
      await vi.waitFor(async () => expect(await analyzed()).toBeGreaterThanOrEqual(0), {
        timeout: 20_000,
        interval: 100
      })
    } finally {
      await timer.stop()
    }
  })
})
