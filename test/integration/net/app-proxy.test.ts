import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, createApiClient, type ApiClient } from '../../../src-main/api'
import { fetchImage } from '../../../src-main/api/images'
import { toAppError } from '../../../src-main/errors'
import { createNetwork, type NetworkOptions } from '../../../src-main/net'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import {
  closedPort,
  makeCa,
  startConnectProxy,
  startTlsFront,
  type ConnectProxy,
  type TestCa,
  type TlsFront
} from './fixtures'

/**
 * The app's path on a corporate network: the system's proxy settings (Electron's
 * session.resolveProxy, here a function answering as it does) and an organisation's own root
 * certificate, in front of the real sandbox. Every request goes through a real CONNECT proxy
 * to a real TLS server over loopback.
 */

const LISTINGS = 12
let sandbox: SandboxHandle
let ca: TestCa
let front: TlsFront
let proxy: ConnectProxy
const open: { close(): Promise<unknown> }[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ listings: LISTINGS, seed: 4, log: () => undefined })
  ca = makeCa()
  front = await startTlsFront(ca, sandbox.url)
  proxy = await startConnectProxy()
})
afterAll(async () => {
  for (const o of open) await o.close().catch(() => undefined)
  await proxy?.close()
  await front?.close()
  await sandbox?.close()
})

/** A client as the app makes it, with the system's answer `pac` for every address. */
function appClient(pac: string, more: Omit<NetworkOptions, 'resolveProxy'> = {}, asked?: string[]) {
  const client: ApiClient = createApiClient({
    baseUrl: front.url,
    token: 'demo-token',
    salesChannel: 'DEMO',
    retry: { sleep: async () => {} },
    network: createNetwork({
      ...more,
      resolveProxy: async (url) => {
        asked?.push(url)
        return pac
      }
    })
  })
  open.push(client)
  return client
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(err).toBeInstanceOf(ApiError)
  return err as ApiError
}

const target = () => `127.0.0.1:${front.port}`

describe('the system names a proxy', () => {
  it('the request goes through it and succeeds when the organisation root is trusted', async () => {
    const asked: string[] = []
    const before = proxy.connects.length
    const client = appClient(proxy.pac, { extraCa: [ca.caPem] }, asked)
    expect(await client.totalListings()).toBe(LISTINGS)
    expect((await client.listing(sandbox.store.listingIds()[0]))?.id).toBeDefined()
    expect(asked).toEqual([`${front.url}/`])
    expect(proxy.connects.slice(before)).toEqual([target()])
  })

  it("a sync process given main's answer (pac) goes the same way", async () => {
    const before = proxy.connects.length
    const client = createApiClient({
      baseUrl: front.url,
      token: 'demo-token',
      network: createNetwork({ pac: proxy.pac, extraCa: [ca.caPem] })
    })
    open.push(client)
    expect(await client.totalListings()).toBe(LISTINGS)
    expect(proxy.connects.slice(before)).toEqual([target()])
  })

  it('a SOCKS entry is passed over for the next one it can use', async () => {
    const before = proxy.connects.length
    const client = appClient(`SOCKS5 127.0.0.1:1; ${proxy.pac}; DIRECT`, { extraCa: [ca.caPem] })
    expect(await client.totalListings()).toBe(LISTINGS)
    expect(proxy.connects.slice(before)).toEqual([target()])
  })

  it('a SOCKS proxy alone is refused in words, without connecting anywhere', async () => {
    const before = { connects: proxy.connects.length, connections: front.connections }
    const err = await failure(appClient('SOCKS5 127.0.0.1:1080').totalListings())
    expect(err.message).toContain('SOCKS5 127.0.0.1:1080')
    expect(err.message).toMatch(/HTTP and HTTPS proxies/)
    expect(err.permanent).toBe(true)
    expect(proxy.connects.length).toBe(before.connects)
    expect(front.connections).toBe(before.connections)
  })

  it('DIRECT goes straight to the service', async () => {
    const before = proxy.connects.length
    const client = appClient('DIRECT', { extraCa: [ca.caPem] })
    expect(await client.totalListings()).toBe(LISTINGS)
    expect(proxy.connects.length).toBe(before)
  })
})

