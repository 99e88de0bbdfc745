import { describe, expect, it } from 'vitest'
import { registerCommands, type Handlers, type SenderEvent } from '../../../src-main/ipc/register'
import { COMMANDS } from '@shared/ipc/channels'

type Listener = (event: SenderEvent, input: unknown) => Promise<unknown>

function fakeIpc() {
  const handlers = new Map<string, Listener>()
  return { handlers, handle: (channel: string, fn: Listener) => void handlers.set(channel, fn) }
}

const APP = 'file:///app/out/renderer/index.html'
const info = {
  version: '1.0.0',
  profile: { name: 'Demo', kind: 'demo' as const },
  service: { baseUrl: 'http://127.0.0.1:1', listings: 3 }
}

function setup(handler: Handlers['app:info'] = async () => info) {
  const ipc = fakeIpc()
  const errors: string[] = []
  let calls = 0
  registerCommands(
    ipc,
    {
      'app:info': async (input) => {
        calls++
        return handler(input)
      }
    },
    (url) => url === APP,
    (command) => errors.push(command)
  )
  return { ipc, errors, calls: () => calls }
}

describe('IPC command registration', () => {
  it('registers exactly the contract commands', () => {
    const { ipc } = setup()
    expect([...ipc.handlers.keys()].sort()).toEqual([...COMMANDS].sort())
  })

  it('answers the app frame with an ok Result', async () => {
    const { ipc } = setup()
    const result = await ipc.handlers.get('app:info')!({ senderFrame: { url: APP } }, {})
    expect(result).toEqual({ ok: true, value: info })
  })

  it.each([null, { url: 'https://evil.example/' }, { url: 'file:///tmp/other.html' }])(
    'refuses a sender that is not the app frame (%o) without running the handler',
    async (senderFrame) => {
      const { ipc, calls } = setup()
      const result = await ipc.handlers.get('app:info')!({ senderFrame }, {})
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
      expect(calls()).toBe(0)
    }
  )

  it('refuses input that does not match the schema, naming the field', async () => {
    const { ipc, calls } = setup()
    const result = await ipc.handlers.get('app:info')!({ senderFrame: { url: APP } }, { extra: 1 })
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input' } })
    expect(calls()).toBe(0)
  })

  it('turns a failing handler into an error value, not a rejection', async () => {
    const { ipc, errors } = setup(async () => {
      throw new Error('secret detail /home/user/token')
    })
    const result = (await ipc.handlers.get('app:info')!({ senderFrame: { url: APP } }, {})) as {
      ok: false
      error: { code: string; message: string }
    }
    expect(result.ok).toBe(false)
    expect(result.error.code).toBe('internal')
    expect(result.error.message).not.toContain('secret')
    expect(errors).toEqual(['app:info'])
  })
})
