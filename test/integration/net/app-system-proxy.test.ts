import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type StayDeskApp } from '../../../src-main/features/create-app'
import { dispatchCommand } from '../../../src-main/ipc/register'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { forkSyncHost } from '../../helpers/fork-sync-host'
import type { HostChannel } from '../../../src-main/sync/sync-host-protocol'
import {
  eventRecorder,
  fakeOsCipher,
  recordingProxy,
  tempDataDir,
  type RecordingProxy
} from '../main/app-fixtures'
import {
  closedPort,
  makeCa,
  startConnectProxy,
  startTlsFront,
  type ConnectProxy,
  type TlsFront
} from './fixtures'

/**
 * The app on a network whose proxy the system's settings name (Electron's resolveProxy, here a
 * function answering as it does). The service's address is one nothing answers on from this
 * computer: only the proxy reaches it (its `routes`, to a pass-through in front of the sandbox
 * that gives each request the sandbox's own Host), as on a corporate network that allows no
 * direct connection out. So every operation that works here went through the proxy: the
 * window's reads and writes, Test connection, the sync in its own process (the path of the
 * app's utility process) and the quiet delta main probes itself; listing images, on the
 * sandbox's own address, are counted at the proxy.
 */

const LISTINGS = 20
let sandbox: SandboxHandle
/** The sandbox as the network behind the proxy reaches it. */
let behind: RecordingProxy
let proxy: ConnectProxy
let front: TlsFront
let app: StayDeskApp
/** host:port of the service's address, reachable only through the proxy. */
let service = ''
const asked: string[] = []
const started: HostChannel[] = []
const data = tempDataDir()

const value = async <T>(name: Parameters<typeof dispatchCommand>[1], input: unknown) => {
  const result = await dispatchCommand(app.handlers, name, input)
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
  return result.value as T
}

beforeAll(async () => {
  sandbox = await startSandbox({ listings: LISTINGS, seed: 6, log: () => undefined })
  service = `127.0.0.1:${await closedPort()}`
  behind = await recordingProxy(sandbox.url)
  proxy = await startConnectProxy(undefined, { [service]: new URL(behind.url).host })
  front = await startTlsFront(makeCa(), sandbox.url)
  const fork = forkSyncHost()
  app = await createApp({
    dataDir: data.dir,
    cipher: fakeOsCipher(),
    demoBaseUrl: () => `http://${service}`,
    version: '1',
    emit: eventRecorder().emit,
    periodicSyncMs: 0,
    log: () => undefined,
    syncHost: () => {
      const channel = fork()
      started.push(channel)
      return channel
    },
    resolveProxy: async (url) => {
      asked.push(url)
      return proxy.pac
    }
  })
})
afterAll(async () => {
  await app?.close()
  await proxy?.close()
  await behind?.close()
  await front?.close()
  await sandbox?.close()
  data.remove()
})