describe('a certificate this computer does not trust', () => {
  it('through the proxy: refused once with the sentence that says what to install', async () => {
    const before = { connects: proxy.connects.length, connections: front.connections }
    const err = await failure(appClient(proxy.pac).totalListings())
    expect(err.message).toMatch(/^The service's certificate is not trusted by this computer/)
    expect(err.message).toMatch(/root certificate in this computer's certificate store/)
    expect(err.message).toContain('NODE_EXTRA_CA_CERTS')
    // Not retried as an outage (the client retries reads up to 4 times), and not a bug.
    expect(proxy.connects.length - before.connects).toBe(1)
    expect(front.connections - before.connections).toBe(1)
    expect(err.permanent).toBe(true)
    expect(toAppError(err).unexpected).toBe(false)
    expect(err.code).not.toBe('internal')
  })

  it('direct: the same sentence, after one connection only', async () => {
    const before = { connections: front.connections, requests: front.requests }
    const err = await failure(appClient('DIRECT').totalListings())
    expect(err.message).toMatch(/^The service's certificate is not trusted by this computer/)
    expect(err.detail).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE')
    expect(front.connections - before.connections).toBe(1)
    expect(front.requests).toBe(before.requests)
  })

  it('a cancellation is refused as not sent, never as an unknown outcome', async () => {
    const err = await failure(
      appClient('DIRECT').cancel('guest', {
        bookingId: 'SB00000001',
        reason: 'plans changed',
        message: 'Sorry'
      })
    )
    expect(err.code).not.toBe('outcome-unknown')
    expect(err.message).toMatch(/not trusted by this computer/)
  })
})

describe('a proxy that refuses', () => {
  it('407: names the proxy, says it asks for a sign-in, and asks it once', async () => {
    const auth = await startConnectProxy(407)
    open.push(auth)
    const connections = front.connections
    const err = await failure(appClient(auth.pac, { extraCa: [ca.caPem] }).totalListings())
    expect(err.message).toContain(`The proxy at 127.0.0.1:${auth.port}`)
    expect(err.message).toMatch(/proxy settings/)
    expect(err.message).toMatch(/sign-in \(407\)/)
    expect(err.message).not.toMatch(/service had|inside StayDesk/)
    expect(auth.connects).toEqual([target()])
    expect(front.connections).toBe(connections)
  })

  it('403 on CONNECT: names the proxy and the blocked address', async () => {
    const blocking = await startConnectProxy(403)
    open.push(blocking)
    const err = await failure(appClient(blocking.pac).totalListings())
    expect(err.message).toContain(`The proxy at 127.0.0.1:${blocking.port}`)
    expect(err.message).toMatch(/refused the connection to 127\.0\.0\.1:\d+ \(403\)/)
    expect(blocking.connects).toHaveLength(1)
  })

  it('unreachable: names the proxy, not the service', async () => {
    const port = await closedPort()
    const err = await failure(appClient(`PROXY 127.0.0.1:${port}`).totalListings())
    expect(err.message).toContain(`The proxy at 127.0.0.1:${port}`)
    expect(err.message).toMatch(/can't be reached/)
    expect(err.code).toBe('offline')
  })
})

describe('listing images go the same way', () => {
  let images: Server
  let imageFront: TlsFront
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

  beforeAll(async () => {
    images = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
    )
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
    const { port } = images.address() as AddressInfo
    imageFront = await startTlsFront(ca, `http://127.0.0.1:${port}`)
  })
  afterAll(async () => {
    await imageFront?.close()
    await new Promise((resolve) => images?.close(resolve))
  })

  it('through the proxy the system names for the image address, trusting the same roots', async () => {
    const asked: string[] = []
    const network = createNetwork({
      extraCa: [ca.caPem],
      resolveProxy: async (url) => {
        asked.push(url)
        return proxy.pac
      }
    })
    const before = proxy.connects.length
    const image = await fetchImage(`${imageFront.url}/photo.png`, undefined, network)
    expect(image.contentType).toBe('image/png')
    expect(Buffer.from(image.bytes)).toEqual(PNG)
    expect(asked).toEqual([`${imageFront.url}/`])
    expect(proxy.connects.slice(before)).toEqual([`127.0.0.1:${imageFront.port}`])
  })

  it('an untrusted image server is named as such', async () => {
    const network = createNetwork({ resolveProxy: async () => 'DIRECT' })
    const err = await failure(fetchImage(`${imageFront.url}/photo.png`, undefined, network))
    expect(err.message).toMatch(/^The image server's certificate is not trusted by this computer/)
  })
})
