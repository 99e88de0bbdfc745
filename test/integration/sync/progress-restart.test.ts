import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { ApiError, createApiClient, type ApiClient, type RawPage } from '../../../src-main/api'
import { errorForStatus } from '../../../src-main/api/errors'
import { openMirror, type Mirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import {
  syncAll,
  syncResource,
  type PageSource,
  type SyncProgress
} from '../../../src-main/sync/engine'
import { expectMirrorEqualsService, tempDir } from '../../helpers/sync-fixtures'

const TODAY = '2026-11-23'

/** Pages whose first fetch fails with `err`, as the client's walk does on an error answer. */
function failing(err: Error): AsyncIterable<RawPage> {
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(err) }) }
}

describe('progress of a first sync', () => {
  let sandbox: SandboxHandle
  let client: ApiClient
  let mirror: Mirror

  beforeEach(async () => {
    sandbox = await startSandbox({ listings: 450, seed: 5, today: TODAY })
    client = createApiClient({ baseUrl: sandbox.url, token: 'demo-token', salesChannel: 'DEMO' })
    mirror = await openMirror(join(tempDir(), 'mirror.sqlite'))
  })
  afterEach(async () => {
    await mirror?.close()
    await client?.close()
    await sandbox?.close()
  })

  it('announces one start per resource; the changes-only pass after the download continues it', async () => {
    const events: SyncProgress[] = []
    const { errors } = await syncAll(client, mirror, { onProgress: (e) => events.push(e) })
    expect(errors).toEqual([])
    for (const resource of SYNC_RESOURCES) {
      const mine = events.filter((e) => e.resource === resource)
      expect(mine.filter((e) => e.type === 'start')).toEqual([
        { type: 'start', resource, mode: 'full' }
      ])
      const pages = mine.filter((e) => e.type === 'page')
      const download = pages.filter((e) => !e.catchUp)
      // The download's last page reaches its total: 450 of 450, never "of 0".
      expect(download.at(-1)).toMatchObject({ mode: 'full', recordsDone: 450, total: 450 })
      expect(download.every((e) => e.mode === 'full')).toBe(true)
      const catchUp = pages.filter((e) => e.catchUp)
      expect(catchUp.length).toBeGreaterThan(0)
      expect(catchUp.every((e) => e.mode === 'delta')).toBe(true)
      // Nothing changed during the download here, so the pass brings no records.
      expect(catchUp.at(-1)).toMatchObject({ recordsDone: 0 })
      expect(mine.at(-1)).toMatchObject({ type: 'done', result: { mode: 'full+delta' } })
    }
  })

  it('the pass after a download counts as changed only what it changed, not the records it read again', async () => {
    // Records changed just before the download are inside the pass's overlap: read again,
    // identical to what the download wrote (a desk joining a hub that synced a minute ago).
    sandbox.churnNow()
    const events: SyncProgress[] = []
    await syncAll(client, mirror, { onProgress: (e) => events.push(e) })
    const catchUp = events.filter((e) => e.type === 'page' && e.catchUp)
    expect(catchUp.some((e) => e.type === 'page' && e.recordsDone > 0)).toBe(true)
    expect(catchUp.map((e) => e.type === 'page' && e.changed)).toEqual(catchUp.map(() => 0))
  })

  it('a later changes-only sync starts as such, with nothing flagged as catch-up', async () => {
    await syncAll(client, mirror)
    sandbox.churnNow()
    const events: SyncProgress[] = []
    await syncAll(client, mirror, { onProgress: (e) => events.push(e) })
    const starts = events.filter((e) => e.type === 'start')
    expect(starts.map((e) => e.mode)).toEqual(['delta', 'delta', 'delta'])
    expect(events.some((e) => e.type === 'page' && e.catchUp)).toBe(false)
  })
})

describe('a saved resume link the service no longer answers', () => {
  let sandbox: SandboxHandle
  let client: ApiClient
  let mirror: Mirror

  beforeEach(async () => {
    sandbox = await startSandbox({ listings: 450, seed: 6, today: TODAY })
    client = createApiClient({ baseUrl: sandbox.url, token: 'demo-token', salesChannel: 'DEMO' })
    mirror = await openMirror(join(tempDir(), 'mirror.sqlite'))
  })
  afterEach(async () => {
    await mirror?.close()
    await client?.close()
    await sandbox?.close()
  })

  /** A full download stopped after its first page, as a killed sync leaves it. */
  async function interruptedAfterOnePage(resource: 'listings' | 'rates'): Promise<void> {
    const controller = new AbortController()
    await syncResource(resource, client, mirror, {
      signal: controller.signal,
      onProgress: (e) => {
        if (e.type === 'page') controller.abort()
      }
    }).catch(() => undefined)
    expect(mirror.sync.cursor(resource)).toMatchObject({ phase: 'full', pagesDone: 1 })
  }

  it('404: the download starts over instead of failing every later sync', async () => {
    await interruptedAfterOnePage('listings')
    const kept = mirror.sync.counts().listings
    expect(kept).toBe(200)
    // The service moved its paging: the saved link now answers 404.
    const cursor = mirror.sync.cursor('listings')!
    mirror.sync.setCursor('listings', {
      ...cursor,
      nextUrl: `${sandbox.url}/v1/listings/old-paging/1`
    })
    const result = await syncResource('listings', client, mirror)
    expect(result).toMatchObject({ mode: 'full+delta', restarted: true, records: 450 })
    expect(mirror.sync.cursor('listings')).toMatchObject({ phase: 'delta', lastError: null })
    expect(mirror.sync.counts().listings).toBe(450)
  })

  it('410: the same, and the next sync is an ordinary changes-only one', async () => {
    await interruptedAfterOnePage('rates')
    const gone: PageSource = {
      ...client,
      pages: (resource, opts) => {
        if (opts?.startUrl) {
          return failing(errorForStatus(410, 'page link expired'))
        }
        return client.pages(resource, opts)
      }
    }
    const result = await syncResource('rates', gone, mirror)
    expect(result).toMatchObject({ restarted: true, records: 450 })
    const next = await syncResource('rates', client, mirror)
    expect(next.mode).toBe('delta')
    expect(next.restarted).toBeUndefined()
  })

  it('any other refusal of the resume link still fails and keeps the link', async () => {
    await interruptedAfterOnePage('listings')
    const denied: PageSource = {
      ...client,
      pages: (resource, opts) => {
        if (opts?.startUrl) {
          return failing(errorForStatus(503, undefined))
        }
        return client.pages(resource, opts)
      }
    }
    const before = mirror.sync.cursor('listings')!.nextUrl
    await expect(syncResource('listings', denied, mirror)).rejects.toBeInstanceOf(ApiError)
    expect(mirror.sync.cursor('listings')).toMatchObject({
      phase: 'full',
      nextUrl: before,
      lastError: { code: 'server-error' }
    })
    await syncAll(client, mirror)
    await expectMirrorEqualsService(mirror, client)
  })
})
