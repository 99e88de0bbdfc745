import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { probeEmptyDeltas } from '../../../../src-main/sync/quiet-delta'

/**
 * What the quiet delta's probe takes for "nothing changed": only `200 []` without a next link,
 * gzipped or not, for all three resources. Everything else leaves the delta to the process.
 */

interface Answer {
  status: number
  body: Buffer | string
  headers?: OutgoingHttpHeaders
}

let answer: Answer = { status: 200, body: '[]' }
const seen: { url: string; auth: string }[] = []
let server: Server
let baseUrl = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization ?? '' })
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      date: 'Mon, 23 Nov 2026 10:00:00 GMT',
      ...answer.headers
    })
    res.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const since = new Map(SYNC_RESOURCES.map((r, i) => [r, 1_790_000_000 + i]))
const probe = () => probeEmptyDeltas({ baseUrl, token: 'secret-token', mirrorFile: '' }, since)

describe('probeEmptyDeltas', () => {
  it('asks each resource for its delta page 0 since its own watermark, with the token', async () => {
    answer = { status: 200, body: '[]' }
    seen.length = 0
    const pages = await probe()
    expect(seen.map((s) => s.url).sort()).toEqual([
      '/v1/availability/delta/1790000001',
      '/v1/listings/delta/1790000000',
      '/v1/rates/delta/1790000002'
    ])
    expect(seen.every((s) => s.auth === 'Bearer secret-token')).toBe(true)
    // The service's clock, as the engine's watermark needs it.
    expect(pages?.get('rates')).toMatchObject({
      items: [],
      next: null,
      serverTime: Date.parse('2026-11-23T10:00:00Z')
    })
  })

  it('reads a gzipped empty array as empty', async () => {
    answer = { status: 200, body: gzipSync('[]'), headers: { 'content-encoding': 'gzip' } }
    expect((await probe())?.size).toBe(3)
  })

  it.each<[string, Answer]>([
    ['records', { status: 200, body: '[{"id":1}]' }],
    ['a next link', { status: 200, body: '[]', headers: { link: '</v1/x/2>; rel="next"' } }],
    ['an empty array padded past 256 bytes', { status: 200, body: `[${' '.repeat(300)}]` }],
    [
      'a gzipped body that expands past 256 bytes',
      {
        status: 200,
        body: gzipSync(`[${' '.repeat(5000)}]`),
        headers: { 'content-encoding': 'gzip' }
      }
    ],
    ['an object', { status: 200, body: '{}' }],
    ['not JSON', { status: 200, body: '<html>' }],
    ['a 503', { status: 503, body: '{"message":"later"}' }],
    ['a 304', { status: 304, body: '' }],
    ['an unknown encoding', { status: 200, body: '[]', headers: { 'content-encoding': 'br' } }]
  ])('takes %s as "something to do"', async (_, a) => {
    answer = a
    await expect(probe().catch(() => 'failed')).resolves.not.toBeInstanceOf(Map)
  })
})
