import type { AppErrorPayload } from '@shared/errors'
import type { SyncSummary } from '@shared/ipc/sync.schema'
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
      /** The logs folder: the process writes sync.log there (none without it). */
      logDir?: string
    }
  | { type: 'abort' }

export type FromHost =
  | { type: 'ready' }
  | { type: 'progress'; event: SyncProgress }
  | { type: 'done'; summary: SyncSummary; stats: HostStats }
  | ({ type: 'failed' } & AppErrorPayload)

/** What the sync process measured about itself (benchmarks print it). */
export interface HostStats {
  /** Peak resident memory of the whole sync process, bytes (see peakRss in sync-host.ts). */
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
 * The sync process's name in Electron (utilityProcess's serviceName): app's child-process-gone
 * reports it under this name, and main leaves its end to processSyncExecutor, which knows
 * whether it was meant.
 */
export const SYNC_SERVICE_NAME = 'StayDesk sync'

/**
 * V8 flags for the sync process. Its busy threads (one per resource) already fill two cores;
 * parallel and concurrent GC helpers only add threads that fight over them. Measured on the
 * built bundle, 10,000 listings: full sync 8.4 to 8.7 s with these flags against 10.5 s without.
 *
 * `--heap-growing-percent=25`: after each full collection V8 lets the old generation grow to
 * 1.25 times what survived (by default it allows up to about twice), so the garbage of records
 * already written is collected sooner. A full sync of 10,000 listings, three runs each from the
 * built bundle: sync process peak 308 to 322 MB against 393 to 419 MB without it, in the same
 * time (14.9 and 16.9 s against 16.0 and 16.7 s, warm runs).
 */
export const SYNC_HOST_FLAGS = ['--single-threaded-gc', '--heap-growing-percent=25']
