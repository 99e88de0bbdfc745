import type { AppErrorCode } from '@shared/errors'
import type { SyncSummary } from '@shared/ipc/sync.schema'
import { AppError } from '../errors'
import type { SyncProgress } from './engine'

/** What one sync run reports back; its shape is the IPC contract's (`sync:run`, `sync:finished`). */

/**
 * Runs one sync: in a process of its own in the app, in worker threads, or on the calling
 * thread (CLI and tests). A failure rejects with syncFailure's plain error; a stop with
 * syncStopped's, and the pages committed before it stay.
 */
export type SyncExecutor = (
  profileId: string,
  opts: { full: boolean; onProgress: (e: SyncProgress) => void; signal: AbortSignal }
) => Promise<SyncSummary>

/**
 * A failure already described (code and sentence) where it happened, in another thread or
 * process, rebuilt on this side as the AppError it was.
 */
export function syncFailure(code: AppErrorCode, message: string): AppError {
  return new AppError(code, message)
}

export function syncStopped(): AppError {
  return syncFailure('aborted', 'Sync was stopped.')
}

/**
 * One sync at a time per profile: a second request while one runs joins it (a full resync asked
 * during a delta waits for the delta, then runs). Periodic delta syncs skip a profile that is busy.
 */
export class SyncRunner {
  private readonly running = new Map<string, { full: boolean; promise: Promise<SyncSummary> }>()
  private readonly controllers = new Map<string, AbortController>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly execute: SyncExecutor,
    private readonly onProgress: (profileId: string, e: SyncProgress) => void = () => {}
  ) {}

  isRunning(profileId: string): boolean {
    return this.running.has(profileId)
  }

  run(profileId: string, opts: { full?: boolean } = {}): Promise<SyncSummary> {
    const full = opts.full ?? false
    const current = this.running.get(profileId)
    if (current) {
      if (!full || current.full) return current.promise
      return current.promise.catch(() => undefined).then(() => this.run(profileId, opts))
    }
    const controller = new AbortController()
    const promise = this.execute(profileId, {
      full,
      signal: controller.signal,
      onProgress: (e) => this.onProgress(profileId, e)
    }).finally(() => {
      this.running.delete(profileId)
      this.controllers.delete(profileId)
    })
    this.running.set(profileId, { full, promise })
    this.controllers.set(profileId, controller)
    return promise
  }

  /** Stops a running sync; committed pages stay, the cursor stays where they left it. */
  cancel(profileId: string): void {
    this.controllers.get(profileId)?.abort()
  }

  /** Delta sync of the active profile every `everyMs` while the app runs. */
  startPeriodic(activeProfile: () => string | undefined, everyMs: number): void {
    this.stopPeriodic()
    this.timer = setInterval(() => {
      const id = activeProfile()
      if (id && !this.isRunning(id)) this.run(id).catch(() => undefined)
    }, everyMs)
    this.timer.unref()
  }

  stopPeriodic(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
  }

  async close(): Promise<void> {
    this.stopPeriodic()
    for (const c of this.controllers.values()) c.abort()
    await Promise.allSettled([...this.running.values()].map((r) => r.promise))
  }
}
