import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import { startWorkerThread } from '../worker-thread'
import type { SyncProgress } from './engine'
import type { SyncExecutor, SyncSummary } from './runner'

/**
 * Runs one sync in a worker thread, so that parsing a 15 MB availability page never freezes
 * the window (the Electron main process drives it). The worker opens its own client and its
 * own connection to the profile's mirror; the main process keeps reading through another
 * connection (WAL lets readers and one writer work at once). This file is both the launcher
 * and the worker's entry; the built app passes its bundled path as `entry`.
 */

export interface SyncTarget {
  baseUrl: string
  token: string
  salesChannel?: string
  mirrorFile: string
  nativeBinding?: string
}

interface WorkerInput {
  syncWorker: true
  profileId: string
  target: SyncTarget
  full: boolean
}

type FromWorker =
  | { type: 'progress'; event: SyncProgress }
  | { type: 'done'; summary: SyncSummary }
  | { type: 'failed'; code: string; message: string }

/** A SyncExecutor for SyncRunner that runs each sync in its own worker thread. */
export function threadSyncExecutor(
  targetOf: (profileId: string) => SyncTarget,
  entry: string | URL = new URL(import.meta.url)
): SyncExecutor {
  return (profileId, { full, onProgress, signal }) =>
    new Promise<SyncSummary>((resolve, reject) => {
      const worker = startWorkerThread(entry, {
        workerData: {
          syncWorker: true,
          profileId,
          target: targetOf(profileId),
          full
        } satisfies WorkerInput
      })
      let settled = false
      const finish = (fn: () => void) => {
        if (settled) return
        settled = true
        signal.removeEventListener('abort', onAbort)
        fn()
      }
      // Aborting ends the thread; committed pages stay and the cursor covers exactly them.
      const onAbort = () => void worker.terminate()
      signal.addEventListener('abort', onAbort, { once: true })
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'progress') onProgress(m.event)
        else if (m.type === 'done') finish(() => resolve(m.summary))
        else finish(() => reject(Object.assign(new Error(m.message), { code: m.code })))
      })
      worker.once('error', (err) => finish(() => reject(err)))
      worker.once('exit', (code) =>
        finish(() =>
          reject(
            Object.assign(
              new Error(signal.aborted ? 'Sync was stopped.' : `sync worker exited (${code})`),
              {
                code: signal.aborted ? 'aborted' : 'internal'
              }
            )
          )
        )
      )
    })
}

async function runInWorker(input: WorkerInput): Promise<void> {
  const port = parentPort!
  const send = (m: FromWorker) => port.postMessage(m)
  const [{ createApiClient }, { openMirror }, { syncAll, describeSyncError }] = await Promise.all([
    import('../api'),
    import('../db'),
    import('./engine')
  ])
  const startedAt = Date.now()
  let mirror: Awaited<ReturnType<typeof openMirror>> | undefined
  const client = createApiClient({
    baseUrl: input.target.baseUrl,
    token: input.target.token,
    salesChannel: input.target.salesChannel
  })
  try {
    mirror = await openMirror(input.target.mirrorFile, {
      nativeBinding: input.target.nativeBinding
    })
    const { results, errors } = await syncAll(client, mirror, {
      full: input.full,
      onProgress: (event) => send({ type: 'progress', event })
    })
    send({
      type: 'done',
      summary: {
        profileId: input.profileId,
        full: input.full,
        startedAt,
        finishedAt: Date.now(),
        results,
        errors: errors.map((e) => ({ resource: e.resource, ...describeSyncError(e.error) }))
      }
    })
  } catch (err) {
    send({ type: 'failed', ...describeSyncError(err) })
  } finally {
    await client.close()
    await mirror?.close()
  }
}

if (!isMainThread && (workerData as Partial<WorkerInput> | null)?.syncWorker) {
  void runInWorker(workerData as WorkerInput)
}
