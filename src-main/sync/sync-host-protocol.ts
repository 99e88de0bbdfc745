import type { AppErrorPayload } from '@shared/errors'
import type { SyncSummary } from '@shared/ipc/views.schema'
import type { SyncProgress } from './engine'
import type { SyncTarget } from './sync-worker'

/**
 * The messages between the app and its sync process (sync-host.ts). The token travels in the
 * `run` message over the IPC channel, never in the command line or the environment, where any
 * process of the same user could read it.
 */
export type ToHost =
  | {
      type: 'run'
      profileId: string
      target: SyncTarget
      full: boolean
      /** The bundled sync-worker file in the built app; the source file otherwise. */
      workerEntry?: string
    }
  | { type: 'abort' }

export type FromHost =
  | { type: 'ready' }
  | { type: 'progress'; event: SyncProgress }
  | { type: 'done'; summary: SyncSummary; stats: HostStats }
  | ({ type: 'failed' } & AppErrorPayload)

/** What the sync process measured about itself (benchmarks print it). */
export interface HostStats {
  /** Peak resident memory of the whole sync process, bytes. */
  peakRss: number
}

/**
 * One running sync process, whatever started it: Node's child_process under the CLI, tests and
 * benchmarks, Electron's utilityProcess in the app (utility-sync-host.ts).
 */
export interface HostChannel {
  /** The process id once started (logs, and tests that look at the process from outside). */
  readonly pid: number | undefined
  send(message: ToHost): void
  onMessage(listener: (message: FromHost) => void): void
  onExit(listener: (code: number | null) => void): void
  kill(): void
}

export type SpawnSyncHost = () => HostChannel

/**
 * V8 flags for the sync process. Its busy threads (one per resource) already fill two cores;
 * parallel and concurrent GC helpers only add threads that fight over them. Measured on the
 * built bundle, 10,000 listings: full sync 8.4 to 8.7 s with these flags against 10.5 s without.
 */
export const SYNC_HOST_FLAGS = ['--single-threaded-gc']
