import { execFile } from 'node:child_process'
import { statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import type { HubDb } from '../../../src-hub/db/connect'
import { runHubSync } from '../../../src-hub/sync/scheduler'
import { readCursor } from '../../../src-hub/sync/store'
import { createUpstream, type Upstream } from '../../../src-hub/upstream'
import { postgresBin } from '../../helpers/postgres'
import { openMigrated, useHubPlaces } from './fixture'
import { expectCursorsMatchRows, expectHubEqualsService } from './sync-fixture'

/**
 * PostgreSQL restarted (pg_ctl restart) in the middle of a hub sync: the process survives,
 * nothing committed is lost, every cursor agrees with what is committed, and the next run
 * completes with the hub holding exactly the service's data.
 */

const LISTINGS = 450
const places = useHubPlaces()

describe('the hub sync when PostgreSQL restarts mid-walk (postgres)', () => {
  let sandbox: SandboxHandle
  let hub: HubDb
  let upstream: Upstream
  let direct: ApiClient

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: LISTINGS, seed: 7, today: '2026-11-23' })
    hub = await openMigrated(await places.place('postgres'))
    upstream = createUpstream('test', { baseUrl: sandbox.url, token: 'demo-token' })
    direct = createApiClient({ baseUrl: sandbox.url, token: 'demo-token' })
  })
  afterAll(async () => {
    await direct?.close()
    await upstream?.client.close()
    await hub?.close()
    await sandbox?.close()
  })

  /** pg_ctl restart of the cluster the hub uses, as the user that owns its data folder. */
  async function restartPostgres(): Promise<void> {
    const { rows } = await sql<{
      dir: string
    }>`SELECT current_setting('data_directory') AS dir`.execute(hub.db)
    const data = rows[0].dir
    const args = [
      '-D',
      data,
      '-w',
      '-m',
      'fast',
      '-l',
      join(dirname(data), 'restart.log'),
      'restart'
    ]
    const run = promisify(execFile)
    if (process.getuid?.() === 0) {
      const uid = statSync(data).uid
      const { stdout } = await run('getent', ['passwd', String(uid)])
      await run('runuser', ['-u', stdout.split(':')[0], '--', postgresBin('pg_ctl'), ...args])
    } else {
      await run(postgresBin('pg_ctl'), args)
    }
  }

  it('loses nothing: the cursors match what was committed, and the next run completes', async () => {
    // The second page of listings waits (unanswered) until the faults are set again.
    sandbox.setFaults({ hold: 1, paths: '^/v1/listings/1$' })
    const first = runHubSync(hub, upstream)
    for (;;) {
      const cursor = await readCursor(hub.db, 'test', 'listings')
      if (cursor?.pagesDone === 1) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await restartPostgres()
    sandbox.setFaults(null)
    const interrupted = await first
    if (interrupted === 'busy') throw new Error('busy')
    await expectCursorsMatchRows(hub, LISTINGS)

    const next = await runHubSync(hub, upstream)
    if (next === 'busy') throw new Error('busy')
    expect(next.errors).toEqual([])
    for (const resource of SYNC_RESOURCES) {
      expect(await readCursor(hub.db, 'test', resource)).toMatchObject({
        phase: 'delta',
        lastError: null
      })
    }
    await expectHubEqualsService(hub, direct, LISTINGS)
  })
})
