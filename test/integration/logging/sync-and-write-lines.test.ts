import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays } from '@shared/domain/dates'
import { createApp } from '../../../src-main/features/create-app'
import { logsDir, openLog, type Log } from '../../../src-main/logging'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { forkSyncHost } from '../../helpers/fork-sync-host'
import type { HostChannel } from '../../../src-main/sync/sync-host-protocol'
import { processSyncExecutor } from '../../../src-main/sync/sync-process'
import { openDesk } from '../main/desk-fixture'
import { eventRecorder, fakeOsCipher } from '../main/app-fixtures'

const TOKEN = 'tok_for_the_sync_log_7h3k'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-synclog-'))
  dirs.push(dir)
  return dir
}

/** Every line of every file of one kind (`sync.1.log`, `sync.2.log`, …), oldest file first. */
function linesOf(dir: string, kind: string): Record<string, unknown>[] {
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${kind}.`))
    .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').trimEnd().split('\n'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
}

describe('the sync process writes sync.log', () => {
  let sandbox: SandboxHandle

  beforeAll(async () => {
    sandbox = await startSandbox({
      listings: 60,
      seed: 5,
      log: () => undefined,
      callers: [{ token: TOKEN, channel: 'DEMO', merchantOfRecord: 'service' }]
    })
  })
  afterAll(async () => {
    await sandbox?.close()
    dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
  })

  it('a line as each sync starts and one as it ends, from its own process, without the token', async () => {
    const dir = tempDir()
    const logs = logsDir(dir)
    const started: HostChannel[] = []
    const fork = forkSyncHost()
    const execute = processSyncExecutor(
      () => ({ baseUrl: sandbox.url, token: TOKEN, mirrorFile: join(dir, 'm.sqlite') }),
      () => {
        const channel = fork()
        started.push(channel)
        return channel
      },
      { logDir: logs }
    )
    const signal = new AbortController().signal
    await execute('p1', { full: true, onProgress: () => {}, signal })
    await execute('p1', { full: false, onProgress: () => {}, signal })

    const lines = linesOf(logs, 'sync')
    expect(lines.map((l) => [l.level, l.process, l.pid])).toEqual([
      ['info', 'sync', started[0].pid],
      ['info', 'sync', started[0].pid],
      ['info', 'sync', started[1].pid],
      ['info', 'sync', started[1].pid]
    ])
    expect(started[0].pid).not.toBe(process.pid)
    expect(lines.map((l) => String(l.msg).replace(/ in [\d.]+ s:.*/, ''))).toEqual([
      'sync of profile p1 (full) started',
      'sync of profile p1 (full) done',
      'sync of profile p1 (delta) started',
      'sync of profile p1 (delta) done'
    ])
    expect(lines[1].msg).toMatch(/listings full\+delta 60 records/)
    expect(readdirSync(logs).join()).not.toContain('main')
    for (const f of readdirSync(logs))
      expect(readFileSync(join(logs, f), 'utf8')).not.toContain(TOKEN)
  })

  it('a sync process that dies during a sync is an error line in main.log', async () => {
    const dir = tempDir()
    const logs = logsDir(dir)
    const mainLog: Log = await openLog({ dir: logs, name: 'main' })
    const started: HostChannel[] = []
    const fork = forkSyncHost()
    const rec = eventRecorder()
    let killed = false
    sandbox.setFaults({ latencyMs: 100, paths: '^/v1/(availability|rates)' })
    const app = await createApp({
      dataDir: dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => sandbox.url,
      version: '1',
      periodicSyncMs: 0,
      log: mainLog.report,
      logDir: logs,
      syncHost: () => {
        const channel = fork()
        started.push(channel)
        return channel
      },
      emit: (event, payload) => {
        rec.emit(event, payload)
        const progress = payload as { event?: { type: string } }
        if (event === 'sync:progress' && progress.event?.type === 'page' && !killed) {
          killed = true
          process.kill(started[0].pid!, 'SIGKILL')
        }
      }
    })
    try {
      // This sandbox refuses the Demo profile's token: its first sync ends with no page (and no
      // kill); the sync that dies is the next profile's.
      await app.firstSync
      const profile = await app.handlers['profiles:create']({
        profile: {
          name: 'T',
          kind: 'test',
          baseUrl: sandbox.url,
          salesChannel: 'DEMO',
          salesBrand: undefined
        },
        token: TOKEN
      })
      killed = false
      started.length = 0
      await app.handlers['profiles:activate']({ id: profile.id })
      await expect(app.handlers['sync:run']({})).rejects.toMatchObject({ code: 'internal' })
      const died = linesOf(logs, 'main').filter((l) => l.level === 'error')
      expect(died).toHaveLength(1)
      expect(died[0].msg).toMatch(
        new RegExp(
          `^sync of profile ${profile.id} \\(delta\\) could not run \\(internal\\) after [\\d.]+ s: ` +
            'The sync process stopped unexpectedly \\(exit code'
        )
      )
    } finally {
      sandbox.setFaults(null)
      await app.close()
      await mainLog.close()
    }
  })
})

describe('a write to the service is a line in main.log', () => {
  it('says the action, its target, the journal entry and how it ended; never the card', async () => {
    const dir = tempDir()
    const log = await openLog({ dir: logsDir(dir), name: 'main' })
    const desk = await openDesk({ deps: { log: log.report } })
    try {
      let stay: { listingId: number; from: string; to: string; adults: number } | undefined
      for (let d = 40; !stay && d < 240; d += 3) {
        const from = addDays(new Date().toISOString().slice(0, 10), d)
        const to = addDays(from, 4)
        for (const id of desk.sandbox.store.listingIds()) {
          if (desk.sandbox.store.listing(id)?.bookingType === 'onRequest') continue
          if (!('reasons' in desk.sandbox.store.quote({ listingId: id, from, to, adults: 2 }))) {
            stay = { listingId: id, from, to, adults: 2 }
            break
          }
        }
      }
      const outcome = await desk.value('bookings:create', {
        stay: stay!,
        guest: {
          firstName: 'Ana',
          lastName: 'Lopes',
          email: 'ana@example.com',
          phone: '+351 21 000 0000',
          country: 'PT',
          language: 'pt'
        },
        card: { number: '4242 4242 4242 4242', cvc: '123', expiration: '12/30' }
      })
      expect(outcome.outcome).toBe('done')
      const bookingId = outcome.outcome === 'done' ? outcome.bookingId : ''
      const text = readFileSync(log.file(), 'utf8')
      const writes = linesOf(logsDir(dir), 'main').filter((l) => String(l.msg).startsWith('write'))
      expect(writes).toHaveLength(1)
      expect(writes[0]).toMatchObject({ level: 'info' })
      expect(writes[0].msg).toMatch(
        new RegExp(
          `^write create on create:SD-\\S+ for profile demo \\(demo\\), journal \\S+: done, ` +
            `booking ${bookingId}$`
        )
      )
      expect(text).not.toMatch(/4242|"cvc"|Ana|Lopes/)
    } finally {
      await desk.close()
      await log.close()
    }
  })
})
