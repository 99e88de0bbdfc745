import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { openMirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import type { SyncProgress } from '../../../src-main/sync/engine'
import { SyncRunner } from '../../../src-main/sync/runner'
import { threadSyncExecutor } from '../../../src-main/sync/sync-worker'
import { tempDir } from '../../helpers/sync-fixtures'

describe('sync in a worker thread, one at a time per profile', () => {
  let sandbox: SandboxHandle
  const dir = tempDir()
  const mirrorFile = join(dir, 'p1.sqlite')

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 250, seed: 5, today: '2026-11-23' })
  })
  afterAll(async () => {
    await sandbox?.close()
  })

  it('runs the sync off this thread, streams progress and leaves a synced mirror', async () => {
    const events: SyncProgress[] = []
    const runner = new SyncRunner(
      threadSyncExecutor(() => ({ baseUrl: sandbox.url, token: 'demo-token', mirrorFile })),
      (_id, e) => events.push(e)
    )
    const first = runner.run('p1')
    const second = runner.run('p1')
    // A second request while one runs joins it instead of starting another walk.
    expect(second).toBe(first)
    expect(runner.isRunning('p1')).toBe(true)
    const summary = await first
    expect(runner.isRunning('p1')).toBe(false)
    expect(summary.errors).toEqual([])
    expect(summary.results.map((r) => r.records).sort()).toEqual([250, 250, 250])
    expect(events.some((e) => e.type === 'page' && e.resource === 'availability')).toBe(true)
    expect(events.filter((e) => e.type === 'done')).toHaveLength(3)

    const mirror = await openMirror(mirrorFile)
    try {
      expect(mirror.sync.counts()).toMatchObject({ listings: 250, availability: 250, rates: 250 })
    } finally {
      await mirror.close()
    }
    await runner.close()
  })

  it('reports a wrong token as unauthorized, per resource, without throwing the summary away', async () => {
    const runner = new SyncRunner(
      threadSyncExecutor(() => ({
        baseUrl: sandbox.url,
        token: 'not-the-token',
        mirrorFile: join(dir, 'p2.sqlite')
      }))
    )
    const summary = await runner.run('p2')
    expect(summary.results).toEqual([])
    expect(summary.errors.map((e) => e.code)).toEqual([
      'unauthorized',
      'unauthorized',
      'unauthorized'
    ])
    expect(summary.errors[0].message).not.toContain('not-the-token')
    await runner.close()
  })

  it('stops a running sync when cancelled; the next run resumes from what was committed', async () => {
    sandbox.setFaults({ latencyMs: 150, paths: '^/v1/(availability|rates|listings)' })
    const file = join(dir, 'p3.sqlite')
    const runner = new SyncRunner(
      threadSyncExecutor(() => ({ baseUrl: sandbox.url, token: 'demo-token', mirrorFile: file }))
    )
    const run = runner.run('p3')
    setTimeout(() => runner.cancel('p3'), 400)
    await expect(run).rejects.toMatchObject({ code: 'aborted' })
    sandbox.setFaults(null)
    const summary = await runner.run('p3')
    expect(summary.errors).toEqual([])
    const mirror = await openMirror(file)
    try {
      expect(mirror.sync.counts()).toMatchObject({ listings: 250, availability: 250, rates: 250 })
    } finally {
      await mirror.close()
    }
    await runner.close()
  })
})
