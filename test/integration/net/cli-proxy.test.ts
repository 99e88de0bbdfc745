import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, createApiClient } from '../../../src-main/api'
import { createNetwork } from '../../../src-main/net'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk } from '../cli/run-cli'
import {
  makeCa,
  startConnectProxy,
  startTlsFront,
  type ConnectProxy,
  type TestCa,
  type TlsFront
} from './fixtures'

/**
 * The command line's path on a corporate network: HTTPS_PROXY / HTTP_PROXY / NO_PROXY (either
 * case) and NODE_EXTRA_CA_CERTS, set as a user sets them, in a real `staydesk` process; and the
 * same environment handed to the network factory in this process for the refusals.
 */

let sandbox: SandboxHandle
let ca: TestCa
let front: TlsFront
let proxy: ConnectProxy

beforeAll(async () => {
  sandbox = await startSandbox({ listings: 6, seed: 8, log: () => undefined })
  ca = makeCa()
  front = await startTlsFront(ca, sandbox.url)
  proxy = await startConnectProxy()
})
afterAll(async () => {
  await proxy?.close()
  await front?.close()
  await sandbox?.close()
})

const PROXY_VARIABLES = /^(https?_proxy|no_proxy|all_proxy|node_extra_ca_certs)$/i

/** This environment without any proxy or CA setting of the machine running the tests. */
function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { STAYDESK_TOKEN: 'demo-token' }
  for (const [key, value] of Object.entries(process.env)) {
    if (!PROXY_VARIABLES.test(key)) env[key] = value
  }
  return { ...env, ...extra }
}

const sync = (env: NodeJS.ProcessEnv) =>
  runStaydesk(
    ['sync', '--base-url', front.url, '--db', join(tempDir('staydesk-net-'), 'm.sqlite'), '--json'],
    env
  )

describe('staydesk behind an inspecting proxy', () => {
  it('HTTPS_PROXY and NODE_EXTRA_CA_CERTS: the sync goes through the proxy and succeeds', async () => {
    const before = proxy.connects.length
    const ran = await sync(cleanEnv({ HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: ca.caFile }))
    expect(ran.code, ran.stderr).toBe(0)
    expect(JSON.parse(ran.stdout).ok).toBe(true)
    const seen = proxy.connects.slice(before)
    expect(seen.length).toBeGreaterThan(0)
    expect(new Set(seen)).toEqual(new Set([`127.0.0.1:${front.port}`]))
  })

  it('without the root: every resource refused with the certificate sentence, none retried', async () => {
    const before = { connects: proxy.connects.length, requests: front.requests }
    const ran = await sync(cleanEnv({ https_proxy: proxy.url }))
    expect(ran.code).toBe(1)
    const { errors } = JSON.parse(ran.stdout) as { errors: { code: string; message: string }[] }
    expect(errors.length).toBeGreaterThan(0)
    for (const e of errors) {
      expect(e.code).toBe('offline')
      expect(e.message).toMatch(/^The service's certificate is not trusted by this computer/)
      expect(e.message).toContain('NODE_EXTRA_CA_CERTS')
    }
    // One tunnel per failed resource: a read is otherwise tried four times.
    expect(proxy.connects.length - before.connects).toBe(errors.length)
    expect(front.requests).toBe(before.requests)
  })

  it('NO_PROXY=127.0.0.1 sends the same sync past the proxy', async () => {
    const env = { HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: ca.caFile }
    const proxied = proxy.connects.length
    expect((await sync(cleanEnv(env))).code).toBe(0)
    expect(proxy.connects.length).toBeGreaterThan(proxied)
    const bypassed = proxy.connects.length
    const ran = await sync(cleanEnv({ ...env, NO_PROXY: '127.0.0.1' }))
    expect(ran.code, ran.stderr).toBe(0)
    expect(proxy.connects.length).toBe(bypassed)
  })
})

describe('a write refused by this computer before anything left it', () => {
  it('is journaled as not sent, never as refused by the service', async () => {
    const booking = sandbox.demoBookings.find((b) => b.status === 'confirmed')!
    const db = join(tempDir('staydesk-net-write-'), 'm.sqlite')
    const env = cleanEnv({
      HTTPS_PROXY: 'socks5://alice:s3cret@127.0.0.1:1080',
      NODE_EXTRA_CA_CERTS: ca.caFile,
      STAYDESK_DATA_DIR: tempDir('staydesk-net-data-')
    })
    const cancel = await runStaydesk(
      [
        'booking',
        'cancel',
        booking.id,
        '--by',
        'guest',
        '--reason',
        'plans changed',
        '--message',
        'Sorry',
        '--channel',
        'DEMO',
        '--base-url',
        front.url,
        '--db',
        db
      ],
      env
    )
    expect(cancel.code).toBe(1)
    expect(cancel.stderr).toMatch(/HTTPS_PROXY is not a proxy address StayDesk can use/)
    expect(cancel.stderr).not.toContain('s3cret')
    const audit = await runStaydesk(['audit', '--db', db, '--json'], env)
    expect(audit.code, audit.stderr).toBe(0)
    const items = (JSON.parse(audit.stdout) as { items: { outcome: string }[] }).items
    expect(items.map((i) => i.outcome)).toEqual(['not-sent'])
  })
})

describe('the environment given to the network factory', () => {
  const client = (env: NodeJS.ProcessEnv) =>
    createApiClient({
      baseUrl: front.url,
      token: 'demo-token',
      retry: { sleep: async () => {} },
      network: createNetwork({ env, extraCa: [ca.caPem] })
    })
  const failure = async (env: NodeJS.ProcessEnv): Promise<ApiError> => {
    const c = client(env)
    const err: unknown = await c.totalListings().then(
      () => undefined,
      (e: unknown) => e
    )
    await c.close()
    expect(err).toBeInstanceOf(ApiError)
    return err as ApiError
  }

  it('a bare host:port in lower-case https_proxy is an http proxy', async () => {
    const before = proxy.connects.length
    const c = client({ https_proxy: `127.0.0.1:${proxy.port}` })
    expect(await c.totalListings()).toBe(6)
    await c.close()
    expect(proxy.connects.slice(before)).toEqual([`127.0.0.1:${front.port}`])
  })

  it('a proxy answering 407 is named with the variable it came from', async () => {
    const auth = await startConnectProxy(407)
    const err = await failure({ HTTPS_PROXY: auth.url })
    await auth.close()
    expect(err.message).toContain(`The proxy at 127.0.0.1:${auth.port} (set in HTTPS_PROXY)`)
    expect(err.message).toMatch(/sign-in \(407\)/)
    expect(err.message).toContain('http://user:password@host:port')
    expect(err.permanent).toBe(true)
    expect(auth.connects).toHaveLength(1)
  })

  it('a proxy variable StayDesk cannot use says so without repeating its value', async () => {
    const err = await failure({ HTTPS_PROXY: 'socks5://alice:s3cret@10.0.0.1:1080' })
    expect(err.code).toBe('bad-input')
    expect(err.message).toMatch(/^HTTPS_PROXY is not a proxy address StayDesk can use/)
    expect(err.message).not.toContain('s3cret')
  })

  it('a bad HTTPS_PROXY does not stop a plain-http service, which uses HTTP_PROXY alone', async () => {
    const plain = createApiClient({
      baseUrl: sandbox.url,
      token: 'demo-token',
      retry: { sleep: async () => {} },
      network: createNetwork({ env: { HTTPS_PROXY: 'socks5://alice:s3cret@10.0.0.1:1080' } })
    })
    expect(await plain.totalListings()).toBe(6)
    await plain.close()
  })
})
