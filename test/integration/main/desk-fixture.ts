import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { addDays } from '@shared/domain/dates'
import type { CommandName } from '@shared/ipc/channels'
import type { CommandInput, CommandOutput } from '@shared/ipc/contract'
import { createApp, type AppDeps, type StayDeskApp } from '../../../src-main/features/create-app'
import { inProcessSyncExecutor } from '../../../src-main/sync/in-process-executor'
import { dispatchCommand } from '../../../src-main/ipc/register'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import type { Caller } from '../../../src-main/sandbox/types'
import {
  eventRecorder,
  fakeOsCipher,
  recordingProxy,
  tempDataDir,
  type RecordingProxy
} from './app-fixtures'

/**
 * The support desk's main side over real HTTP: the app's services (createApp, as the window
 * uses them) in front of an in-process demo sandbox, through a proxy that records every request,
 * so a test can count exactly how many times a write went out.
 */
export interface Desk {
  sandbox: SandboxHandle
  proxy: RecordingProxy
  app: StayDeskApp
  dataDir: string
  events: ReturnType<typeof eventRecorder>
  crashes: string[]
  /** A command through the same path as the window; its Result. */
  call<C extends CommandName>(
    name: C,
    input: CommandInput<C>
  ): ReturnType<typeof dispatchCommand<C>>
  /** A command's value; throws with the error's code and sentence when it failed. */
  value<C extends CommandName>(name: C, input: CommandInput<C>): Promise<CommandOutput<C>>
  /** How many times `METHOD /path` (a prefix of the request line) reached the service. */
  sent(prefix: string): number
  close(): Promise<void>
}

/** A server put between the app and the sandbox (a gateway that misbehaves on purpose). */
export interface Front {
  url: string
  close(): Promise<void>
}

export async function openDesk(
  opts: {
    listings?: number
    callers?: Caller[]
    deps?: Partial<AppDeps>
    /** Starts a front for the sandbox's address; the app reaches the sandbox through it. */
    front?: (sandboxUrl: string) => Promise<Front>
  } = {}
): Promise<Desk> {
  const sandbox = await startSandbox({
    listings: opts.listings ?? 60,
    seed: 1,
    log: () => undefined,
    ...(opts.callers ? { callers: opts.callers } : {})
  })
  const front = opts.front ? await opts.front(sandbox.url) : undefined
  const proxy = await recordingProxy(front?.url ?? sandbox.url)
  const data = tempDataDir()
  const events = eventRecorder()
  const crashes: string[] = []
  const app = await createApp({
    dataDir: data.dir,
    cipher: fakeOsCipher(),
    demoBaseUrl: () => proxy.url,
    version: '0.0.0',
    emit: events.emit,
    syncExecutor: inProcessSyncExecutor,
    periodicSyncMs: 0,
    demoBookings: () => sandbox.demoBookings,
    log: () => undefined,
    ...opts.deps
  })
  await app.firstSync
  await app.demoBookingsKept
  const call = <C extends CommandName>(name: C, input: CommandInput<C>) =>
    dispatchCommand(app.handlers, name, input, (command, err) =>
      crashes.push(`${command}: ${String(err)}`)
    )
  return {
    sandbox,
    proxy,
    app,
    dataDir: data.dir,
    events,
    crashes,
    call,
    value: async (name, input) => {
      const result = await call(name, input)
      if (!result.ok) throw new Error(`${name}: ${result.error.code}: ${result.error.message}`)
      return result.value
    },
    sent: (prefix) => proxy.requests.filter((r) => r.startsWith(prefix)).length,
    close: async () => {
      await app.close()
      await proxy.close()
      await front?.close()
      await sandbox.close()
      data.remove()
    }
  }
}

/** Every file under `dir`, recursively, with its bytes (card-safety scans). */
export function filesUnder(dir: string): { path: string; bytes: Buffer }[] {
  const out: { path: string; bytes: Buffer }[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...filesUnder(path))
    else out.push({ path, bytes: readFileSync(path) })
  }
  return out
}

/** The forms a card number can take in a file: plain, spaced, UTF-16, base64 at each offset. */
export function cardForms(number: string): Buffer[] {
  const digits = number.replace(/\D/g, '')
  const spaced = digits.replace(/(\d{4})(?=\d)/g, '$1 ')
  const forms = [digits, spaced].flatMap((text) => [
    Buffer.from(text, 'utf8'),
    Buffer.from(text, 'utf16le')
  ])
  for (let shift = 0; shift < 3; shift++) {
    const b64 = Buffer.from('x'.repeat(shift) + digits).toString('base64')
    // Only the whole groups that encode digits alone, whatever came before or after them.
    forms.push(Buffer.from(b64.slice(Math.ceil(shift / 3) * 4, -4), 'utf8'))
  }
  return forms
}

/** n stays of 7 nights for 2 adults, 17 days apart, the first from 9 days after today. */
export function staysAhead(today: string, n: number) {
  return Array.from({ length: n }, (_, k) => {
    const from = addDays(today, 9 + k * 17)
    return { from, to: addDays(from, 7), adults: 2 }
  })
}

/** A stay the offline copy says can be booked, `from` at least `lead` days ahead. */
export function bookableStay(desk: Desk, lead: number, skip = new Set<number>()) {
  for (let d = lead; d < lead + 200; d += 3) {
    const from = addDays(new Date().toISOString().slice(0, 10), d)
    const to = addDays(from, 4)
    for (const id of desk.sandbox.store.listingIds()) {
      if (skip.has(id)) continue
      const answer = desk.sandbox.store.quote({ listingId: id, from, to, adults: 2 })
      if (!('reasons' in answer)) return { listingId: id, from, to, adults: 2 }
    }
  }
  throw new Error('no bookable stay')
}

/** A bookable stay on an instant listing not in `used` (on-request ones wait), then marked used. */
export function instantStay(desk: Desk, used: Set<number>) {
  const onRequest = desk.sandbox.store
    .listingIds()
    .filter((id) => desk.sandbox.store.listing(id)?.bookingType === 'onRequest')
  const s = bookableStay(desk, 40, new Set([...used, ...onRequest]))
  used.add(s.listingId)
  return s
}
