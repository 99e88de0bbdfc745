import { toAppError } from '../../../src-main/errors'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, createApiClient, type ApiClient } from '../../../src-main/api'
import { reply, startFaultServer, type FaultServer, type Step } from '../../helpers/fault-server'

/** K5, K6, K7, P7: the token goes only to its origin and never into messages or logs. */

const CANARY = `canary-${Math.random().toString(36).slice(2)}-token`

let server: FaultServer
let client: ApiClient
let logs: string[]

beforeEach(async () => {
  server = await startFaultServer()
  logs = []
  client = createApiClient({
    baseUrl: server.url,
    token: CANARY,
    salesChannel: 'DEMO',
    timeouts: { headersMs: 300, bodyMs: 300 },
    retry: { maxAttempts: 2, sleep: async () => {} },
    log: (line) => logs.push(line)
  })
})
afterEach(async () => {
  await client.close()
  await server.close()
})

describe('redirects (K7)', () => {
  it('a 302 to another origin is an error, and the other server never gets the token', async () => {
    const other = await startFaultServer()
    other.route('GET', '/v1/listing/1', reply.json([{ id: 1 }]))
    server.route('GET', '/v1/listing/1', reply.redirect(`${other.url}/v1/listing/1`))
    const err = await client.listing(1).catch((e) => e)
    await other.close()
    expect(err.code).toBe('bad-response')
    expect(err.message).toMatch(/redirect/)
    expect(other.requests).toHaveLength(0)
    expect(server.hits('GET', '/v1/listing/1')).toBe(1)
  })
})

describe('service address', () => {
  it.each(['http://example.com', 'http://10.0.0.5:8080', 'ftp://example.com'])(
    'refuses %s at client creation with a clear sentence',
    (baseUrl) => {
      let err: unknown
      try {
        createApiClient({ baseUrl, token: CANARY })
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(ApiError)
      expect(toAppError(err).toPayload().message).toMatch(/https:\/\//)
      expect(toAppError(err).toPayload().message).not.toContain(CANARY)
    }
  )

  it.each([
    'http://127.0.0.1:9',
    'http://localhost:9',
    'http://[::1]:9',
    'https://api.example.com/base/'
  ])('accepts %s', async (baseUrl) => {
    const c = createApiClient({ baseUrl, token: CANARY })
    await c.close()
  })

  it('a base URL with a path prefix keeps it', async () => {
    const c = createApiClient({ baseUrl: `${server.url}/api/`, token: CANARY })
    server.route('GET', '/api/v1/listing/3', reply.json([{ id: 3 }]))
    expect((await c.listing(3))?.id).toBe(3)
    await c.close()
  })
})

describe('gzip', () => {
  it('asks for gzip and decodes a gzip answer', async () => {
    const listings = Array.from({ length: 50 }, (_, i) => ({
      id: i + 1,
      houseRules: 'x'.repeat(200)
    }))
    server.route('GET', '/v1/listings', reply.gzipJson(listings))
    const pages: unknown[][] = []
    for await (const p of client.pages('listings')) pages.push(p.items)
    expect(pages[0]).toEqual(listings)
    expect(server.requests[0].headers['accept-encoding']).toMatch(/gzip/)
  })

  it('a damaged gzip body is bad-response', async () => {
    const broken = gzipSync('[1,2,3]').subarray(0, 12)
    server.route('GET', '/v1/listing/1', {
      kind: 'reply',
      status: 200,
      body: broken,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }
    })
    const err = await client.listing(1).catch((e) => e)
    expect(err.code).toBe('bad-response')
  })
})

describe('the token never leaks (K6)', () => {
  const faults: [string, Step][] = [
    ['401 echoing the token', reply.status(401, {}, `unknown token Bearer ${CANARY}`)],
    ['403 echoing it', reply.status(403, {}, `token ${CANARY} has no rights`)],
    ['400 echoing it', reply.status(400, {}, `bad ${CANARY}`)],
    ['500', reply.status(500)],
    ['timeout', reply.slowHeaders(3000)],
    ['reset', reply.reset()],
    ['html', reply.html()],
    ['redirect', reply.redirect('https://elsewhere.example/x')]
  ]
  it.each(faults)('%s: no canary in the error, its description or the log', async (_n, step) => {
    server.route('GET', '/v1/listing/1', step)
    const err = await client.listing(1).catch((e) => e)
    expect(err).toBeInstanceOf(ApiError)
    const texts = [
      err.message,
      JSON.stringify(err),
      String(err.stack),
      toAppError(err).toPayload().message
    ]
    for (const t of texts) expect(t).not.toContain(CANARY)
    expect(logs.length).toBeGreaterThan(0)
    for (const line of logs) {
      expect(line).not.toContain(CANARY)
      expect(line).not.toMatch(/Bearer\s+(?!\[redacted\])\S/)
    }
  })

  it('maps each status to its code with the service message where it helps', async () => {
    const table: [number, string][] = [
      [400, 'bad-input'],
      [401, 'unauthorized'],
      [403, 'forbidden'],
      [404, 'not-found'],
      [409, 'conflict'],
      [422, 'bad-input'],
      [429, 'rate-limited'],
      [500, 'server-error'],
      [502, 'server-error']
    ]
    for (const [status, code] of table) {
      server.route('GET', '/v1/booking/B-9/DEMO', reply.status(status, {}, `why ${status}`))
      const err = await client.booking('B-9').catch((e) => e)
      expect([status, err.code]).toEqual([status, code])
      expect(toAppError(err).toPayload().message.length).toBeGreaterThan(10)
    }
  })
})

describe('profiles stay apart (K5)', () => {
  it('two clients on two origins each send only their own token', async () => {
    const prod = await startFaultServer()
    prod.route('GET', '/v1/listing/1', reply.json([{ id: 1 }]))
    server.route('GET', '/v1/listing/1', reply.json([{ id: 1 }]))
    const a = createApiClient({ baseUrl: server.url, token: 'token-test' })
    const b = createApiClient({ baseUrl: prod.url, token: 'token-prod' })
    await Promise.all([a.listing(1), b.listing(1), a.listing(1), b.listing(1)])
    await Promise.all([a.close(), b.close()])
    await prod.close()
    expect(new Set(server.requests.map((r) => r.headers.authorization))).toEqual(
      new Set(['Bearer token-test'])
    )
    expect(new Set(prod.requests.map((r) => r.headers.authorization))).toEqual(
      new Set(['Bearer token-prod'])
    )
  })
})
