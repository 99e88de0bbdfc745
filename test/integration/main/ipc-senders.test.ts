import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMANDS } from '@shared/ipc/channels'
import { createApp, type StayDeskApp } from '../../../src-main/features/create-app'
import { inProcessSyncExecutor } from '../../../src-main/sync/in-process-executor'
import { registerCommands, type SenderEvent } from '../../../src-main/ipc/register'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { isAppUrl } from '../../../src-main/shell/window-security'
import { VALID_INPUTS } from '../../unit/main/ipc/contract-stubs'
import {
  eventRecorder,
  fakeOsCipher,
  recordingProxy,
  tempDataDir,
  type RecordingProxy
} from './app-fixtures'

type Listener = (event: SenderEvent, input: unknown) => Promise<unknown>
const APP = 'file:///opt/staydesk/out/renderer/index.html'

/** Every command's valid input, aimed at the Demo profile so each one would reach the service. */
const inputs: Record<string, unknown> = {
  ...VALID_INPUTS,
  'profiles:update': { ...VALID_INPUTS['profiles:update'], id: 'demo' },
  'profiles:delete': { id: 'demo' },
  'profiles:activate': { id: 'demo' },
  'profiles:set-token': { id: 'demo', token: 'abcdefgh1234' },
  'profiles:clear-token': { id: 'demo' },
  'profiles:test-connection': { id: 'demo' }
}

describe('IPC sender validation with the real handlers (E5)', () => {
  let demo: SandboxHandle
  let proxy: RecordingProxy
  let app: StayDeskApp
  const data = tempDataDir()
  const rec = eventRecorder()
  const channels = new Map<string, Listener>()

  beforeAll(async () => {
    demo = await startSandbox({ listings: 20, seed: 4, log: () => undefined })
    proxy = await recordingProxy(demo.url)
    app = await createApp({
      dataDir: data.dir,
      cipher: fakeOsCipher(),
      demoBaseUrl: () => proxy.url,
      version: '1.0.0',
      emit: rec.emit,
      syncExecutor: inProcessSyncExecutor,
      periodicSyncMs: 0,
      log: () => undefined
    })
    await app.firstSync
    registerCommands(
      { handle: (channel, fn) => void channels.set(channel, fn) },
      app.handlers,
      (url) => isAppUrl(url, APP),
      () => undefined
    )
  })
  afterAll(async () => {
    await app?.close()
    await proxy?.close()
    await demo?.close()
    data.remove()
  })

  it('registers exactly the contract commands', () => {
    expect([...channels.keys()].sort()).toEqual([...COMMANDS].sort())
  })

  it.each([
    ['a null frame', null],
    ['a foreign page', { url: 'https://evil.example/index.html' }],
    ['another local file', { url: 'file:///tmp/index.html' }]
  ])('refuses %s on every command; the service sees no request', async (_, senderFrame) => {
    const requestsBefore = proxy.authorizations.length
    const eventsBefore = rec.events.length
    for (const name of COMMANDS) {
      const result = await channels.get(name)!({ senderFrame }, inputs[name])
      expect(result, name).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect(proxy.authorizations.length).toBe(requestsBefore)
    expect(rec.events.length).toBe(eventsBefore)
  })

  it('lets the app frame through to the service', async () => {
    const requestsBefore = proxy.authorizations.length
    const frame = { url: APP }
    const verdict = await channels.get('profiles:test-connection')!(
      { senderFrame: frame },
      {
        id: 'demo'
      }
    )
    expect(verdict).toMatchObject({ ok: true, value: { ok: true } })
    const sync = await channels.get('sync:run')!({ senderFrame: frame }, {})
    expect(sync).toMatchObject({ ok: true, value: { errors: [] } })
    expect(proxy.authorizations.length).toBeGreaterThan(requestsBefore)
  })
})
