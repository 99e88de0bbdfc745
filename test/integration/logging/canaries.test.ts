import { EventEmitter } from 'node:events'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { luhnValid } from '@shared/domain/card'
import { createApiClient } from '../../../src-main/api'
import { createApp, type StayDeskApp } from '../../../src-main/features/create-app'
import type { ProfileContext } from '../../../src-main/features/context'
import { runWrite } from '../../../src-main/features/journal/write'
import { setLogFile } from '../../../src-main/errors'
import {
  registerCommands,
  type IpcMainLike,
  type SenderEvent
} from '../../../src-main/ipc/register'
import { openJournal } from '../../../src-main/journal'
import { logsDir, openMainLog, startFields, type Log } from '../../../src-main/logging'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { forkSyncHost } from '../../helpers/fork-sync-host'
import { eventRecorder, fakeOsCipher } from '../main/app-fixtures'

/**
 * Canaries through every path that writes a log line (issue 19): a profile's token, a Luhn-valid
 * card number plain, spaced and dashed, a CVC as `"cvc":"123"`, and `Bearer <token>`. The raw
 * bytes of every file under logs/ must hold none of them, before and after the files rotate,
 * while each path's line is there (so the scan is not of an empty folder).
 */
const TOKEN = 'sk_canary_Q7w9E2r4T6y8'
const CARD = '4242424242424242'
const CARD_SPACED = '4242 4242 4242 4242'
const CARD_DASHED = '5555-5555-5555-4444'
const CVC_FORM = '"cvc":"123"'
const SECRET_TEXT =
  `token ${TOKEN} header Bearer ${TOKEN} card ${CARD} spaced ${CARD_SPACED} ` +
  `dashed ${CARD_DASHED} body {"number":"${CARD}",${CVC_FORM}}`

const FORBIDDEN = [
  TOKEN,
  CARD,
  CARD_SPACED,
  CARD_DASHED,
  '5555555555554444',
  CVC_FORM,
  // The same inside a JSON string, as a message holding it would be written.
  '\\"cvc\\":\\"123\\"',
  'Bearer sk_'
]

function logFiles(dir: string): { name: string; text: string }[] {
  return readdirSync(dir).map((name) => ({
    name,
    text: readFileSync(join(dir, name)).toString('latin1')
  }))
}

/** What a support engineer would find: any forbidden canary, or any Luhn-valid digit run. */
function leaks(dir: string): string[] {
  const found: string[] = []
  for (const { name, text } of logFiles(dir)) {
    for (const canary of FORBIDDEN) if (text.includes(canary)) found.push(`${name}: ${canary}`)
    for (const run of text.match(/\d(?:[ -]?\d){12,18}/g) ?? []) {
      if (luhnValid(run.replace(/\D/g, ''))) found.push(`${name}: card-like ${run}`)
    }
  }
  return found
}

function fakeIpc() {
  const handlers = new Map<string, (event: SenderEvent, input: unknown) => Promise<unknown>>()
  const ipc: IpcMainLike = { handle: (channel, listener) => void handlers.set(channel, listener) }
  const invoke = (channel: string, input: unknown) =>
    handlers.get(channel)!({ senderFrame: { url: 'app://staydesk/index.html' } }, input)
  return { ipc, invoke }
}

