import { afterAll, beforeAll, expect, it } from 'vitest'
import { createApp } from '../../../src-main/features/create-app'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { forkSyncHost } from '../../helpers/fork-sync-host'
import type { HostChannel } from '../../../src-main/sync/sync-host-protocol'
import { eventRecorder, fakeOsCipher, tempDataDir } from './app-fixtures'

let demo: SandboxHandle
const data = tempDataDir()
beforeAll(async () => {
  demo = await startSandbox({ listings: 30, seed: 2, log: () => undefined })
})
afterAll(async () => {
  await demo?.close()
  data.remove()
})

it('syncs in a worker thread by default, and a restart reopens the same profile and mirror', async () => {
  const rec = eventRecorder()
  const deps = {
    dataDir: data.dir,
    cipher: fakeOsCipher(),
    demoBaseUrl: () => demo.url,
    version: '1',
    emit: rec.emit,
    periodicSyncMs: 0,
    log: () => undefined
  }
  const app = await createApp(deps)
  expect((await app.firstSync)?.errors).toEqual([])
  expect((await app.handlers['listings:search']({})).total).toBe(30)
  expect(rec.of('sync:progress').length).toBeGreaterThan(0)
  await app.close()

  const again = await createApp(deps)
  try {
    // The mirror survived the restart: it answers before the start-up sync is done.
    expect((await again.handlers['listings:search']({})).total).toBe(30)
    expect(again.activeProfile().id).toBe('demo')
    await again.firstSync
  } finally {
    await again.close()
  }
})

it('syncs in a process of its own when the app is given a sync host, as the desktop app is', async () => {
  const rec = eventRecorder()
  const started: HostChannel[] = []
  const fork = forkSyncHost()
  const app = await createApp({
    dataDir: tempDataDir().dir,
    cipher: fakeOsCipher(),
    demoBaseUrl: () => demo.url,
    version: '1',
    emit: rec.emit,
    periodicSyncMs: 0,
    log: () => undefined,
    syncHost: () => {
      const channel = fork()
      started.push(channel)
      return channel
    }
  })
  try {
    expect((await app.firstSync)?.errors).toEqual([])
    expect(started).toHaveLength(1)
    expect(started[0].pid).not.toBe(process.pid)
    expect((await app.handlers['listings:search']({})).total).toBe(30)
    expect(rec.of('sync:progress').length).toBeGreaterThan(0)
  } finally {
    await app.close()
  }
})
