import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type StayDeskApp } from '../../../src-main/features/create-app'
import { inProcessSyncExecutor } from '../../../src-main/sync/in-process-executor'
import { AppError } from '../../../src-main/errors'
import { dispatchCommand } from '../../../src-main/ipc/register'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import {
  eventRecorder,
  fakeOsCipher,
  recordingProxy,
  tempDataDir,
  type RecordingProxy
} from './app-fixtures'

/** A token distinctive enough that any copy of it in an output or event is a leak. */
const TEST_TOKEN = 'test-token-xyz-CANARY-7f3a9c'
const WRONG_TOKEN = 'wrong-token-CANARY-0b1d22'

describe('createApp against in-process sandboxes', () => {
  let demo: SandboxHandle
  let second: SandboxHandle
  let demoProxy: RecordingProxy
  let secondProxy: RecordingProxy
  let app: StayDeskApp
  const data = tempDataDir()
  const rec = eventRecorder()
  const outputs: unknown[] = []
  let testId = ''

  /** Calls a command the way the window does (schema, handler, Result) and keeps its output. */
  const call = async (name: Parameters<typeof dispatchCommand>[1], input: unknown) => {
    const result = await dispatchCommand(app.handlers, name, input)
    outputs.push(result)
    return result
  }
  const value = async <T>(name: Parameters<typeof dispatchCommand>[1], input: unknown) => {
    const result = await call(name, input)
    if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
    return result.value as T
  }

  beforeAll(async () => {
    demo = await startSandbox({ listings: 60, seed: 1, log: () => undefined })
    second = await startSandbox({
      listings: 25,
      seed: 9,
      callers: [{ token: TEST_TOKEN, channel: 'TEST', merchantOfRecord: 'service' }],
      log: () => undefined
    })
    demoProxy = await recordingProxy(demo.url)
    secondProxy = await recordingProxy(second.url)
    app = await createApp({
      dataDir: data.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => demoProxy.url,
      version: '9.9.9',
      emit: rec.emit,
      syncExecutor: inProcessSyncExecutor,
      periodicSyncMs: 0,
      log: () => undefined
    })
  })

  afterAll(async () => {
    await app?.close()
    await Promise.allSettled([demoProxy?.close(), secondProxy?.close()])
    await Promise.allSettled([demo?.close(), second?.close()])
    data.remove()
  })

  it('opens a first start on the Demo profile and its synced portfolio', async () => {
    expect(app.activeProfile()).toMatchObject({ id: 'demo', kind: 'demo', active: true })
    expect(app.windowTitle()).toBe('StayDesk — Demo (demo)')
    const first = await app.firstSync
    expect(first?.errors).toEqual([])
    const found = await value<{ total: number }>('listings:search', {})
    expect(found.total).toBe(60)
    const status = await value<{ resources: { phase: string; records: number }[] }>(
      'sync:status',
      {}
    )
    expect(status.resources.map((r) => [r.phase, r.records])).toEqual([
      ['delta', 60],
      ['delta', 60],
      ['delta', 60]
    ])
    expect(rec.of('sync:finished')).toHaveLength(1)
    expect(rec.of('db:changed').length).toBeGreaterThan(0)
    expect(rec.of('sync:progress').length).toBeGreaterThan(3)
    const info = await value<{ profile: { id: string } }>('app:info', {})
    expect(info).toMatchObject({ version: '9.9.9', profile: { id: 'demo', kind: 'demo' } })
  })

  it('creates a test profile with its own token and verifies the connection', async () => {
    const created = await value<{ id: string; token: { state: string; last4: string } }>(
      'profiles:create',
      {
        profile: { name: 'Staging', kind: 'test', baseUrl: secondProxy.url, salesChannel: 'TEST' }
      }
    )
    testId = created.id
    expect(created.token.state).toBe('missing')
    const missing = await value<{ ok: boolean; code: string }>('profiles:test-connection', {
      id: testId
    })
    expect(missing).toMatchObject({ ok: false, code: 'unauthorized' })

    const token = await value<{ state: string; last4: string; storage: string }>(
      'profiles:set-token',
      { id: testId, token: TEST_TOKEN }
    )
    expect(token).toMatchObject({
      state: 'set',
      storage: 'os-encrypted',
      last4: TEST_TOKEN.slice(-4)
    })
    const verdict = await value<{ ok: boolean; verdict: string; latencyMs?: number }>(
      'profiles:test-connection',
      { id: testId }
    )
    expect(verdict.ok).toBe(true)
    expect(verdict.verdict).toBe('Connected: 25 listings are visible to sales channel TEST.')
    expect(verdict.latencyMs).toBeGreaterThanOrEqual(0)
  })

  it('switches to the test profile without a restart and shows only its data', async () => {
    const before = rec.events.length
    const active = await value<{ id: string; active: boolean }>('profiles:activate', { id: testId })
    expect(active).toMatchObject({ id: testId, active: true })
    expect(app.windowTitle()).toBe('StayDesk — Staging (test)')
    const emitted = rec.events.slice(before).map((e) => e.event)
    expect(emitted).toContain('profiles:changed')
    expect(emitted).toContain('db:changed')

    const summary = await value<{ errors: unknown[]; results: { records: number }[] }>(
      'sync:run',
      {}
    )
    expect(summary.errors).toEqual([])
    const found = await value<{ total: number; items: { id: number }[] }>('listings:search', {
      limit: 500
    })
    expect(found.total).toBe(25)
    const secondIds = new Set(second.store.listingIds())
    expect(found.items.every((i) => secondIds.has(i.id))).toBe(true)
  })

  it('switches back to the demo data', async () => {
    await value('profiles:activate', { id: 'demo' })
    const found = await value<{ total: number; items: { id: number }[] }>('listings:search', {
      limit: 500
    })
    expect(found.total).toBe(60)
    const demoIds = new Set(demo.store.listingIds())
    expect(found.items.every((i) => demoIds.has(i.id))).toBe(true)
  })

  it('sends each server only its own token (K5)', async () => {
    // Let background syncs started by the switches finish before counting.
    await value('sync:status', {})
    expect(demoProxy.authorizations.length).toBeGreaterThan(0)
    expect(secondProxy.authorizations.length).toBeGreaterThan(0)
    expect(new Set(demoProxy.authorizations)).toEqual(new Set(['Bearer demo-token']))
    expect(new Set(secondProxy.authorizations)).toEqual(new Set([`Bearer ${TEST_TOKEN}`]))
  })

  it('reports a refused token as unauthorized, in the verdict and in the sync', async () => {
    const wrong = await value<{ id: string }>('profiles:create', {
      profile: { name: 'Wrong', kind: 'test', baseUrl: second.url, salesChannel: 'TEST' },
      token: WRONG_TOKEN
    })
    const verdict = await value<{ ok: boolean; code: string; verdict: string }>(
      'profiles:test-connection',
      { id: wrong.id }
    )
    expect(verdict).toEqual(
      expect.objectContaining({
        ok: false,
        code: 'unauthorized',
        verdict: 'The token was refused (401): set a new token.'
      })
    )
    await value('profiles:activate', { id: wrong.id })
    const summary = await value<{ errors: { code: string }[] }>('sync:run', {})
    expect(summary.errors.map((e) => e.code)).toEqual([
      'unauthorized',
      'unauthorized',
      'unauthorized'
    ])
    const status = await value<{ offline: boolean; resources: { lastError: { code: string } }[] }>(
      'sync:status',
      {}
    )
    expect(status.offline).toBe(false)
    expect(status.resources.map((r) => r.lastError?.code)).toEqual([
      'unauthorized',
      'unauthorized',
      'unauthorized'
    ])
    // Deleting the active profile closes its mirror and lands on Demo.
    const removed = await value<{ leftoverFiles: string[] }>('profiles:delete', { id: wrong.id })
    expect(removed.leftoverFiles).toEqual([])
    expect(app.activeProfile().id).toBe('demo')
    expect((await value<{ total: number }>('listings:search', {})).total).toBe(60)
  })

  it('keeps answering from the mirror when the service is unreachable, and says so', async () => {
    await value('profiles:activate', { id: testId })
    await value('sync:run', {})
    await secondProxy.close()
    const verdict = await value<{ ok: boolean; verdict: string }>('profiles:test-connection', {
      id: testId
    })
    expect(verdict).toMatchObject({
      ok: false,
      verdict: 'The service could not be reached: check the address or your connection.'
    })
    // Nothing answered, so there is no answer time to show.
    expect(verdict).not.toHaveProperty('latencyMs')
    const summary = await value<{ errors: { code: string }[] }>('sync:run', {})
    expect(summary.errors.map((e) => e.code)).toEqual(['offline', 'offline', 'offline'])
    const status = await value<{ offline: boolean; resources: { records: number }[] }>(
      'sync:status',
      {}
    )
    expect(status.offline).toBe(true)
    expect(status.resources.map((r) => r.records)).toEqual([25, 25, 25])
    expect((await value<{ total: number }>('listings:search', {})).total).toBe(25)
  })

  it('maps profile errors to field-named bad-input, not-found and conflict', async () => {
    const clash = await call('profiles:create', {
      profile: {
        name: 'staging',
        kind: 'test',
        baseUrl: 'https://api.example.com',
        salesChannel: 'TEST'
      }
    })
    expect(clash).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'Name: "Staging" is already used', field: 'name' }
    })
    const http = await call('profiles:create', {
      profile: { name: 'Plain', kind: 'test', baseUrl: 'http://example.com', salesChannel: 'TEST' }
    })
    expect(http).toMatchObject({ ok: false, error: { code: 'bad-input' } })
    expect((http as { error: { message: string } }).error.message).toMatch(/Base URL/)
    expect(await call('profiles:activate', { id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' }
    })
    expect(await call('profiles:delete', { id: 'demo' })).toMatchObject({
      ok: false,
      error: { code: 'bad-input' }
    })
    expect(await call('profiles:set-token', { id: 'demo', token: 'abcdefghijk' })).toMatchObject({
      ok: false,
      error: { code: 'bad-input' }
    })
    await expect(app.handlers['profiles:activate']({ id: 'nope' })).rejects.toBeInstanceOf(AppError)
  })

  it('lists quarantined records without their raw JSON', async () => {
    const rows = await value<unknown[]>('sync:quarantine', { limit: 10 })
    expect(Array.isArray(rows)).toBe(true)
    for (const row of rows) expect(row).not.toHaveProperty('raw')
  })

  it('never puts a token in an output or an event (canary)', () => {
    const text = JSON.stringify({ outputs, events: rec.events })
    expect(text).not.toContain(TEST_TOKEN)
    expect(text).not.toContain(WRONG_TOKEN)
    expect(text).not.toContain('demo-token')
  })
})