describe('log files never hold a token, a card number or a CVC', () => {
  const data = mkdtempSync(join(tmpdir(), 'staydesk-logs-'))
  const logs = logsDir(data)
  const proc = new EventEmitter()
  const electronApp = new EventEmitter()
  const told: unknown[] = []
  let sandbox: SandboxHandle
  let app: StayDeskApp
  let log: Log

  beforeAll(async () => {
    sandbox = await startSandbox({
      listings: 40,
      seed: 3,
      log: () => undefined,
      callers: [
        { token: 'demo-token', channel: 'DEMO', merchantOfRecord: 'service' },
        { token: TOKEN, channel: 'CNRY', merchantOfRecord: 'service' }
      ]
    })
    log = (await openMainLog({
      dataDir: data,
      secrets: () => app?.secrets() ?? [],
      process: proc,
      app: electronApp,
      onUncaught: (err) => told.push(err),
      // Small files, so that the lines below roll over several of them.
      maxBytes: 16 * 1024,
      keep: 3
    }))!
    app = await createApp({
      dataDir: data,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => sandbox.url,
      version: '9.9.9',
      emit: eventRecorder().emit,
      periodicSyncMs: 0,
      syncHost: forkSyncHost(),
      logDir: logs,
      log: log.report
    })
    await app.firstSync
  })

  afterAll(async () => {
    setLogFile(undefined)
    await app?.close()
    await log?.close()
    await sandbox?.close()
    rmSync(data, { recursive: true, force: true })
  })

  it('through the start, sync, write, command-failure, unexpected-error and crash lines', async () => {
    // A profile whose token is the canary, synced in a process of its own (sync.log).
    const profile = await app.handlers['profiles:create']({
      profile: {
        name: 'Canary',
        kind: 'test',
        baseUrl: sandbox.url,
        salesChannel: 'CNRY',
        salesBrand: undefined
      },
      token: TOKEN
    })
    await app.handlers['profiles:activate']({ id: profile.id })
    const summary = await app.handlers['sync:run']({ full: true })
    expect(summary.errors).toEqual([])

    // The start line, as index.ts writes it.
    log.info(
      'StayDesk started',
      startFields({
        version: '9.9.9',
        packaged: true,
        platform: 'linux',
        arch: 'x64',
        versions: { electron: '45.0.0', node: '22.20.0', chrome: '140.0.0.0' },
        profile: { ...app.activeProfile(), baseUrl: `${sandbox.url}/v1?key=${TOKEN}` }
      })
    )

    // A write whose sending fails as a bug would, its error full of the canaries.
    const journal = await openJournal(join(data, 'canary.journal.sqlite'))
    const desk: ProfileContext = {
      profile: () => app.activeProfile(),
      journal,
      client: () => createApiClient({ baseUrl: sandbox.url, token: TOKEN }),
      mirror: () => Promise.reject(new Error('no mirror here')),
      now: Date.now,
      today: () => new Date().toISOString().slice(0, 10),
      changed: () => undefined,
      journalChanged: () => undefined,
      log: log.report
    }
    await expect(
      runWrite(desk, {
        action: 'create',
        target: 'stay:1',
        listingId: 1,
        request: { creditCard: { number: CARD_SPACED, cvc: '123', expiration: '12/30' } },
        send: () => Promise.reject(new TypeError(`simulated bug: ${SECRET_TEXT}`))
      })
    ).rejects.toThrow(TypeError)
    journal.close()

    // A command that crashes, logged by registerCommands' onError as index.ts wires it.
    const { ipc, invoke } = fakeIpc()
    const handlers = {
      ...app.handlers,
      'listings:facets': async () => {
        throw new RangeError(`facets broke: ${SECRET_TEXT}`)
      }
    }
    registerCommands(
      ipc,
      handlers,
      () => true,
      (command, err) => log.report(`command ${command} failed`, err)
    )
    const result = (await invoke('listings:facets', {})) as {
      ok: false
      error: { message: string }
    }
    expect(result.ok).toBe(false)

    // An unexpected error carrying a request, as an HTTP library's error might.
    const unexpected = Object.assign(new Error(`request failed: ${SECRET_TEXT}`), {
      request: {
        headers: { authorization: `Bearer ${TOKEN}` },
        body: { creditCard: { number: CARD, cvc: '123' }, note: SECRET_TEXT },
        cardAsNumber: Number(CARD)
      },
      cause: new Error(`inner: ${SECRET_TEXT}`)
    })
    log.error('unexpected failure', unexpected)

    // The crash handlers.
    proc.emit('uncaughtException', new Error(`uncaught: ${SECRET_TEXT}`))
    proc.emit('unhandledRejection', { reason: SECRET_TEXT, creditCard: { number: CARD } })
    electronApp.emit('render-process-gone', {}, {}, { reason: 'crashed', exitCode: 139 })
    electronApp.emit('child-process-gone', {}, { type: 'GPU', reason: 'oom', exitCode: 9 })
    expect(told).toHaveLength(1)

    const all = logFiles(logs)
      .map((f) => f.text)
      .join('\n')
    for (const line of [
      'StayDesk started',
      `sync of profile ${profile.id} (full) done`,
      `sync of profile ${profile.id} (full) started`,
      'write create on stay:1',
      'command listings:facets failed',
      'unexpected failure',
      'uncaught exception',
      'unhandled promise rejection',
      'renderer process is gone',
      'a GPU process is gone'
    ]) {
      expect(all, line).toContain(line)
    }
    expect(all).toContain('[redacted]')
    expect(leaks(logs)).toEqual([])

    // The window's message names the file that holds the crash.
    const named = /the details are in the log: (.+)$/.exec(result.error.message)?.[1]
    expect(named).toBeDefined()
    expect(existsSync(named!)).toBe(true)
    expect(readFileSync(named!, 'utf8')).toContain('command listings:facets failed')
  })

  it('after the files rotate too, keeping no more files than asked', async () => {
    const first = log.file()
    for (let i = 0; i < 300; i++) {
      log.error(`line ${i}`, new Error(SECRET_TEXT))
      // pino-roll starts the next file once the write is done (its 'drain').
      await new Promise((resolve) => setImmediate(resolve))
    }
    const number = (file: string) => Number(/\.(\d+)\.log$/.exec(file)![1])
    // Rolled over several times (16 KB files), and only the newest three kept: old files are
    // removed in the background, so the count is read until the removals are done.
    expect(number(log.file())).toBeGreaterThan(number(first) + 3)
    const mains = () => readdirSync(logs).filter((f) => f.startsWith('main.'))
    while (mains().length > 3) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(mains()).toContain(log.file().split(/[\\/]/).pop())
    expect(leaks(logs)).toEqual([])
  })
})
