import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import type { HubDb } from '../../../src-hub/db/connect'
import { runHubSync } from '../../../src-hub/sync/scheduler'
import { readCursor } from '../../../src-hub/sync/store'
import { createUpstream, type Upstream } from '../../../src-hub/upstream'
import { startCorruptingProxy, type CorruptingProxy } from '../../helpers/corrupting-proxy'
import { HUB_DATABASES, openMigrated, useHubPlaces } from './fixture'
import { expectCursorsMatchRows, expectHubEqualsService, rowsOf } from './sync-fixture'

/**
 * The hub's sync when a page fails mid-walk: the cursor stays at the last committed page, and
 * the next run resumes from there and ends with the hub holding exactly the service's data.
 */

const LISTINGS = 450
const places = useHubPlaces()

describe.each(HUB_DATABASES)('the hub sync when a page fails (%s)', (kind) => {
  let sandbox: SandboxHandle
  let proxy: CorruptingProxy
  let hub: HubDb
  let upstream: Upstream
  let direct: ApiClient

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: LISTINGS, seed: 5, today: '2026-11-23' })
    proxy = await startCorruptingProxy(sandbox.url)
    hub = await openMigrated(await places.place(kind))
    upstream = createUpstream('test', { baseUrl: proxy.url, token: 'demo-token' })
    direct = createApiClient({ baseUrl: sandbox.url, token: 'demo-token' })
  })
  afterAll(async () => {
    await direct?.close()
    await upstream?.client.close()
    await hub?.close()
    await proxy?.close()
    await sandbox?.close()
  })

  it('leaves the cursor at the last committed page, and the next run resumes from it', async () => {
    // The second page of listings comes back broken (not a list) every time it is asked.
    proxy.setRewrite((path) => (path === '/v1/listings/1' ? { broken: true } : undefined))
    const first = await runHubSync(hub, upstream)
    if (first === 'busy') throw new Error('busy')
    expect(first.errors.map((e) => e.resource)).toEqual(['listings'])
    expect(await readCursor(hub.db, 'test', 'listings')).toMatchObject({
      phase: 'full',
      nextUrl: `${proxy.url}/v1/listings/1`,
      pagesDone: 1,
      recordsDone: 200,
      lastError: expect.stringMatching(/not a list/)
    })
    expect((await rowsOf(hub, 'listings')).size).toBe(200)
    await expectCursorsMatchRows(hub, LISTINGS)

    proxy.setRewrite(null)
    const asked = proxy.paths.length
    const second = await runHubSync(hub, upstream)
    if (second === 'busy') throw new Error('busy')
    expect(second.errors).toEqual([])
    const listings = second.results.find((r) => r.resource === 'listings')
    expect(listings).toMatchObject({ mode: 'full+delta' })
    expect(listings?.restarted).toBeUndefined()
    const walked = proxy.paths.slice(asked).filter((p) => /^\/v1\/listings(\/\d+)?$/.test(p))
    // Resumed at the page that failed: the first page was not asked again.
    expect(walked).toEqual(['/v1/listings/1', '/v1/listings/2'])
    expect(await readCursor(hub.db, 'test', 'listings')).toMatchObject({
      phase: 'delta',
      nextUrl: null,
      lastError: null
    })
    await expectHubEqualsService(hub, direct, LISTINGS)
  })
})
