import { syncFailure, syncStopped, type SyncExecutor } from './runner'
import type { FromHost, HostStats, SpawnSyncHost } from './sync-host-protocol'
import type { TargetOf } from './sync-worker'

/** How long a stopped sync may take to wind down before its process is killed. */
const ABORT_GRACE_MS = 3000

export interface ProcessExecutorOptions {
  /** The bundled sync-worker file in the built app; the source file otherwise. */
  workerEntry?: string
  /** Called with the sync process's own figures after each successful run. */
  onStats?: (stats: HostStats) => void
  /** The logs folder, where the sync process writes sync.log. */
  logDir?: string
}

/**
 * A SyncExecutor that runs each sync in a process of its own (sync-host.ts), which in turn runs
 * a worker thread per resource. A stop asks the process to abort its threads and kills it if it
 * has not finished within a grace period; either way the pages committed so far stay, each with
 * the cursor that covers it.
 */
export function processSyncExecutor(
  targetOf: TargetOf,
  spawn: SpawnSyncHost,
  options: ProcessExecutorOptions = {}
): SyncExecutor {
  return async (profileId, { full, onProgress, signal }) => {
    const startedAt = Date.now()
    if (signal.aborted) throw syncStopped()
    // Read before spawning: a profile without a token fails here, with no process started.
    const target = await targetOf(profileId)
    // A stop asked for while the proxy settings were read: the abort listener would not hear it.
    if (signal.aborted) throw syncStopped()
    return new Promise((resolve, reject) => {
      const host = spawn()
      let settled = false
      let killTimer: NodeJS.Timeout | undefined
      const settle = (fn: () => void) => {
        if (settled) return
        settled = true
        signal.removeEventListener('abort', stop)
        clearTimeout(killTimer)
        host.kill()
        fn()
      }
      const stop = () => {
        host.send({ type: 'abort' })
        killTimer = setTimeout(() => settle(() => reject(syncStopped())), ABORT_GRACE_MS)
      }
      signal.addEventListener('abort', stop, { once: true })
      host.onMessage((m: FromHost) => {
        if (m.type === 'ready') {
          host.send({
            type: 'run',
            profileId,
            target,
            full,
            workerEntry: options.workerEntry,
            logDir: options.logDir
          })
        } else if (m.type === 'progress') {
          onProgress(m.event)
        } else if (m.type === 'done') {
          options.onStats?.(m.stats)
          settle(() => resolve({ ...m.summary, startedAt, finishedAt: Date.now() }))
        } else {
          settle(() => reject(syncFailure(m.code, m.message)))
        }
      })
      host.onExit((code) =>
        settle(() =>
          reject(
            signal.aborted
              ? syncStopped()
              : syncFailure(
                  'internal',
                  `The sync process stopped unexpectedly (exit code ${code ?? 'none'}). ` +
                    'The pages saved so far are kept; sync again to continue.'
                )
          )
        )
      )
    })
  }
}
