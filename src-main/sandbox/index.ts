import { startSandboxServer } from './http/server'
import type { FaultOptions } from './http/faults'
import { createSandboxStore } from './state/store'
import type { DemoBookingSummary, SandboxOptions, SandboxStore } from './types'

export type { FaultOptions } from './http/faults'
export type { DemoBookingSummary } from './types'

export interface StartSandboxOptions extends Partial<SandboxOptions> {
  /** 0 (default) picks a free port. */
  port?: number
  /** Bind address; 127.0.0.1 by default so the sandbox is never reachable from the network. */
  host?: string
  faults?: FaultOptions
  /** Calls store.churn() this often, to give delta sync something to find. */
  churnEveryMs?: number
  /** Where internal errors are reported (default console.error). */
  log?: (message: string) => void
}

export interface SandboxHandle {
  /** Origin such as `http://127.0.0.1:PORT`; the API lives under `/v1`. */
  url: string
  port: number
  store: SandboxStore
  /** The demo bookings as they were at start (`store.demoBookings()` has current statuses). */
  demoBookings: DemoBookingSummary[]
  /** Their ids, in the same order. */
  demoBookingIds: string[]
  setFaults(faults: FaultOptions | null): void
  /** One churn step now (tests use it instead of waiting for the timer). */
  churnNow(): void
  close(): Promise<void>
}

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
  listings: 300,
  seed: 1,
  callers: [{ token: 'demo-token', channel: 'DEMO', merchantOfRecord: 'service' }]
}

/** Starts the spec-faithful local service: a generated portfolio behind real HTTP. */
export async function startSandbox(opts: StartSandboxOptions = {}): Promise<SandboxHandle> {
  const options: SandboxOptions = {
    listings: opts.listings ?? DEFAULT_SANDBOX_OPTIONS.listings,
    seed: opts.seed ?? DEFAULT_SANDBOX_OPTIONS.seed,
    today: opts.today,
    callers: opts.callers ?? DEFAULT_SANDBOX_OPTIONS.callers
  }
  const store = createSandboxStore(options)
  const demoBookings = store.demoBookings()
  const server = await startSandboxServer({
    store,
    callers: options.callers,
    host: opts.host,
    port: opts.port,
    faults: opts.faults,
    log: opts.log
  })
  const churn = (): void => void store.churn()
  const timer = opts.churnEveryMs ? setInterval(churn, opts.churnEveryMs) : undefined
  // The churn timer alone must not keep a process (or a test run) alive.
  timer?.unref()
  return {
    url: server.url,
    port: server.port,
    store,
    demoBookings,
    demoBookingIds: demoBookings.map((b) => b.id),
    setFaults: server.setFaults,
    churnNow: churn,
    close: async () => {
      if (timer) clearInterval(timer)
      await server.close()
    }
  }
}
