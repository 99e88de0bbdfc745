import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { openMirror, type Mirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { SyncBlockedError, syncAll } from '../../../src-main/sync/engine'
import { retryQuarantined } from '../../../src-main/sync/quarantine-retry'
import { startCorruptingProxy, type CorruptingProxy } from '../../helpers/corrupting-proxy'
import { expectMirrorEqualsService, tempDir } from '../../helpers/sync-fixtures'

/**
 * Checklist V1/V2: one bad record is quarantined while the rest of its page lands; a page on
 * which every record is bad blocks that resource's sync without writing anything or moving its
 * cursor. The bad records come from a proxy between the client and the sandbox.
 */

const TODAY = '2026-11-23'
const PAGE_SIZE = 200
type Rec = Record<string, unknown>
const SECRETS = 'Pay with 4242 4242 4242 4242; Authorization: Bearer s3cr3t-value'

/** Page 0 of a full walk is `/v1/<resource>`, later pages `/v1/<resource>/<n>`. */
function fullPage(path: string, resource: string): number | undefined {
  const m = new RegExp(`^/v1/${resource}(?:/(\\d+))?$`).exec(path)
  return m ? Number(m[1] ?? 0) : undefined
}

describe('a bad record is quarantined while the rest of its page lands (V1)', () => {
  let sandbox: SandboxHandle
  let proxy: CorruptingProxy
  let client: ApiClient
  let direct: ApiClient
  let mirror: Mirror
  let badId: number

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 250, seed: 21, today: TODAY })
    proxy = await startCorruptingProxy(sandbox.url)
    client = createApiClient({ baseUrl: proxy.url, token: 'demo-token' })
    direct = createApiClient({ baseUrl: sandbox.url, token: 'demo-token' })
    mirror = await openMirror(join(tempDir(), 'mirror.sqlite'))
  })
  afterAll(async () => {
    await mirror?.close()
    await client?.close()
    await direct?.close()
    await proxy?.close()
    await sandbox?.close()
  })

  it('keeps the page’s other 199 listings, records path and code, and moves on', async () => {
    const page0 = sandbox.store.listingIds().slice(0, PAGE_SIZE)
    badId = page0[7]
    proxy.setRewrite((path, body) =>
      fullPage(path, 'listings') === 0
        ? (body as Rec[]).map((r) => (r.id === badId ? { ...r, maxGuest: 'lots' } : r))
        : undefined
    )

    const { errors, results } = await syncAll(client, mirror)
    expect(proxy.rewritten()).toBe(1)
    expect(errors).toEqual([])
    expect(results.find((r) => r.resource === 'listings')).toMatchObject({
      records: 249,
      quarantined: 1
    })

    const entries = mirror.sync.quarantined()
    expect(entries).toEqual([
      {
        resource: 'listings',
        recordId: String(badId),
        path: 'maxGuest',
        code: expect.any(String),
        raw: expect.any(String),
        firstSeen: expect.any(Number),
        lastSeen: expect.any(Number),
        count: 1
      }
    ])
    // The reason is the zod path and code only; the value lives in the raw JSON alone.
    const [entry] = entries
    expect(`${entry.path} ${entry.code}`).not.toContain('lots')
    expect(JSON.parse(entry.raw)).toMatchObject({ id: badId, maxGuest: 'lots' })

    for (const id of page0) {
      if (id === badId) expect(mirror.listings.get(id)).toBeUndefined()
      else expect(mirror.listings.get(id), `listing ${id}`).toBeDefined()
    }
    // The cursor moved past the page: the walk finished and the watermark is set.
    expect(mirror.sync.cursor('listings')).toMatchObject({ phase: 'delta', nextUrl: null })
    expect(mirror.sync.counts()).toMatchObject({
      listings: 249,
      quarantined: { listings: 1, availability: 0, rates: 0 }
    })
    expect(mirror.sync.quarantineStats('listings')).toMatchObject({ held: 1, total: 1 })
  })

  it('the next sync fetches a quarantined record again by id: still bad, it stays; valid, it lands (V4)', async () => {
    // A service that fails to answer ends the retries for this sync; the sync itself succeeds.
    sandbox.setFaults({ error5xx: 1, paths: '^/v1/listing/' })
    const impatient = createApiClient({
      baseUrl: sandbox.url,
      token: 'demo-token',
      retry: { maxAttempts: 1 }
    })
    try {
      expect((await syncAll(impatient, mirror)).errors).toEqual([])
    } finally {
      await impatient.close()
      sandbox.setFaults(null)
    }
    expect(mirror.sync.quarantined('listings')).toHaveLength(1)

    // The service still sends the record malformed when asked for it alone.
    proxy.setRewrite((path, body) =>
      path === `/v1/listing/${badId}`
        ? (body as Rec[]).map((r) => ({ ...r, maxGuest: 'lots' }))
        : undefined
    )
    const stillBad = await syncAll(client, mirror)
    expect(stillBad.errors).toEqual([])
    expect(proxy.rewritten()).toBeGreaterThan(1)
    // Nothing changed on the service, and nothing silently drops the quarantined record.
    expect(mirror.sync.quarantined('listings')).toEqual([
      expect.objectContaining({ recordId: String(badId), path: 'maxGuest' })
    ])
    expect(mirror.listings.get(badId)).toBeUndefined()

    // The service now sends it valid: the retry by id writes it, with no delta or full resync.
    proxy.setRewrite(null)
    const healed = await syncAll(client, mirror)
    expect(healed.errors).toEqual([])
    expect(healed.results.find((r) => r.resource === 'listings')).toMatchObject({ changed: 1 })
    expect(mirror.sync.quarantined()).toEqual([])
    expect(mirror.sync.quarantineStats('listings')).toMatchObject({ held: 0, total: 1, cleared: 1 })
    await expectMirrorEqualsService(mirror, direct)
  })

  it('a quarantined record the current validator accepts is recovered from its stored JSON, offline (V4 replay)', async () => {
    // As an older validator would have left it: a valid record in the quarantine, not in the mirror.
    const replayMirror = await openMirror(join(tempDir(), 'replay.sqlite'))
    try {
      const id = sandbox.store.listingIds()[3]
      const record = await direct.listing(id)
      const cursor = { phase: 'delta' as const, deltaSince: 1, nextUrl: null }
      replayMirror.sync.commitPage({
        resource: 'listings',
        records: [],
        quarantined: [
          { recordId: String(id), path: 'bedrooms', code: 'too_big', raw: JSON.stringify(record) }
        ],
        cursor,
        seenAt: 1000,
        recordHistory: false
      })
      expect(replayMirror.listings.get(id)).toBeUndefined()
      const offline = {
        listing: () => Promise.reject(new Error('no network in this test')),
        availability: () => Promise.reject(new Error('no network in this test')),
        rates: () => Promise.reject(new Error('no network in this test'))
      }
      const outcome = await retryQuarantined('listings', offline, replayMirror)
      expect(outcome).toEqual({ recovered: 1, changed: 1 })
      expect(replayMirror.listings.get(id)).toEqual(record)
      expect(replayMirror.sync.quarantined()).toEqual([])
      expect(replayMirror.sync.cursor('listings')).toMatchObject(cursor)
    } finally {
      await replayMirror.close()
    }
  })

  it('a full resync that brings a record valid clears its quarantine too', async () => {
    proxy.setRewrite((path, body) =>
      fullPage(path, 'listings') === 0 || path === `/v1/listing/${badId}`
        ? (body as Rec[]).map((r) => (r.id === badId ? { ...r, maxGuest: 'lots' } : r))
        : undefined
    )
    expect((await syncAll(client, mirror, { full: true })).errors).toEqual([])
    expect(mirror.sync.quarantined('listings')).toHaveLength(1)
    proxy.setRewrite(null)
    const full = await syncAll(client, mirror, { full: true })
    expect(full.errors).toEqual([])
    expect(mirror.sync.quarantined()).toEqual([])
    expect(mirror.sync.quarantineStats('listings')).toMatchObject({ held: 0, total: 2, cleared: 2 })
    await expectMirrorEqualsService(mirror, direct)
  })

  it('a bad version in a delta keeps the last good copy; the next delta heals it', async () => {
    // Several changed listings, so the bad one shares its delta page with good ones (a page
    // on which every record is bad is a systemic failure instead, see V2 below).
    const changed = new Set<number>()
    for (let i = 0; i < 50 && changed.size < 3; i++) {
      for (const c of sandbox.store.churn().listings) changed.add(c)
    }
    expect(changed.size).toBeGreaterThanOrEqual(3)
    const [id, ...others] = changed
    const before = others.map((o) => mirror.listings.get(o))
    const good = mirror.listings.get(id)
    expect(good).toBeDefined()
    proxy.setRewrite((path, body) =>
      path.startsWith('/v1/listings/delta/')
        ? (body as Rec[]).map((r) =>
            r.id === id ? { ...r, maxGuest: { n: 4 }, houseRules: SECRETS } : r
          )
        : undefined
    )
    const bad = await syncAll(client, mirror)
    expect(bad.errors).toEqual([])
    expect(proxy.rewritten()).toBeGreaterThan(1)
    expect(mirror.listings.get(id)).toEqual(good)
    // The page's good records landed.
    others.forEach((o, i) => expect(mirror.listings.get(o), `listing ${o}`).not.toEqual(before[i]))
    expect(mirror.sync.quarantined('listings')).toEqual([
      expect.objectContaining({ recordId: String(id), path: 'maxGuest', count: 1 })
    ])
    // Secrets a record happens to carry are not kept in the quarantine's raw JSON.
    const { raw } = mirror.sync.quarantined('listings')[0]
    expect(raw).toContain('"maxGuest":{"n":4}')
    expect(raw).not.toContain('4242 4242 4242 4242')
    expect(raw).not.toContain('s3cr3t-value')

    proxy.setRewrite(null)
    const healed = await syncAll(client, mirror)
    expect(healed.errors).toEqual([])
    // The delta's overlap window sends the changed listing again, valid this time.
    expect(mirror.listings.get(id)).not.toEqual(good)
    expect(mirror.sync.quarantined()).toEqual([])
    expect(mirror.sync.quarantineStats('listings')).toMatchObject({ held: 0, total: 3, cleared: 3 })
    await expectMirrorEqualsService(mirror, direct)
  })

  it('a delta page holding only one bad record quarantines it instead of blocking the resource', async () => {
    let id: number | undefined
    for (let i = 0; i < 50 && id === undefined; i++) id = sandbox.store.churn().listings[0]
    expect(id).toBeDefined()
    // The service answers a delta of exactly one changed listing, and that one is malformed.
    proxy.setRewrite((path, body) =>
      path.startsWith('/v1/listings/delta/')
        ? (body as Rec[]).filter((r) => r.id === id).map((r) => ({ ...r, maxGuest: 'many' }))
        : undefined
    )
    const run = await syncAll(client, mirror)
    expect(run.errors).toEqual([])
    expect(mirror.sync.cursor('listings')?.lastError).toBeNull()
    expect(mirror.sync.quarantined('listings')).toEqual([
      expect.objectContaining({ recordId: String(id), path: 'maxGuest' })
    ])
    proxy.setRewrite(null)
    expect((await syncAll(client, mirror)).errors).toEqual([])
    expect(mirror.sync.quarantined()).toEqual([])
    await expectMirrorEqualsService(mirror, direct)
  })
})

