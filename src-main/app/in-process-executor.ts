import { createApiClient } from '../api'
import { openMirror, type Mirror } from '../db'
import { describeSyncError, syncAll } from '../sync/engine'
import { syncStopped, type SyncExecutor } from '../sync/runner'
import type { SyncTarget } from '../sync/sync-worker'

/**
 * Runs a sync on the calling thread, with its own client and mirror connection, exactly as the
 * worker does. For tests and the end-to-end harness: a worker thread from .ts sources works
 * there too, but pays for a tsx start-up per sync. The app itself uses threadSyncExecutor, so
 * that parsing large pages never blocks the window.
 */
export function inProcessSyncExecutor(targetOf: (profileId: string) => SyncTarget): SyncExecutor {
  return async (profileId, { full, onProgress, signal }) => {
    const target = targetOf(profileId)
    const startedAt = Date.now()
    const client = createApiClient({
      baseUrl: target.baseUrl,
      token: target.token,
      salesChannel: target.salesChannel
    })
    let mirror: Mirror | undefined
    try {
      mirror = await openMirror(target.mirrorFile, { nativeBinding: target.nativeBinding })
      const { results, errors } = await syncAll(client, mirror, { full, onProgress, signal })
      // Same outcome as a terminated worker: a stopped sync rejects, its committed pages stay.
      if (signal.aborted) throw syncStopped()
      return {
        profileId,
        full,
        startedAt,
        finishedAt: Date.now(),
        results,
        errors: errors.map((e) => ({ resource: e.resource, ...describeSyncError(e.error) }))
      }
    } finally {
      await client.close()
      await mirror?.close()
    }
  }
}
