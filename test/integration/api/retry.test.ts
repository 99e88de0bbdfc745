import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../../src-main/api'
import { reply, startFaultServer, type FaultServer } from '../../helpers/fault-server'

/** H2, H3, H10: GET retries with full jitter, Retry-After, bounded attempts when offline. */

let server: FaultServer
let client: ApiClient | undefined
let delays: number[]

beforeEach(async () => {
  server = await startFaultServer()
  delays = []
})
afterEach(async () => {
  await client?.close()
  client = undefined
  await server.close()
})

function make(retry: ApiClientOptions['retry'] = {}, baseUrl = server.url): ApiClient {
  client = createApiClient({
    baseUrl,
    token: 'tok-retry',
    salesChannel: 'DEMO',
    retry: {
      random: () => 0.999,
      sleep: async (ms) => {
        delays.push(ms)
      },
      ...retry
    }
  })
  return client
}

const listing = { id: 7, status: 'active' }

describe('GET retries', () => {
  it('503, 503, 200 succeeds in exactly 3 attempts with delays inside the jitter bounds', async () => {
    server.route(
      'GET',
      '/v1/listing/7',
      reply.status(503),
      reply.status(503),
      reply.json([listing])
    )
    const api = make({ baseMs: 100, capMs: 1000 })
    const got = await api.listing(7)
    expect(got?.id).toBe(7)
    expect(server.hits('GET', '/v1/listing/7')).toBe(3)
    expect(delays).toHaveLength(2)
    delays.forEach((d, n) => {
      expect(d).toBeGreaterThanOrEqual(0)
      expect(d).toBeLessThanOrEqual(Math.min(1000, 100 * 2 ** n))
    })
  })

  it('full jitter uses the injected random: 0 gives no wait at all', async () => {
    server.route('GET', '/v1/listing/7', reply.status(502), reply.json([listing]))
    await make({ random: () => 0 }).listing(7)
    expect(delays).toEqual([0])
  })

  it('delays never exceed the cap and the attempt cap is honoured', async () => {
    server.route('GET', '/v1/listing/7', reply.status(500))
    const api = make({ baseMs: 400, capMs: 1000, maxAttempts: 5 })
    const err = await api.listing(7).catch((e) => e)
    expect(err.code).toBe('server-error')
    expect(err.status).toBe(500)
    expect(server.hits('GET', '/v1/listing/7')).toBe(5)
    expect(delays).toHaveLength(4)
    expect(Math.max(...delays)).toBeLessThanOrEqual(1000)
    expect(delays[3]).toBeGreaterThan(400 * 2)
  })

  it.each([400, 401, 403, 404, 422])('status %i is never retried', async (status) => {
    server.route('GET', '/v1/availability/listings/2026-01-01/2026-01-08', reply.status(status))
    const err = await make()
      .availableInPeriod('2026-01-01', '2026-01-08')
      .catch((e) => e)
    expect(server.hits('GET', '/v1/availability/listings/2026-01-01/2026-01-08')).toBe(1)
    expect(err.status).toBe(status)
    expect(delays).toEqual([])
  })

  it('a bad-response (HTML 200) is not retried', async () => {
    server.route('GET', '/v1/listing/7', reply.html())
    const err = await make()
      .listing(7)
      .catch((e) => e)
    expect(err.code).toBe('bad-response')
    expect(server.hits('GET', '/v1/listing/7')).toBe(1)
  })
})

describe('Retry-After', () => {
  it('seconds: the wait is at least the value the service asked for', async () => {
    server.route(
      'GET',
      '/v1/listing/7',
      reply.status(429, { 'retry-after': '3' }),
      reply.json([listing])
    )
    await make({ random: () => 0, capMs: 10_000 }).listing(7)
    expect(delays).toHaveLength(1)
    expect(delays[0]).toBeGreaterThanOrEqual(3000)
  })

  it('HTTP-date: the wait is at least the time until that date', async () => {
    const at = new Date(Date.now() + 5000).toUTCString()
    server.route(
      'GET',
      '/v1/listing/7',
      reply.status(503, { 'retry-after': at }),
      reply.json([listing])
    )
    await make({ random: () => 0, capMs: 20_000 }).listing(7)
    expect(delays).toHaveLength(1)
    // HTTP-dates have whole-second precision, so up to 1 s may already be gone.
    expect(delays[0]).toBeGreaterThanOrEqual(3000)
    expect(delays[0]).toBeLessThanOrEqual(5000)
  })

  it('a Retry-After beyond the cap is surfaced as "rate limited, retry at ..." without waiting', async () => {
    server.route('GET', '/v1/listing/7', reply.status(429, { 'retry-after': '120' }))
    const err = await make({ capMs: 10_000 })
      .listing(7)
      .catch((e) => e)
    expect(err.code).toBe('rate-limited')
    expect(err.retryAfterMs).toBe(120_000)
    expect(err.message).toMatch(/rate limited.*retry at \d{2}:\d{2}:\d{2}/)
    expect(server.hits('GET', '/v1/listing/7')).toBe(1)
    expect(delays).toEqual([])
  })

  it('429 on the last attempt is reported as rate-limited with the wait', async () => {
    server.route('GET', '/v1/listing/7', reply.status(429, { 'retry-after': '1' }))
    const err = await make({ maxAttempts: 2 })
      .listing(7)
      .catch((e) => e)
    expect(err.code).toBe('rate-limited')
    expect(err.retryAfterMs).toBe(1000)
    expect(server.hits('GET', '/v1/listing/7')).toBe(2)
  })
})

describe('offline', () => {
  it('connection refused ends as offline after a bounded number of attempts', async () => {
    const port = server.port
    await server.close()
    server = await startFaultServer()
    const api = make({ maxAttempts: 3 }, `http://127.0.0.1:${port}`)
    const started = Date.now()
    const err = await api.listing(7).catch((e) => e)
    expect(err.code).toBe('offline')
    expect(err.message).toMatch(/cannot be reached/)
    expect(delays).toHaveLength(2)
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('without injected sleep the real backoff waits between attempts (no tight loop)', async () => {
    const port = server.port
    await server.close()
    server = await startFaultServer()
    client = createApiClient({
      baseUrl: `http://127.0.0.1:${port}`,
      token: 'tok-retry',
      retry: { maxAttempts: 3, baseMs: 100, capMs: 100, random: () => 1 }
    })
    const started = Date.now()
    const err = await client.listing(7).catch((e) => e)
    expect(err.code).toBe('offline')
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
  })
})
