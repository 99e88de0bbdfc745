import { openMirror, type Mirror } from '../db'
import { toAppError } from '../errors'
import { syncAll } from './engine'
import { syncStopped, type SyncExecutor } from './runner'
import type { TargetOf } from './sync-worker'
import { targetClient } from './target-client'

/**
 * Runs a sync on the calling thread, with its own client and mirror connection, exactly as the
 * worker does. The sync process uses it for a delta (a few small pages, where starting threads
 * would cost more); tests and the end-to-end harness use it too, where a worker thread from .ts
 * sources would pay for a tsx start-up per sync. The app's main process never runs it: parsing
 * large pages there would block the window.
 */
export function inProcessSyncExecutor(targetOf: TargetOf): SyncExecutor {
  return async (profileId, { full, onProgress, signal }) => {
    const target = await targetOf(profileId)
    const startedAt = Date.now()
    const client = targetClient(target)
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
        errors: errors.map((e) => ({ resource: e.resource, ...toAppError(e.error).toPayload() }))
      }
    } finally {
      await client.close()
      await mirror?.close()
    }
  }
}
