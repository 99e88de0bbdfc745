import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient, type RawPage } from '../../../src-main/api'
import { reply, startFaultServer, type FaultServer } from '../../helpers/fault-server'

/** H6, H7, H9: Link paging over real HTTP, envelope checks, faults on a page. */

let server: FaultServer
let client: ApiClient
let sleeps: number

beforeEach(async () => {
  server = await startFaultServer()
  sleeps = 0
  client = createApiClient({
    baseUrl: server.url,
    token: 'tok-paging',
    retry: {
      maxAttempts: 3,
      sleep: async () => {
        sleeps++
      }
    }
  })
})
afterEach(async () => {
  await client.close()
  await server.close()
})

async function collect(iter: AsyncIterable<RawPage>): Promise<RawPage[]> {
  const out: RawPage[] = []
  for await (const page of iter) out.push(page)
  return out
}

const rec = (id: number): { listingId: number; rate: object } => ({ listingId: id, rate: {} })

describe('following Link rel="next"', () => {
  it('walks absolute, relative and multi-rel links until there is no Link', async () => {
    server.route(
      'GET',
      '/v1/rates',
      reply.json([rec(1), rec(2)], 200, {
        link: `<${server.url}/v1/rates/1>; rel="next"`,
        'x-total-count': '5',
        date: 'Tue, 01 Jun 2027 10:00:00 GMT'
      })
    )
    server.route(
      'GET',
      '/v1/rates/1',
      reply.json([rec(3), rec(4)], 200, {
        link: '</v1/rates/0>; rel="prev", </v1/rates/2>; title="a, b; c"; rel="last next"'
      })
    )
    server.route('GET', '/v1/rates/2', reply.json([rec(5)]))
    const pages = await collect(client.pages('rates'))
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 1])
    expect(pages[0].url).toBe(`${server.url}/v1/rates`)
    expect(pages[0].next).toBe(`${server.url}/v1/rates/1`)
    expect(pages[1].next).toBe(`${server.url}/v1/rates/2`)
    expect(pages[2].next).toBeNull()
    expect(pages[0].totalCount).toBe(5)
    expect(pages[0].serverTime).toBe(Date.parse('2027-06-01T10:00:00Z'))
    expect(server.requests.every((r) => r.headers.authorization === 'Bearer tok-paging')).toBe(true)
  })

  it('records are handed over raw, so the sync engine can quarantine bad ones', async () => {
    server.route('GET', '/v1/listings', reply.json([{ id: 1 }, { id: 'not-a-number' }, 42]))
    const [page] = await collect(client.pages('listings'))
    expect(page.items).toEqual([{ id: 1 }, { id: 'not-a-number' }, 42])
  })

  it('delta walks start at /delta/{since} and resume from a saved next link', async () => {
    server.route(
      'GET',
      '/v1/availability/delta/1700000000',
      reply.json([], 200, { link: '</v1/availability/delta/1700000000/1>; rel=next' })
    )
    server.route('GET', '/v1/availability/delta/1700000000/1', reply.json([]))
    const pages = await collect(client.pages('availability', { since: 1700000000 }))
    expect(pages).toHaveLength(2)
    const resumed = await collect(client.pages('availability', { startUrl: pages[0].next! }))
    expect(resumed.map((p) => p.url)).toEqual([`${server.url}/v1/availability/delta/1700000000/1`])
  })

  it('a resume link on another origin is refused before any request', async () => {
    const err = await collect(
      client.pages('listings', { startUrl: 'https://evil.example/v1/listings/3' })
    ).catch((e) => e)
    expect(err.code).toBe('bad-input')
    expect(server.requests).toHaveLength(0)
  })

  it('a next link to another origin is refused and that origin never sees the token', async () => {
    const other = await startFaultServer()
    other.route('GET', '/v1/listings/1', reply.json([]))
    server.route(
      'GET',
      '/v1/listings',
      reply.json([{ id: 1 }], 200, { link: `<${other.url}/v1/listings/1>; rel="next"` })
    )
    const seen: RawPage[] = []
    const err = await (async () => {
      for await (const p of client.pages('listings')) seen.push(p)
    })().catch((e) => e)
    await other.close()
    expect(err.code).toBe('bad-response')
    expect(err.message).toMatch(/another address/)
    expect(other.requests).toHaveLength(0)
    // The page that carried the bad link is not handed out, so its link is never stored.
    expect(seen).toHaveLength(0)
  })

  it('a repeated next link stops the walk with an error instead of looping', async () => {
    server.route(
      'GET',
      '/v1/listings',
      reply.json([{ id: 1 }], 200, { link: '</v1/listings/1>; rel="next"' })
    )
    server.route(
      'GET',
      '/v1/listings/1',
      reply.json([{ id: 2 }], 200, { link: '</v1/listings/1>; rel="next"' })
    )
    const seen: RawPage[] = []
    const err = await (async () => {
      for await (const p of client.pages('listings')) seen.push(p)
    })().catch((e) => e)
    expect(err.code).toBe('bad-response')
    expect(seen).toHaveLength(1)
    expect(server.requests).toHaveLength(2)
  })
})

describe('faults on a page', () => {
  it('a truncated page is retried as a whole and then succeeds', async () => {
    const body = [{ id: 1 }, { id: 2 }, { id: 3 }]
    server.route('GET', '/v1/listings', reply.truncate(body, 8), reply.json(body))
    const pages = await collect(client.pages('listings'))
    expect(pages[0].items).toEqual(body)
    expect(server.hits('GET', '/v1/listings')).toBe(2)
  })

  it('a page that keeps resetting ends in an error and no partial page is yielded', async () => {
    server.route('GET', '/v1/listings', reply.reset())
    const seen: RawPage[] = []
    const err = await (async () => {
      for await (const p of client.pages('listings')) seen.push(p)
    })().catch((e) => e)
    expect(err.code).toBe('offline')
    expect(err.message).toMatch(/connection .* lost/)
    expect(seen).toHaveLength(0)
    expect(server.hits('GET', '/v1/listings')).toBe(3)
  })

  it('a 200 HTML page is bad-response, not retried, nothing yielded', async () => {
    server.route('GET', '/v1/listings', reply.html())
    const err = await collect(client.pages('listings')).catch((e) => e)
    expect(err.code).toBe('bad-response')
    expect(server.hits('GET', '/v1/listings')).toBe(1)
  })

  it('a JSON envelope that is not an array is bad-response', async () => {
    server.route('GET', '/v1/listings', reply.json({ items: [] }))
    const err = await collect(client.pages('listings')).catch((e) => e)
    expect(err.code).toBe('bad-response')
    expect(err.message).toMatch(/not a list/)
  })

  it('a 503 on page 2 is retried; page 1 is not fetched again', async () => {
    server.route(
      'GET',
      '/v1/listings',
      reply.json([{ id: 1 }], 200, { link: '</v1/listings/1>; rel="next"' })
    )
    server.route('GET', '/v1/listings/1', reply.status(503), reply.json([{ id: 2 }]))
    const pages = await collect(client.pages('listings'))
    expect(pages).toHaveLength(2)
    expect(server.hits('GET', '/v1/listings')).toBe(1)
    expect(server.hits('GET', '/v1/listings/1')).toBe(2)
    expect(sleeps).toBe(1)
  })
})
