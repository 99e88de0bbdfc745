import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createApp } from '../../../src-main/features/create-app'
import { openMirror, type Mirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import type { SyncProgress } from '../../../src-main/sync/engine'
import { forkSyncHost } from '../../helpers/fork-sync-host'
import { quietDeltaFirst } from '../../../src-main/sync/quiet-delta'
import type { SpawnSyncHost } from '../../../src-main/sync/sync-host-protocol'
import { processSyncExecutor } from '../../../src-main/sync/sync-process'
import { tempDir } from '../../helpers/sync-fixtures'
import { eventRecorder, fakeOsCipher, tempDataDir } from '../main/app-fixtures'

/**
 * A periodic delta with nothing to do is committed by the app's main process on its open
 * mirror, without starting the sync process; anything else still goes to the process. Real
 * sandbox over HTTP, real sync processes (from source), spawns counted.
 */

const TODAY = '2026-11-23'
/** The sandbox's default caller, which is also the Demo profile's token. */
const TOKEN = 'demo-token'
const MINUTES = 60_000

function countingHost(onSpawn?: () => void): { spawn: SpawnSyncHost; spawns: () => number } {
  const fork = forkSyncHost()
  let spawns = 0
  return {
    spawns: () => spawns,
    spawn: () => {
      spawns++
      onSpawn?.()
      return fork()
    }
  }
}

const tick = () => new Promise((r) => setTimeout(r, 5))

type Mode = 'pass' | 'records' | 'link' | 'padded' | 'object' | '5xx' | 'slow' | 'hold'

/**
 * Passes everything through to the sandbox, except delta page 0 answers, which `mode` may
 * change into the answers a probe must not take as "nothing changed". `held` counts the delta
 * requests answered by 'hold' (never, until the client gives up).
 */
async function deltaProxy(target: string) {
  const upstream = new URL(target)
  const state = { mode: 'pass' as Mode, held: 0 }
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const out = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host }
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  }
  const server = createServer((req, res) => {
    const delta = /^\/v1\/\w+\/delta\/\d+$/.test(req.url ?? '')
    const json = (status: number, body: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body)
    if (!delta || state.mode === 'pass') return pass(req, res)
    if (state.mode === 'records') return json(200, '[{"id":1}]')
    if (state.mode === 'link') {
      return json(200, '[]', { link: `<${target}${req.url}/1>; rel="next"` })
    }
    if (state.mode === 'padded') return json(200, `[${' '.repeat(300)}]`)
    if (state.mode === 'object') return json(200, '{}')
    if (state.mode === '5xx') return json(503, '{"message":"down for maintenance"}')
    if (state.mode === 'slow') return void setTimeout(() => pass(req, res), 1500)
    state.held++
    req.on('close', () => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}

let sandbox: SandboxHandle
beforeAll(async () => {
  sandbox = await startSandbox({
    listings: 40,
    seed: 11,
    today: TODAY,
    log: () => undefined
  })
})
afterAll(async () => {
  await sandbox?.close()
})

describe('quiet delta in the app', () => {
  const data = tempDataDir()
  afterAll(() => data.remove())

  it('finishes a no-change delta without starting the sync process, and the data age moves on', async () => {
    const rec = eventRecorder()
    const host = countingHost()
    const app = await createApp({
      dataDir: data.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => sandbox.url,
      version: '1',
      emit: rec.emit,
      periodicSyncMs: 0,
      log: () => undefined,
      syncHost: host.spawn
    })
    try {
      expect((await app.firstSync)?.errors).toEqual([])
      expect(host.spawns()).toBe(1)
      // Past the overlap: what the full download read is no longer news to a delta.
      sandbox.store.advance(5 * MINUTES)
      await app.handlers['sync:run']({})
      const spawns = host.spawns()
      const before = await app.handlers['sync:status']({})
      await tick()
      rec.events.length = 0

      const summary = await app.handlers['sync:run']({})
      expect(summary.errors).toEqual([])
      expect(summary.results.map((r) => [r.resource, r.mode, r.records])).toEqual(
        SYNC_RESOURCES.map((r) => [r, 'delta', 0])
      )
      expect(host.spawns()).toBe(spawns)
      const after = await app.handlers['sync:status']({})
      for (const [i, r] of after.resources.entries()) {
        expect(r.lastSuccessAt, r.resource).toBeGreaterThan(before.resources[i].lastSuccessAt!)
        expect(r.lastError).toBeNull()
      }
      // The screens hear of it as of any sync: progress per resource, then the summary.
      const done = rec
        .of('sync:progress')
        .filter((p) => (p as { event: SyncProgress }).event.type === 'done')
      expect(done).toHaveLength(3)
      expect(rec.of('sync:finished')).toHaveLength(1)
      expect((await app.handlers['listings:search']({})).total).toBe(40)
    } finally {
      await app.close()
    }
  })
})

describe('quiet delta around the process executor', () => {
  const dir = tempDir()
  let proxy: Awaited<ReturnType<typeof deltaProxy>>
  let mirror: Mirror
  const host = countingHost(() => (proxy.state.mode = 'pass'))
  const outcomes: string[] = []
  let execute: ReturnType<typeof quietDeltaFirst>

  const run = (signal = new AbortController().signal) =>
    execute('p', { full: false, onProgress: () => undefined, signal })

  beforeAll(async () => {
    proxy = await deltaProxy(sandbox.url)
    const target = () => ({ baseUrl: proxy.url, token: TOKEN, mirrorFile: join(dir, 'm.sqlite') })
    mirror = await openMirror(target().mirrorFile)
    execute = quietDeltaFirst(target, processSyncExecutor(target, host.spawn), {
      mirrorOf: async () => mirror,
      probeTimeoutMs: 500,
      onOutcome: (o) => outcomes.push(o)
    })
    await run()
    sandbox.store.advance(5 * MINUTES)
    await run()
  })
  afterAll(async () => {
    await mirror?.close()
    await proxy?.close()
  })

  it('sends a delta with a change to the process, which records the history', async () => {
    const id = mirror.listings.search({}).items[0].id
    const spawns = host.spawns()
    sandbox.store.setNightlyRate(id, '2026-12-10', 321)
    const summary = await run()
    expect(summary.errors).toEqual([])
    expect(host.spawns()).toBe(spawns + 1)
    expect(summary.results.find((r) => r.resource === 'rates')?.changed).toBe(1)
    expect(mirror.history.ofListing(id).some((h) => h.resource === 'rates')).toBe(true)
    sandbox.store.advance(5 * MINUTES)
    await run()
    // Now nothing changed: done here.
    const quiet = host.spawns()
    expect((await run()).errors).toEqual([])
    expect(host.spawns()).toBe(quiet)
    expect(outcomes.at(-1)).toBe('quiet')
  })

  it.each<Mode>(['records', 'link', 'padded', 'object', '5xx', 'slow'])(
    'falls back to the process when a probe answers %s',
    async (mode) => {
      const spawns = host.spawns()
      const before = mirror.sync.cursor('listings')!.lastSuccessAt!
      await tick()
      proxy.state.mode = mode
      const summary = await run()
      expect(summary.errors).toEqual([])
      expect(host.spawns()).toBe(spawns + 1)
      // The process did the delta: the data age moved on all the same.
      expect(mirror.sync.cursor('listings')!.lastSuccessAt).toBeGreaterThan(before)
    }
  )

  it('stops when asked during the probe, without starting the process', async () => {
    const spawns = host.spawns()
    const cursors = SYNC_RESOURCES.map((r) => mirror.sync.cursor(r))
    proxy.state.mode = 'hold'
    proxy.state.held = 0
    const controller = new AbortController()
    const running = run(controller.signal)
    while (proxy.state.held < 3) await tick()
    controller.abort()
    await expect(running).rejects.toMatchObject({ code: 'aborted' })
    expect(host.spawns()).toBe(spawns)
    expect(SYNC_RESOURCES.map((r) => mirror.sync.cursor(r))).toEqual(cursors)
    proxy.state.mode = 'pass'
  })
})
