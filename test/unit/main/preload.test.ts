import { beforeAll, describe, expect, it, vi } from 'vitest'
import { COMMANDS, EVENTS } from '@shared/ipc/channels'

/** The fake Electron the preload sees: what it exposes, and every IPC call it makes. */
const electron = vi.hoisted(() => {
  const exposed = new Map<string, unknown>()
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const invoked: { channel: string; args: unknown[] }[] = []
  return {
    exposed,
    listeners,
    invoked,
    module: {
      contextBridge: {
        exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api)
      },
      ipcRenderer: {
        invoke: async (channel: string, ...args: unknown[]) => {
          invoked.push({ channel, args })
          return { ok: true, value: { channel } }
        },
        on: (channel: string, fn: (...args: unknown[]) => void) => {
          const set = listeners.get(channel) ?? new Set()
          set.add(fn)
          listeners.set(channel, set)
        },
        removeListener: (channel: string, fn: (...args: unknown[]) => void) =>
          void listeners.get(channel)?.delete(fn)
      }
    }
  }
})

vi.mock('electron', () => electron.module)

type Api = Record<string, (...args: unknown[]) => unknown>
let api: Api

beforeAll(async () => {
  await import('../../../src-main/preload')
  api = electron.exposed.get('staydesk') as Api
})

describe('preload surface (E6)', () => {
  it('exposes one object, window.staydesk, and nothing else', () => {
    expect([...electron.exposed.keys()]).toEqual(['staydesk'])
  })

  it('holds exactly the contract commands plus `on`', () => {
    expect(Object.keys(api).sort()).toEqual([...COMMANDS, 'on'].sort())
    for (const value of Object.values(api)) expect(typeof value).toBe('function')
  })

  it('has no raw IPC: no ipcRenderer, invoke, send or channel parameter', () => {
    for (const key of Object.keys(api)) expect(key).not.toMatch(/ipc|invoke|send|channel/i)
    // Each command takes its input only; the channel is fixed by the function chosen.
    for (const name of COMMANDS) expect(api[name].length).toBeLessThanOrEqual(1)
  })

  it('sends each command on its own channel, whatever the renderer passes', async () => {
    electron.invoked.length = 0
    for (const name of COMMANDS) await api[name]({ id: 'x' }, 'profiles:delete')
    expect(electron.invoked.map((c) => c.channel)).toEqual([...COMMANDS])
    expect(electron.invoked.every((c) => c.args.length === 1)).toBe(true)
  })

  it('returns what main answered, unchanged (main alone decides what crosses)', async () => {
    await expect(api['profiles:set-token']({ id: 'p', token: 'secret-1234' })).resolves.toEqual({
      ok: true,
      value: { channel: 'profiles:set-token' }
    })
  })

  it('refuses to subscribe to an event outside the contract', () => {
    expect(() => api.on('sync:progres', () => undefined)).toThrow(/unknown event/)
    expect(() => api.on('ELECTRON_BROWSER_WINDOW_CLOSE', () => undefined)).toThrow()
    expect(electron.listeners.has('sync:progres')).toBe(false)
  })

  it('delivers event payloads without the IPC event (no sender), and unsubscribes', () => {
    for (const event of EVENTS) {
      const got: unknown[][] = []
      const off = api.on(event, (...args: unknown[]) => void got.push(args)) as () => void
      const [listener] = electron.listeners.get(event)!
      listener({ sender: { send: () => undefined } }, { hello: event })
      expect(got).toEqual([[{ hello: event }]])
      off()
      expect(electron.listeners.get(event)!.size).toBe(0)
    }
  })
})
