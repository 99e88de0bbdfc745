import { isUnreachable, type AppErrorCode } from '@shared/errors'
import type { EventName } from '@shared/ipc/channels'
import type { EventPayload } from '@shared/ipc/contract'
import {
  SYNC_RESOURCES,
  type ResourceStatus,
  type SyncResourceName,
  type SyncStatus,
  type SyncSummary
} from '@shared/ipc/sync.schema'
import type { Mirror } from '../../db'
import { toAppError } from '../../errors'
import { syncFailedLine, syncLine } from '../../logging/sync-line'
import { SyncRunner, type SyncExecutor } from '../../sync/runner'
import { reachOf, type Connectivity } from './connectivity'

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void

export interface SyncServiceDeps {
  executor: SyncExecutor
  emit: Emit
  activeId: () => string
  now: () => number
  /** Whether each profile's service can be reached: a sync's outcome is news for it too. */
  connectivity: Connectivity
  /** The main log: one line per sync (an error line with `err` when StayDesk failed). */
  log: (message: string, err?: unknown) => void
}

/**
 * While a walk commits page after page, screens re-read the resource at most this often, so a
 * first download of 10,000 listings fills the table as it goes without re-reading 50 times.
 */
const PAGE_REFRESH_MS = 1_000

/**
 * Syncs through SyncRunner (one at a time per profile) and turns each run into events: progress
 * as it goes, 'sync:finished' with the summary, 'db:changed' for the active profile's screens.
 * A sync that got no answer marks its profile offline (connectivity.ts), one that got answers
 * clears it: what the Sync screen's offline state shows while the mirror keeps answering.
 */
export class SyncService {
  private readonly runner: SyncRunner
  private readonly lastPageRefresh = new Map<SyncResourceName, number>()
  private readonly finishedListeners = new Set<(summary: SyncSummary) => void>()

  constructor(private readonly deps: SyncServiceDeps) {
    this.runner = new SyncRunner(
      (profileId, opts) => this.tracked(profileId, opts),
      (profileId, event) => {
        deps.emit('sync:progress', { profileId, event })
        if (event.type === 'done') this.changed(profileId, [event.resource])
        if (event.type === 'page') this.pageCommitted(profileId, event.resource)
      }
    )
  }

  /** Runs (or joins) a sync; rejects with an AppError when it could not run at all. */
  run(profileId: string, full = false): Promise<SyncSummary> {
    return this.runner.run(profileId, { full })
  }

  /** A sync nobody waits for (start-up, activation, timer): its outcome arrives as events. */
  runInBackground(profileId: string, full = false): Promise<SyncSummary | undefined> {
    return this.run(profileId, full).catch(() => undefined)
  }

  isRunning(profileId: string): boolean {
    return this.runner.isRunning(profileId)
  }

  /** Stops the profile's sync and waits until it has let go of the mirror. */
  async stop(profileId: string): Promise<boolean> {
    if (!this.runner.isRunning(profileId)) return false
    const running = this.runner.run(profileId)
    this.runner.cancel(profileId)
    await running.catch(() => undefined)
    return true
  }

  cancel(profileId: string): boolean {
    const running = this.runner.isRunning(profileId)
    this.runner.cancel(profileId)
    return running
  }

  /** A connection test reached (or failed to reach) the service: that is news for status too. */
  noteReachability(profileId: string, code: AppErrorCode | undefined): void {
    this.deps.connectivity.note(
      profileId,
      code !== undefined && isUnreachable(code) ? 'unreachable' : 'reached'
    )
  }

  /**
   * Called after each sync that ran (full or delta), once 'sync:finished' is out: the portfolio
   * watch's pass. A listener runs its work later, off the sync's time; its failure is logged.
   */
  onFinished(listener: (summary: SyncSummary) => void): () => void {
    this.finishedListeners.add(listener)
    return () => this.finishedListeners.delete(listener)
  }

  forget(profileId: string): void {
    this.deps.connectivity.forget(profileId)
  }