describe('a page on which every record is invalid blocks its resource (V2)', () => {
  let sandbox: SandboxHandle
  let proxy: CorruptingProxy
  let client: ApiClient
  let direct: ApiClient
  let mirror: Mirror

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 250, seed: 22, today: TODAY })
    proxy = await startCorruptingProxy(sandbox.url)
    client = createApiClient({ baseUrl: proxy.url, token: 'demo-token' })
    direct = createApiClient({ baseUrl: sandbox.url, token: 'demo-token' })
    mirror = await openMirror(join(tempDir(), 'mirror.sqlite'))
  })
  afterAll(async () => {
    await mirror?.close()
    await client?.close()
    await direct?.close()
    await proxy?.close()
    await sandbox?.close()
  })

  it('writes nothing of the page, keeps the cursor on it, and leaves the other resources alone', async () => {
    proxy.setRewrite((path, body) =>
      fullPage(path, 'availability') === 1
        ? (body as Rec[]).map((r) => ({ ...r, availability: 'none' }))
        : undefined
    )
    const { results, errors } = await syncAll(client, mirror)

    expect(errors).toHaveLength(1)
    const [{ resource, error }] = errors
    expect(resource).toBe('availability')
    expect(error).toBeInstanceOf(SyncBlockedError)
    expect((error as SyncBlockedError).code).toBe('bad-response')
    expect((error as Error).message).toMatch(/every record on a page was rejected/)
    expect((error as Error).message).toContain('"availability"')

    const ids = sandbox.store.listingIds()
    const stored = (id: number) => mirror.calendars.availability(id) !== undefined
    expect(ids.slice(0, PAGE_SIZE).every(stored)).toBe(true)
    expect(ids.slice(PAGE_SIZE).some(stored)).toBe(false)
    expect(mirror.sync.counts()).toMatchObject({
      listings: 250,
      availability: PAGE_SIZE,
      rates: 250,
      quarantined: { listings: 0, availability: 0, rates: 0 }
    })
    const state = mirror.sync.cursor('availability')
    expect(state).toMatchObject({ phase: 'full', pagesDone: 1 })
    expect(new URL(state!.nextUrl!).pathname).toBe('/v1/availability/1')
    expect(state!.lastError).toMatchObject({ code: 'bad-response' })

    expect(results.map((r) => r.resource).sort()).toEqual(['listings', 'rates'])
    for (const r of ['listings', 'rates'] as const) {
      expect(mirror.sync.cursor(r)).toMatchObject({ phase: 'delta', lastError: null })
    }
  })

  it('stays blocked while the page is bad, then resumes from that page once it is good', async () => {
    const again = await syncAll(client, mirror)
    expect(again.errors.map((e) => e.resource)).toEqual(['availability'])
    expect(mirror.sync.counts().availability).toBe(PAGE_SIZE)

    proxy.setRewrite(null)
    const before = proxy.paths.length
    const { errors, results } = await syncAll(client, mirror)
    expect(errors).toEqual([])
    // Resumed at page 1: page 0 was not fetched again.
    const fetched = proxy.paths.slice(before)
    expect(fetched).toContain('/v1/availability/1')
    expect(fetched).not.toContain('/v1/availability')
    expect(results.find((r) => r.resource === 'availability')).toMatchObject({
      mode: 'full+delta'
    })
    expect(mirror.sync.cursor('availability')).toMatchObject({ phase: 'delta', lastError: null })
    await expectMirrorEqualsService(mirror, direct)
  })
})
