import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { ApiError, createApiClient, type ApiClient } from '../../../src-main/api'
import { openMirror, type Mirror } from '../../../src-main/db'
import { startSandbox, type FaultOptions, type SandboxHandle } from '../../../src-main/sandbox'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { syncAll } from '../../../src-main/sync/engine'
import { type ResourceSyncResult } from '@shared/ipc/sync.schema'
import { expectMirrorEqualsService, tempDir } from '../../helpers/sync-fixtures'

/**
 * Checklist H6/H7: with 5xx, 429, dropped connections, truncated and non-JSON bodies on every
 * paged GET, repeated syncs still converge to the service's data; every failure in between is
 * a typed error the UI can show, recorded on the resource's status, never a crash.
 */

const TODAY = '2026-11-23'
const MAX_RUNS = 15
const TYPED = ['server-error', 'bad-response', 'offline', 'timeout', 'rate-limited']
const PAGED = '^/v1/(listings|availability|rates)(/|$)'

const FAULTS: FaultOptions = {
  error5xx: 0.15,
  rateLimit: 0.05,
  retryAfterSeconds: 1,
  drop: 0.05,
  truncate: 0.05,
  garbage: 0.05,
  paths: PAGED
}

interface Converged {
  runs: number
  failures: { resource: string; code: string; message: string }[]
  last: ResourceSyncResult[]
}

/** Runs syncAll until one run has no error (at most MAX_RUNS), checking every failure's type. */
async function syncUntilClean(client: ApiClient, mirror: Mirror): Promise<Converged> {
  const failures: Converged['failures'] = []
  for (let run = 1; run <= MAX_RUNS; run++) {
    const { results, errors } = await syncAll(client, mirror)
    if (errors.length === 0) {
      if (process.env.STAYDESK_TEST_VERBOSE) {
        console.log(`clean after ${run} runs; failures: ${failures.map((f) => f.code).join(', ')}`)
      }
      return { runs: run, failures, last: results }
    }
    for (const { resource, error } of errors) {
      expect(error, `run ${run}: ${resource}: ${String(error)}`).toBeInstanceOf(ApiError)
      const { code, message } = error as ApiError
      expect(TYPED, `run ${run}: ${resource}: ${code}`).toContain(code)
      expect(message.length).toBeGreaterThan(10)
      // What the status screen shows for the resource.
      expect(mirror.sync.cursor(resource)?.lastError).toMatchObject({ code, message })
      failures.push({ resource, code, message })
    }
  }
  throw new Error(`no clean sync in ${MAX_RUNS} runs: ${JSON.stringify(failures.slice(-6))}`)
}

describe('sync under injected HTTP faults (H6, H7)', () => {
  let sandbox: SandboxHandle
  let client: ApiClient
  let direct: ApiClient
  let mirror: Mirror
  const retries: string[] = []

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 250, seed: 31, today: TODAY })
    client = createApiClient({
      baseUrl: sandbox.url,
      token: 'demo-token',
      retry: { baseMs: 5, capMs: 50 },
      log: (line) => {
        if (line.includes('retry')) retries.push(line)
      }
    })
    direct = createApiClient({ baseUrl: sandbox.url, token: 'demo-token' })
    mirror = await openMirror(join(tempDir(), 'mirror.sqlite'))
  })
  afterAll(async () => {
    await mirror?.close()
    await client?.close()
    await direct?.close()
    await sandbox?.close()
  })

  it('a first sync converges through 5xx, 429, drops, truncation and HTML bodies', async () => {
    sandbox.setFaults({ ...FAULTS, seed: 7 })
    const { last, failures } = await syncUntilClean(client, mirror)
    // The faults really happened: retried in place, or surfaced and resumed by the next run.
    expect(retries.length + failures.length).toBeGreaterThan(0)
    expect(last.length).toBe(3)
    for (const r of SYNC_RESOURCES) {
      expect(mirror.sync.cursor(r)).toMatchObject({ phase: 'delta', lastError: null })
    }
    sandbox.setFaults(null)
    await expectMirrorEqualsService(mirror, direct)
  })

  it('a delta after churn converges under the same faults', async () => {
    for (let i = 0; i < 5; i++) sandbox.churnNow()
    const before = retries.length
    // Retry-After: 0 this time, so 429s are retried in place rather than surfaced.
    sandbox.setFaults({ ...FAULTS, retryAfterSeconds: 0, seed: 8 })
    const { last, failures } = await syncUntilClean(client, mirror)
    expect(retries.length - before + failures.length).toBeGreaterThan(0)
    for (const r of last) expect(r.mode).toBe('delta')
    sandbox.setFaults(null)
    await expectMirrorEqualsService(mirror, direct)
  })
})
