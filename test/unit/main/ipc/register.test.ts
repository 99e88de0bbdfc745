import { describe, expect, it } from 'vitest'
import { COMMANDS, type CommandName } from '@shared/ipc/channels'
import { AppError } from '../../../../src-main/errors'
import {
  dispatchCommand,
  registerCommands,
  type Handlers,
  type SenderEvent
} from '../../../../src-main/ipc/register'
import { isAppUrl } from '../../../../src-main/shell/window-security'
import { countingHandlers, VALID_INPUTS } from './contract-stubs'

type Listener = (event: SenderEvent, input: unknown) => Promise<unknown>

function fakeIpc() {
  const handlers = new Map<string, Listener>()
  return {
    handlers,
    handle: (channel: string, fn: Listener) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`)
      handlers.set(channel, fn)
    }
  }
}

const APP = 'file:///app/out/renderer/index.html'

function setup(handlers: Handlers = countingHandlers().handlers) {
  const ipc = fakeIpc()
  const errors: string[] = []
  registerCommands(
    ipc,
    handlers,
    (url) => isAppUrl(url, APP),
    (command) => errors.push(command)
  )
  const call = (name: string, senderFrame: SenderEvent['senderFrame'], input: unknown) =>
    ipc.handlers.get(name)!({ senderFrame }, input)
  return { ipc, errors, call }
}

describe('IPC command registration (E5)', () => {
  it('registers exactly the contract commands, once each', () => {
    const { ipc } = setup()
    expect([...ipc.handlers.keys()].sort()).toEqual([...COMMANDS].sort())
  })

  const senders: [string, SenderEvent['senderFrame']][] = [
    ['a destroyed frame (null)', null],
    ['a foreign https page', { url: 'https://evil.example/' }],
    ['another local file', { url: 'file:///tmp/other.html' }],
    ['a look-alike dev server', { url: 'http://localhost:5173.evil.example/' }],
    ['the app’s file path on another host', { url: 'file://server/app/out/renderer/index.html' }]
  ]
  it.each(senders)('refuses %s on every command without running a handler', async (_, frame) => {
    const stub = countingHandlers()
    const { call } = setup(stub.handlers)
    for (const name of COMMANDS) {
      const result = await call(name, frame, VALID_INPUTS[name])
      expect(result, name).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect([...stub.calls.values()].every((n) => n === 0)).toBe(true)
  })

  it('lets the app frame through on every command', async () => {
    const stub = countingHandlers()
    const { call } = setup(stub.handlers)
    for (const name of COMMANDS) {
      const result = await call(name, { url: `${APP}#/sync` }, VALID_INPUTS[name])
      expect(result, name).toMatchObject({ ok: true })
    }
    expect([...stub.calls.values()].every((n) => n === 1)).toBe(true)
  })

  it('refuses input that does not match the schema, naming the field', async () => {
    const stub = countingHandlers()
    const { call } = setup(stub.handlers)
    const result = await call('profiles:set-token', { url: APP }, { id: 'p1', token: 'short' })
    expect(result).toEqual({
      ok: false,
      error: { code: 'bad-input', message: 'Token must be at least 8 characters', field: 'token' }
    })
    expect(stub.calls.get('profiles:set-token')).toBe(0)
  })
})

describe('handler failures cross as values', () => {
  const failing = (err: unknown): Handlers => {
    const { handlers } = countingHandlers()
    return {
      ...handlers,
      'app:info': async () => {
        throw err
      }
    }
  }

  it('sends an AppError as its code and sentence, without reporting a crash', async () => {
    const { errors, call } = setup(failing(new AppError('unauthorized', 'The token was refused.')))
    const result = await call('app:info', { url: APP }, {})
    expect(result).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'The token was refused.' }
    })
    expect(errors).toEqual([])
  })

  it('turns any other failure into a fixed internal sentence, and reports it', async () => {
    const { errors, call } = setup(failing(new Error('secret detail /home/user/token')))
    const result = (await call('app:info', { url: APP }, {})) as {
      ok: false
      error: { code: string; message: string }
    }
    expect(result.error.code).toBe('internal')
    expect(result.error.message).not.toContain('secret')
    expect(errors).toEqual(['app:info'])
  })

  it('refuses a command name outside the contract', async () => {
    const { handlers } = countingHandlers()
    const result = await dispatchCommand(handlers, 'shell:exec' as CommandName, {})
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input' } })
  })
})
