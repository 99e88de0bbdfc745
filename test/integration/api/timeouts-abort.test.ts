import { toAppError } from '../../../src-main/errors'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { reply, startFaultServer, type FaultServer } from '../../helpers/fault-server'

/** H1 timeouts and H11 abort. Timing asserts keep about 1 s of slack: undici timers are coarse. */

let server: FaultServer
let client: ApiClient

beforeEach(async () => {
  server = await startFaultServer()
  client = createApiClient({
    baseUrl: server.url,
    token: 'tok-timeouts',
    timeouts: { headersMs: 300, bodyMs: 300 },
    retry: { maxAttempts: 1 }
  })
})
afterEach(async () => {
  await client.close()
  await server.close()
})

describe('timeouts', () => {
  it('slow headers end in a timeout error within the configured value plus slack', async () => {
    server.route('GET', '/v1/listing/1', reply.slowHeaders(5000))
    const started = Date.now()
    const err = await client.listing(1).catch((e) => e)
    expect(err.code).toBe('timeout')
    expect(toAppError(err).toPayload().message).toMatch(/did not answer in time/)
    expect(Date.now() - started).toBeLessThan(300 + 1500)
  })

  it('a body that stalls halfway ends in a timeout error', async () => {
    server.route('GET', '/v1/listing/1', reply.slowBody(5000, JSON.stringify([{ id: 1 }])))
    const started = Date.now()
    const err = await client.listing(1).catch((e) => e)
    expect(err.code).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(300 + 1500)
  })

  it('a timed-out GET is retried, and a later fast answer wins', async () => {
    const retrying = createApiClient({
      baseUrl: server.url,
      token: 'tok-timeouts',
      timeouts: { headersMs: 300 },
      retry: { sleep: async () => {} }
    })
    server.route('GET', '/v1/listing/1', reply.slowHeaders(3000), reply.json([{ id: 1 }]))
    const got = await retrying.listing(1)
    await retrying.close()
    expect(got?.id).toBe(1)
    expect(server.hits('GET', '/v1/listing/1')).toBe(2)
  })
})

describe('abort', () => {
  it('aborting mid-request cancels it with code aborted, promptly', async () => {
    const slow = createApiClient({ baseUrl: server.url, token: 'tok-timeouts' })
    server.route('GET', '/v1/listing/1', reply.slowHeaders(5000))
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 100)
    const started = Date.now()
    const err = await slow.listing(1, ac.signal).catch((e) => e)
    await slow.close()
    expect(err.code).toBe('aborted')
    expect(toAppError(err).toPayload().code).toBe('aborted')
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('an already aborted signal sends nothing', async () => {
    server.route('GET', '/v1/listing/1', reply.json([{ id: 1 }]))
    const err = await client.listing(1, AbortSignal.abort()).catch((e) => e)
    expect(err.code).toBe('aborted')
    expect(server.requests).toHaveLength(0)
  })

  it('aborting during a retry wait stops further attempts', async () => {
    const retrying = createApiClient({
      baseUrl: server.url,
      token: 'tok-timeouts',
      retry: { baseMs: 5000, capMs: 5000, random: () => 1 }
    })
    server.route('GET', '/v1/listing/1', reply.status(503))
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 200)
    const err = await retrying.listing(1, ac.signal).catch((e) => e)
    await retrying.close()
    expect(err.code).toBe('aborted')
    expect(server.hits('GET', '/v1/listing/1')).toBe(1)
  })

  it('aborting a page walk stops the walk', async () => {
    server.route(
      'GET',
      '/v1/listings',
      reply.json([{ id: 1 }], 200, { link: '</v1/listings/1>; rel="next"' })
    )
    server.route('GET', '/v1/listings/1', reply.slowHeaders(250, '[]'))
    const ac = new AbortController()
    const seen: unknown[] = []
    const err = await (async () => {
      for await (const page of client.pages('listings', { signal: ac.signal })) {
        seen.push(page)
        ac.abort()
      }
    })().catch((e) => e)
    expect(err.code).toBe('aborted')
    expect(seen).toHaveLength(1)
  })

  it('aborting a create after it was sent says to check the booking', async () => {
    server.route('POST', '/v1/booking', reply.slowHeaders(5000))
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 150)
    const err = await client
      .createBooking(
        {
          listingId: 1,
          from: '2027-03-01',
          to: '2027-03-03',
          adults: 1,
          guest: { firstName: 'A', lastName: 'B', email: 'a@b.example' }
        },
        ac.signal
      )
      .catch((e) => e)
    expect(err.code).toBe('aborted')
    expect(err.message).toMatch(/Check the booking/)
    expect(server.hits('POST', '/v1/booking')).toBe(1)
  })
})
