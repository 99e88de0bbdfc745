import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createApiClient } from '../../../src-main/api'
import { openMirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import type { SyncProgress } from '../../../src-main/sync/engine'
import { forkSyncHost } from '../../helpers/fork-sync-host'
import type { HostChannel, SpawnSyncHost } from '../../../src-main/sync/sync-host-protocol'
import { processSyncExecutor } from '../../../src-main/sync/sync-process'
import { expectMirrorEqualsService, tempDir } from '../../helpers/sync-fixtures'

const TOKEN = 'demo-token-for-the-sync-process'
const TODAY = '2026-11-23'

/** forkSyncHost from source, remembering each process it started. */
function recordingHost(): { spawn: SpawnSyncHost; started: HostChannel[] } {
  const fork = forkSyncHost()
  const started: HostChannel[] = []
  return {
    started,
    spawn: () => {
      const channel = fork()
      started.push(channel)
      return channel
    }
  }
}

const alive = (pid: number | undefined): boolean => {
  try {
    return pid !== undefined && process.kill(pid, 0)
  } catch {
    return false
  }
}

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('sync in a process of its own', () => {
  let sandbox: SandboxHandle
  const dir = tempDir()

  beforeAll(async () => {
    sandbox = await startSandbox({
      listings: 450,
      seed: 8,
      today: TODAY,
      callers: [{ token: TOKEN, channel: 'DEMO', merchantOfRecord: 'service' }]
    })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('syncs fully, then by delta, streaming progress, and the process is gone after each run', async () => {
    const file = join(dir, 'full.sqlite')
    const host = recordingHost()
    let peakRss = 0
    const execute = processSyncExecutor(
      () => ({ baseUrl: sandbox.url, token: TOKEN, mirrorFile: file }),
      host.spawn,
      { onStats: (s) => (peakRss = s.peakRss) }
    )
    const events: SyncProgress[] = []
    const signal = new AbortController().signal
    const full = await execute('p', { full: false, onProgress: (e) => events.push(e), signal })
    expect(full.errors).toEqual([])
    expect(full.results.map((r) => [r.resource, r.mode, r.records])).toEqual([
      ['listings', 'full+delta', 450],
      ['availability', 'full+delta', 450],
      ['rates', 'full+delta', 450]
    ])
    // Three pages of 200 in the full walk, each reported as it was committed.
    const fullPages = events.filter(
      (e) => e.type === 'page' && e.resource === 'availability' && e.mode === 'full'
    )
    expect(fullPages.map((e) => e.type === 'page' && e.recordsDone)).toEqual([200, 400, 450])
    expect(peakRss).toBeGreaterThan(10e6)
    await waitFor(() => !alive(host.started[0].pid))

    sandbox.churnNow()
    sandbox.store.advance(5 * 60_000)
    const delta = await execute('p', { full: false, onProgress: () => {}, signal })
    expect(delta.errors).toEqual([])
    expect(delta.results.every((r) => r.mode === 'delta')).toBe(true)
    expect(delta.results.reduce((n, r) => n + r.changed, 0)).toBeGreaterThan(0)
    expect(host.started).toHaveLength(2)

    const mirror = await openMirror(file)
    const client = createApiClient({ baseUrl: sandbox.url, token: TOKEN })
    try {
      await expectMirrorEqualsService(mirror, client)
    } finally {
      await client.close()
      await mirror.close()
    }
  })

  it('runs every thread of the sync process at the lowest priority, with no token in its command line or environment', async () => {
    sandbox.setFaults({ latencyMs: 200, paths: '^/v1/availability' })
    const host = recordingHost()
    const controller = new AbortController()
    const execute = processSyncExecutor(
      () => ({ baseUrl: sandbox.url, token: TOKEN, mirrorFile: join(dir, 'nice.sqlite') }),
      host.spawn
    )
    let seen: { nice: number[]; cmdline: string; environ: string } | undefined
    const run = execute('p', {
      full: true,
      signal: controller.signal,
      onProgress: (e) => {
        if (seen || e.type !== 'page') return
        const pid = host.started[0].pid!
        const tasks = readdirSync(`/proc/${pid}/task`)
        seen = {
          // Field 19 of /proc/<pid>/task/<tid>/stat is the nice value; the name (field 2) has no spaces here.
          nice: tasks.map((t) =>
            Number(readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(' ')[18])
          ),
          cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
          environ: readFileSync(`/proc/${pid}/environ`, 'utf8')
        }
        controller.abort()
      }
    })
    await expect(run).rejects.toMatchObject({ code: 'aborted' })
    sandbox.setFaults(null)
    expect(seen).toBeDefined()
    expect(seen!.nice.length).toBeGreaterThan(4)
    expect(new Set(seen!.nice)).toEqual(new Set([19]))
    expect(seen!.cmdline).not.toContain(TOKEN)
    expect(seen!.environ).not.toContain(TOKEN)
    await waitFor(() => !alive(host.started[0].pid))
  })

  it('reports a sync process that died as a clear error; the next run resumes and completes', async () => {
    sandbox.setFaults({ latencyMs: 100, paths: '^/v1/(availability|rates)' })
    const file = join(dir, 'crash.sqlite')
    const host = recordingHost()
    const execute = processSyncExecutor(
      () => ({ baseUrl: sandbox.url, token: TOKEN, mirrorFile: file }),
      host.spawn
    )
    const signal = new AbortController().signal
    let killed = false
    const run = execute('p', {
      full: false,
      signal,
      onProgress: (e) => {
        if (killed || e.type !== 'page' || e.resource !== 'availability') return
        killed = true
        process.kill(host.started[0].pid!, 'SIGKILL')
      }
    })
    await expect(run).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('The sync process stopped unexpectedly')
    })
    sandbox.setFaults(null)

    const again = await execute('p', { full: false, onProgress: () => {}, signal })
    expect(again.errors).toEqual([])
    const mirror = await openMirror(file)
    const client = createApiClient({ baseUrl: sandbox.url, token: TOKEN })
    try {
      const own = new Database(mirror.file, { readonly: true })
      expect(own.pragma('integrity_check', { simple: true })).toBe('ok')
      own.close()
      await expectMirrorEqualsService(mirror, client)
    } finally {
      await client.close()
      await mirror.close()
    }
  })

  it('reports a refused token per resource without starting any walk', async () => {
    const execute = processSyncExecutor(
      () => ({ baseUrl: sandbox.url, token: 'not-the-token', mirrorFile: join(dir, 'bad.sqlite') }),
      forkSyncHost()
    )
    const summary = await execute('p', {
      full: false,
      onProgress: () => {},
      signal: new AbortController().signal
    })
    expect(summary.results).toEqual([])
    expect(summary.errors.map((e) => [e.resource, e.code])).toEqual([
      ['listings', 'unauthorized'],
      ['availability', 'unauthorized'],
      ['rates', 'unauthorized']
    ])
  })
})
