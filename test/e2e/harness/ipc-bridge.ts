import type { Page } from '@playwright/test'
import { COMMANDS, EVENTS, type EventName } from '@shared/ipc/channels'
import { events as eventSchemas } from '@shared/ipc/contract'
import type { IpcMainLike, SenderEvent } from '../../../src-main/ipc/register'

/**
 * The test transport that replaces Electron's IPC. Main's side is unchanged: the harness hands
 * a fake ipcMain to the real `registerCommands`, so every call still goes through the sender
 * check (with the calling frame's URL, as Electron's `senderFrame.url`), the contract's input
 * schemas and the Result mapping. The page's side is an init script that builds `window.staydesk`
 * exactly as src-main/preload.ts does (one function per contract command, plus `on`), calling a
 * Playwright binding instead of `ipcRenderer.invoke`. Bindings and init scripts run outside the
 * page's CSP, as a preload does.
 */

type Listener = (event: SenderEvent, input: unknown) => Promise<unknown>

/** Records `ipcMain.handle` registrations and invokes them like Electron's `ipcRenderer.invoke`. */
export class FakeIpcMain implements IpcMainLike {
  readonly channels = new Map<string, Listener>()

  handle(channel: string, listener: Listener): void {
    // Electron throws on a second handler for one channel; so does the fake.
    if (this.channels.has(channel)) {
      throw new Error(`Attempted to register a second handler for '${channel}'`)
    }
    this.channels.set(channel, listener)
  }

  invoke(channel: string, senderUrl: string | null, input: unknown): Promise<unknown> {
    const listener = this.channels.get(channel)
    if (!listener) throw new Error(`No handler registered for '${channel}'`)
    return listener({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, input)
  }
}

/** Something main did that the contract or the token rules forbid; each fails the test. */
export type BridgeViolation = string

/**
 * Main → window events (the app's `emit` dependency, i.e. `webContents.send`). Payloads are
 * checked against the contract's event schemas and delivered in order to the page's listeners.
 */
export class EventPipe {
  readonly sent: { event: string; payload: unknown }[] = []
  private page: Page | undefined
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly report: (v: BridgeViolation) => void,
    private readonly leaks: LeakCheck
  ) {}

  attach(page: Page): void {
    this.page = page
  }

  readonly emit = (event: string, payload: unknown): void => {
    if (!(EVENTS as readonly string[]).includes(event)) {
      this.report(`main emitted '${event}', which is not a contract event`)
      return
    }
    const parsed = eventSchemas[event as EventName].safeParse(payload)
    if (!parsed.success) {
      this.report(`'${event}' payload breaks the contract: ${parsed.error.issues[0]?.message}`)
    }
    this.leaks(payload, `the '${event}' event`)
    this.sent.push({ event, payload })
    const page = this.page
    if (!page) return
    this.queue = this.queue
      .then(() =>
        page.evaluate(
          ([e, p]) => {
            const w = globalThis as unknown as {
              __staydeskDispatch?: (e: string, p: unknown) => void
            }
            w.__staydeskDispatch?.(e, p)
          },
          [event, payload] as const
        )
      )
      // Like webContents.send to a window that is closing or navigating: the message is lost.
      .catch(() => undefined)
  }

  /** Resolves once every event emitted so far reached the page. */
  flushed(): Promise<unknown> {
    return this.queue
  }
}

export interface BridgeOptions {
  ipc: FakeIpcMain
  events: EventPipe
  /** Checks what crosses to the window for tokens (checklist K4). */
  leaks: LeakCheck
  /**
   * How answers cross to the page: 'object' (default) hands Playwright the value, whose own
   * serializer rebuilds it in the page; 'json' sends one JSON string the page parses, one copy
   * as with Electron's structured clone. Playwright's way took 11-15 ms of the page's main
   * thread per 72 KB answer (a trace of the UI benchmark), a cost the app never pays, so the
   * benchmark uses 'json'; the end-to-end tests keep 'object'.
   */
  wire?: 'object' | 'json'
}

/** Reports `what` when `value` contains one of the secrets (tokens) that must stay in main. */
export type LeakCheck = (value: unknown, what: string) => void

export function leakCheck(
  secrets: () => string[],
  report: (v: BridgeViolation) => void
): LeakCheck {
  return (value, what) => {
    const text = JSON.stringify(value) ?? ''
    for (const s of secrets()) {
      if (s && text.includes(s)) report(`${what} carries a token (…${s.slice(-4)})`)
    }
  }
}

/** Installs the transport on a page before its first navigation. */
export async function installBridge(page: Page, opts: BridgeOptions): Promise<void> {
  await page.exposeBinding('__staydeskInvoke', async (source, name: string, input: unknown) => {
    if (!(COMMANDS as readonly string[]).includes(name)) {
      throw new Error(`No handler registered for '${String(name)}'`)
    }
    const result = await opts.ipc.invoke(name, source.frame.url(), input)
    opts.leaks(result, `the result of ${name}`)
    return opts.wire === 'json' ? JSON.stringify(result) : result
  })
  opts.events.attach(page)
  await page.addInitScript(
    ({ commands, events, json }) => {
      type Invoke = (name: string, input: unknown) => Promise<unknown>
      const w = globalThis as unknown as {
        __staydeskInvoke: Invoke
        __staydeskDispatch?: (event: string, payload: unknown) => void
        staydesk?: unknown
      }
      const invoke = w.__staydeskInvoke
      const listeners = new Map<string, Set<(payload: unknown) => void>>()
      const api: Record<string, unknown> = {}
      for (const name of commands) {
        api[name] = json
          ? (input: unknown) => invoke(name, input).then((text) => JSON.parse(text as string))
          : (input: unknown) => invoke(name, input)
      }
      api.on = (event: string, listener: (payload: unknown) => void) => {
        if (!(events as readonly string[]).includes(event))
          throw new Error(`unknown event ${String(event)}`)
        const set = listeners.get(event) ?? new Set()
        listeners.set(event, set)
        // A distinct wrapper per subscription, as the preload's `wrapped`.
        const wrapped = (payload: unknown) => listener(payload)
        set.add(wrapped)
        return () => void set.delete(wrapped)
      }
      Object.defineProperty(w, '__staydeskDispatch', {
        value: (event: string, payload: unknown) => {
          for (const l of [...(listeners.get(event) ?? [])]) {
            // A throwing listener must not stop the others (ipcRenderer's EventEmitter would
            // rethrow; here it is reported the same way an uncaught renderer error is).
            try {
              l(payload)
            } catch (err) {
              setTimeout(() => {
                throw err
              })
            }
          }
        }
      })
      // contextBridge hands the page a frozen copy; so does the transport.
      Object.defineProperty(w, 'staydesk', { value: Object.freeze(api), enumerable: true })
    },
    { commands: [...COMMANDS], events: [...EVENTS], json: opts.wire === 'json' }
  )
}