  startPeriodic(everyMs: number): void {
    if (everyMs > 0) this.runner.startPeriodic(() => this.deps.activeId(), everyMs)
  }

  status(profileId: string, mirror: Mirror): SyncStatus {
    const now = this.deps.now()
    const counts = mirror.sync.counts()
    const resources = SYNC_RESOURCES.map((resource): ResourceStatus => {
      const cursor = mirror.sync.cursor(resource)
      const lastSuccessAt = cursor?.lastSuccessAt ?? null
      const started =
        cursor !== undefined && (lastSuccessAt !== null || (cursor.pagesDone ?? 0) > 0)
      return {
        resource,
        phase: started ? cursor.phase : 'never',
        lastSuccessAt,
        dataAgeMs: lastSuccessAt === null ? null : Math.max(0, now - lastSuccessAt),
        records: counts[resource],
        quarantined: counts.quarantined[resource],
        lastError: cursor?.lastError ?? null
      }
    })
    return {
      profileId,
      running: this.runner.isRunning(profileId),
      offline: this.deps.connectivity.isOffline(profileId),
      resources
    }
  }

  close(): Promise<void> {
    return this.runner.close()
  }

  private changed(profileId: string, resources: SyncResourceName[]) {
    if (profileId === this.deps.activeId()) this.deps.emit('db:changed', { resources })
  }

  /** Each committed page is visible in the mirror at once: screens catch up, throttled. */
  private pageCommitted(profileId: string, resource: SyncResourceName) {
    const now = this.deps.now()
    if (now - (this.lastPageRefresh.get(resource) ?? 0) < PAGE_REFRESH_MS) return
    this.lastPageRefresh.set(resource, now)
    this.changed(profileId, [resource])
  }

  private async tracked(
    profileId: string,
    opts: Parameters<SyncExecutor>[1]
  ): Promise<SyncSummary> {
    const startedAt = this.deps.now()
    let summary: SyncSummary
    try {
      summary = await this.deps.executor(profileId, opts)
    } catch (err) {
      const failure = toAppError(err)
      const { code, message } = failure
      // One line per sync, an error when the failure is StayDesk's own (a bug, the mirror, a
      // sync process that died); an outage or a missing token is a line of information.
      const line = syncFailedLine(profileId, opts.full, this.deps.now() - startedAt, failure)
      if (failure.unexpected || code === 'internal' || code === 'database') {
        this.deps.log(line, err)
      } else {
        this.deps.log(line)
      }
      // A sync that could not start (no token, the mirror) says nothing about the service.
      this.deps.connectivity.note(profileId, reachOf(failure))
      // Screens showing progress need an end even when the sync could not run at all.
      this.deps.emit('sync:finished', {
        profileId,
        full: opts.full,
        startedAt,
        finishedAt: this.deps.now(),
        results: [],
        errors: SYNC_RESOURCES.map((resource) => ({ resource, code, message }))
      })
      this.changed(profileId, [...SYNC_RESOURCES])
      throw failure
    }
    this.deps.connectivity.note(
      profileId,
      summary.errors.some((e) => isUnreachable(e.code)) ? 'unreachable' : 'reached'
    )
    this.deps.log(syncLine(summary))
    // A resource that failed inside StayDesk (a bug, the mirror) is logged as an error like a
    // handler's crash; the other resources' results still stand.
    for (const e of summary.errors) {
      if (e.code === 'internal' || e.code === 'database') {
        this.deps.log(
          `sync of ${e.resource} for profile ${profileId} failed inside StayDesk: ${e.message}`,
          new Error(e.message)
        )
      }
    }
    this.deps.emit('sync:finished', summary)
    this.changed(profileId, [...SYNC_RESOURCES])
    for (const listener of this.finishedListeners) {
      try {
        listener(summary)
      } catch (err) {
        this.deps.log(`a listener of profile ${profileId}'s finished sync failed`, err)
      }
    }
    return summary
  }
}
