import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  hostAllowed,
  startSandboxServer,
  type SandboxServer
} from '../../../src-main/sandbox/http/server'
import { PageCache } from '../../../src-main/sandbox/http/page-cache'
import { createSandboxStore } from '../../../src-main/sandbox/state/store'
import { CHANNEL, TODAY, TOKEN } from './sandbox-client'

/** A GET with the Host header a browser on another site would send (fetch can't set Host). */
function getWithHost(port: number, host: string | null, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }
    if (host !== null) headers.host = host
    const req = request({ host: '127.0.0.1', port, path, headers, setHost: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the sandbox on loopback', () => {
  let server: SandboxServer

  beforeAll(async () => {
    const callers = [{ token: TOKEN, channel: CHANNEL, merchantOfRecord: 'service' as const }]
    server = await startSandboxServer({
      store: createSandboxStore({ listings: 30, seed: 1, today: TODAY, callers }),
      callers,
      log: () => undefined
    })
  })
  afterAll(() => server.close())

  it('answers requests addressed to itself, by IP or as localhost', async () => {
    expect(
      (await getWithHost(server.port, `127.0.0.1:${server.port}`, '/v1/listings')).status
    ).toBe(200)
    expect(
      (await getWithHost(server.port, `localhost:${server.port}`, '/v1/listings')).status
    ).toBe(200)
  })

  it('refuses a request under another name (DNS rebinding), another port or no Host at all', async () => {
    for (const host of [
      `evil.example:${server.port}`,
      `127.0.0.1.nip.io:${server.port}`,
      '127.0.0.1:1',
      null
    ]) {
      const answer = await getWithHost(server.port, host, '/v1/listings')
      // Node itself refuses an HTTP/1.1 request without Host (400) before the sandbox sees it.
      expect(answer.status, String(host)).toBe(host === null ? 400 : 421)
      expect(answer.body).not.toContain('"id"')
    }
    // Public routes too: the demo's images and payment page.
    expect(
      (await getWithHost(server.port, `evil.example:${server.port}`, '/images/1/1.svg')).status
    ).toBe(421)
  })

  it('keeps no page past the end of the portfolio, however many are asked for', async () => {
    const before = server.context.pages.size
    for (let page = 5; page < 200; page++) {
      const answer = await getWithHost(server.port, `127.0.0.1:${server.port}`, `/v1/rates/${page}`)
      expect(answer.body).toBe('[]')
    }
    expect(server.context.pages.size).toBe(before)
  })
})

describe('hostAllowed', () => {
  it('takes IP literals and localhost with the right port only', () => {
    expect(hostAllowed('[::1]:8080', 8080)).toBe(true)
    expect(hostAllowed('LOCALHOST:8080', 8080)).toBe(true)
    expect(hostAllowed('10.0.0.7:8080', 8080)).toBe(true)
    expect(hostAllowed('localhost', 8080)).toBe(false)
    expect(hostAllowed('localhost.evil.example:8080', 8080)).toBe(false)
    expect(hostAllowed('1.2.3.4.evil:8080', 8080)).toBe(false)
    expect(hostAllowed(undefined, 8080)).toBe(false)
  })
})

describe('PageCache', () => {
  it('drops the least recently used pages beyond its cap', () => {
    const cache = new PageCache(1024, 3)
    const build = () => Buffer.from('[]')
    for (const key of ['a', 'b', 'c', 'd']) cache.get(key, [1], [1], build)
    expect(cache.size).toBe(3)
    cache.get('b', [1], [1], build)
    cache.get('e', [1], [1], build)
    expect(cache.size).toBe(3)
  })
})