describe('the system names a proxy', () => {
  it('the start-up sync, in a process of its own, goes through it', async () => {
    const summary = await app.firstSync
    expect(summary?.errors).toEqual([])
    expect(started).toHaveLength(1)
    expect(started[0].pid).not.toBe(process.pid)
    expect((await value<{ total: number }>('listings:search', {})).total).toBe(LISTINGS)
    expect(asked).toContain(`http://${service}/`)
    expect(proxy.carried(service)).toBeGreaterThan(0)
  })

  it('a delta with nothing to do is probed through it by main, with no process started', async () => {
    const before = proxy.carried(service)
    const summary = await value<{ errors: unknown[]; results: { mode: string }[] }>('sync:run', {
      full: false
    })
    expect(summary.errors).toEqual([])
    expect(summary.results.map((r) => r.mode)).toEqual(['delta', 'delta', 'delta'])
    // A probe that failed would have left the delta to a second sync process.
    expect(started).toHaveLength(1)
    expect(proxy.carried(service)).toBeGreaterThan(before)
  })

  it('a delta with changes goes to the sync process, which goes through it as well', async () => {
    const before = proxy.carried(service)
    sandbox.churnNow()
    sandbox.store.advance(5 * 60_000)
    const summary = await value<{ errors: unknown[]; results: { changed: number }[] }>('sync:run', {
      full: false
    })
    expect(summary.errors).toEqual([])
    expect(summary.results.reduce((n, r) => n + r.changed, 0)).toBeGreaterThan(0)
    expect(started).toHaveLength(2)
    expect(proxy.carried(service)).toBeGreaterThan(before)
  })

  it("the window's reads and writes go through it", async () => {
    const confirmed = sandbox.store.demoBookings().filter((b) => b.status === 'confirmed')
    const kept = await value<{ source: string; booking: { id: string } }>('bookings:open', {
      id: confirmed[0].id
    })
    expect(kept).toMatchObject({ source: 'live', booking: { id: confirmed[0].id } })

    const outcome = await value<{ outcome: string }>('bookings:cancel', {
      bookingId: confirmed[1].id,
      by: 'pm',
      reason: 'Owner maintenance',
      message: 'We are sorry.'
    })
    expect(outcome.outcome).toBe('done')
    expect(sandbox.store.readBooking(confirmed[1].id, 'DEMO').status).toBe('cancelledByPm')
  })

  it('Test connection goes through it', async () => {
    const before = proxy.carried(service)
    const verdict = await value<{ ok: boolean; listings?: number }>('profiles:test-connection', {
      id: 'demo'
    })
    expect(verdict).toMatchObject({ ok: true, listings: LISTINGS })
    expect(proxy.carried(service)).toBe(before + 1)
  })

  it('a listing image goes through the proxy the system names for the image address', async () => {
    const images = new URL(sandbox.url)
    expect(proxy.carried(images.host)).toBe(0)
    const id = (await value<{ items: { id: number }[] }>('listings:search', {})).items[0].id
    const image = await value<{ fromCopy: boolean } | null>('listings:image', { id, index: 0 })
    expect(image).toMatchObject({ fromCopy: false })
    expect(asked).toContain(`${images.origin}/`)
    expect(proxy.carried(images.host)).toBe(1)
  })
})

describe('a certificate this computer does not trust', () => {
  it('Test connection says so, through the proxy, instead of "check the address"', async () => {
    const created = await value<{ id: string }>('profiles:create', {
      profile: { name: 'Inspected', kind: 'test', baseUrl: front.url, salesChannel: 'DEMO' }
    })
    await value('profiles:set-token', { id: created.id, token: 'demo-token' })
    const verdict = await value<{ ok: boolean; code?: string; verdict: string }>(
      'profiles:test-connection',
      { id: created.id }
    )
    expect(verdict).toMatchObject({ ok: false, code: 'offline' })
    expect(verdict.verdict).toMatch(/^The service's certificate is not trusted by this computer/)
    expect(verdict.verdict).toMatch(/root certificate in this computer's certificate store/)
    expect(proxy.carried(`127.0.0.1:${front.port}`)).toBe(1)
    expect(front.requests).toBe(0)
  })
})

describe('a proxy that cannot be reached', () => {
  it('Test connection names the proxy and where it was set, instead of "check the address"', async () => {
    const deadProxy = `127.0.0.1:${await closedPort()}`
    const lone = tempDataDir()
    const other = await createApp({
      dataDir: lone.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => sandbox.url,
      version: '1',
      emit: eventRecorder().emit,
      periodicSyncMs: 0,
      log: () => undefined,
      syncHost: forkSyncHost(),
      resolveProxy: async () => `PROXY ${deadProxy}`
    })
    try {
      const created = await dispatchCommand(other.handlers, 'profiles:create', {
        profile: { name: 'Behind', kind: 'test', baseUrl: sandbox.url, salesChannel: 'DEMO' }
      })
      if (!created.ok) throw new Error(created.error.message)
      const id = (created.value as { id: string }).id
      await dispatchCommand(other.handlers, 'profiles:set-token', { id, token: 'demo-token' })
      const tested = await dispatchCommand(other.handlers, 'profiles:test-connection', { id })
      if (!tested.ok) throw new Error(tested.error.message)
      const verdict = tested.value as { ok: boolean; code?: string; verdict: string }
      expect(verdict).toMatchObject({ ok: false, code: 'offline' })
      expect(verdict.verdict).toContain(
        `The proxy at ${deadProxy} (set in this computer's proxy settings) can't be reached`
      )
    } finally {
      await other.close()
      lone.remove()
    }
  })
})
