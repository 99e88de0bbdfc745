import { afterEach, describe, expect, it } from 'vitest'
import type { EventPayload } from '@shared/ipc/contract'
import { createApp, type StayDeskApp } from '../../../src-main/features/create-app'
import { inProcessSyncExecutor } from '../../../src-main/sync/in-process-executor'
import { dispatchCommand } from '../../../src-main/ipc/register'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { eventRecorder, fakeOsCipher, tempDataDir } from './app-fixtures'

/**
 * A first download of a large portfolio fills the screens as it goes: every committed page is
 * announced (db:changed for its resource, at most once a second), so the table's count grows
 * page by page instead of staying at the first page's until the whole resource is done.
 */
describe('the first download of a portfolio', () => {
  let sandbox: SandboxHandle
  let app: StayDeskApp
  const data = tempDataDir()

  afterEach(async () => {
    await app?.close()
    await sandbox?.close()
    data.remove()
  })

  it('announces committed pages before the resource is done, and the counts grow with them', async () => {
    sandbox = await startSandbox({ listings: 1000, seed: 4, log: () => undefined })
    // Each page takes a while, so the walk's pages are more than a second apart.
    sandbox.setFaults({ latencyMs: 1100, paths: '^/v1/listings' })
    const rec = eventRecorder()
    const seen: { total: number; done: boolean }[] = []
    let listingsDone = false
    app = await createApp({
      dataDir: data.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => sandbox.url,
      version: '0',
      syncExecutor: inProcessSyncExecutor,
      periodicSyncMs: 0,
      emit: (event, payload) => {
        rec.emit(event, payload)
        if (event === 'sync:progress') {
          const p = payload as EventPayload<'sync:progress'>
          if (p.event.type === 'done' && p.event.resource === 'listings') listingsDone = true
        }
        if (event === 'db:changed') {
          const { resources } = payload as EventPayload<'db:changed'>
          if (!resources.includes('listings')) return
          const done = listingsDone
          void dispatchCommand(app.handlers, 'listings:search', { limit: 1 }).then((r) => {
            if (r.ok) seen.push({ total: r.value.total, done })
          })
        }
      }
    })
    await app.firstSync
    await new Promise((r) => setTimeout(r, 50))
    const before = seen.filter((s) => !s.done).map((s) => s.total)
    // Pages of 200: the screens re-read while the walk went on, and saw it grow.
    expect(before.length).toBeGreaterThanOrEqual(2)
    expect(before[0]).toBeGreaterThan(0)
    expect(before[0]).toBeLessThan(1000)
    expect(Math.max(...before)).toBeGreaterThan(before[0])
    expect(seen.at(-1)?.total).toBe(1000)
  })
})
