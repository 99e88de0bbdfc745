import { startSandboxServer } from './http/server'
import type { FaultOptions } from './http/faults'
import { createSandboxStore } from './state/store'
import type {
  DemoBookingSummary,
  DemoSituations,
  IncidentReport,
  SandboxOptions,
  SandboxStore
} from './types'

export type { FaultOptions } from './http/faults'
export type { DemoBookingSummary, DemoSituations, IncidentReport } from './types'

export interface StartSandboxOptions extends Partial<SandboxOptions> {
  /** 0 (default) picks a free port. */
  port?: number
  /** Bind address; 127.0.0.1 by default so the sandbox is never reachable from the network. */
  host?: string
  faults?: FaultOptions
  /** Calls store.churn() this often, to give delta sync something to find. */
  churnEveryMs?: number
  /**
   * Runs the demo's incidents (store.incidents()) once, this long after the start: the app's
   * embedded demo and `npm run sandbox -- --incidents SECONDS` (docs/sandbox.md).
   */
  incidentsAfterMs?: number
  /** Told what the incidents did when they ran (the CLI prints it). */
  onIncidents?: (report: IncidentReport) => void
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
  /** What the demo has from the start (empty unless started with `situations: true`). */
  situations: DemoSituations
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
    callers: opts.callers ?? DEFAULT_SANDBOX_OPTIONS.callers,
    situations: opts.situations
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
  const incidents =
    opts.incidentsAfterMs !== undefined
      ? setTimeout(() => opts.onIncidents?.(store.incidents()), opts.incidentsAfterMs)
      : undefined
  incidents?.unref()
  return {
    url: server.url,
    port: server.port,
    store,
    demoBookings,
    demoBookingIds: demoBookings.map((b) => b.id),
    situations: store.situations(),
    setFaults: server.setFaults,
    churnNow: churn,
    close: async () => {
      if (timer) clearInterval(timer)
      if (incidents) clearTimeout(incidents)
      await server.close()
    }
  }
}
