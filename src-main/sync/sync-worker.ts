import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads'
import type { AppErrorPayload } from '@shared/errors'
import { lowerThreadPriority, startWorkerThread } from '../worker-thread'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/views.schema'
import type { ResourceSyncResult, SyncProgress } from './engine'
import { syncFailure, syncStopped, type SyncExecutor, type SyncSummary } from './runner'

/**
 * Runs a sync off the thread that drives the window: parsing a 15 MB availability page would
 * otherwise freeze it. Each resource gets its own worker thread, so the three Link chains are
 * walked at once and their parsing spreads over the cores (one thread doing all three in turn
 * measured 1.76 times the bare fetch-and-parse time in `npm run bench -- sync`).
 * Each worker has its own client and its own connection to the profile's mirror: SQLite's WAL
 * lets the main process read while one writer commits, and the writers take turns (busy
 * timeout), each commit being one short transaction. This file is both the launcher and the
 * workers' entry; the built app passes its bundled path as `entry`.
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
  resource: SyncResourceName
  target: SyncTarget
  full: boolean
  /** One Int32 shared by a sync's workers: the commit lock (0 free, 1 held). */
  commitLock: SharedArrayBuffer
}

type FromWorker =
  | { type: 'opened' }
  | { type: 'progress'; event: SyncProgress }
  | { type: 'done'; result?: ResourceSyncResult; error?: AppErrorPayload }
  | ({ type: 'failed' } & AppErrorPayload)

type Outcome = Extract<FromWorker, { type: 'done' }>

/**
 * A parsed availability page (15 MB of JSON, 146,000 objects) lives while it is validated and
 * written; with V8's default young generation it is copied by several scavenges and promoted,
 * and the whole page becomes old-generation garbage. A young generation this large lets most of
 * a page die young (measured with the sync-host flags, from source through tsx: full sync 9.8 s
 * against 11.3 to 11.7 s at 64 MB).
 */
const YOUNG_GENERATION_MB = 128

/**
 * A SyncExecutor for SyncRunner that runs each resource of a sync in its own worker thread.
 * `mirrorReady`: the caller has opened (and so migrated) the mirror file already, so all the
 * workers may start at once.
 */
export function threadSyncExecutor(
  targetOf: (profileId: string) => SyncTarget,
  entry: string | URL = new URL(import.meta.url),
  { mirrorReady = false }: { mirrorReady?: boolean } = {}
): SyncExecutor {
  return async (profileId, { full, onProgress, signal }) => {
    const startedAt = Date.now()
    const target = targetOf(profileId)
    const summaryOf = (outcomes: Outcome[]): SyncSummary => ({
      profileId,
      full,
      startedAt,
      finishedAt: Date.now(),
      results: outcomes.flatMap((o) => (o.result ? [o.result] : [])),
      errors: outcomes.flatMap((o, i) =>
        o.error ? [{ resource: SYNC_RESOURCES[i], ...o.error }] : []
      )
    })
    const workers: Worker[] = []
    const commitLock = new SharedArrayBuffer(4)
    const stop = () => workers.forEach((w) => void w.terminate())
    signal.addEventListener('abort', stop, { once: true })
    try {
      const run = (resource: SyncResourceName, opened?: () => void) =>
        runResource(
          entry,
          { syncWorker: true, resource, target, full, commitLock },
          workers,
          onProgress,
          signal,
          opened
        )
      if (mirrorReady) {
        return summaryOf(await Promise.all(SYNC_RESOURCES.map((r) => run(r))))
      }
      // The first worker opens the mirror (and migrates a new file) before the others start,
      // so that two connections never run the same migration at once.
      let firstOpened!: () => void
      const opened = new Promise<void>((resolve) => (firstOpened = resolve))
      const [first, ...rest] = SYNC_RESOURCES
      const firstRun = run(first, firstOpened)
      await Promise.race([opened, firstRun])
      return summaryOf(await Promise.all([firstRun, ...rest.map((r) => run(r))]))
    } finally {
      signal.removeEventListener('abort', stop)
      stop()
    }
  }
}

function runResource(
  entry: string | URL,
  input: WorkerInput,
  workers: Worker[],
  onProgress: (e: SyncProgress) => void,
  signal: AbortSignal,
  opened?: () => void
): Promise<Outcome> {
  return new Promise<Outcome>((resolve, reject) => {
    if (signal.aborted) return reject(syncStopped())
    const worker = startWorkerThread(entry, {
      workerData: input,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
    })
    workers.push(worker)
    let settled = false
    const finish = (fn: () => void) => {
      if (!settled) {
        settled = true
        fn()
      }
    }
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'opened') opened?.()
      else if (m.type === 'progress') onProgress(m.event)
      else if (m.type === 'done') finish(() => resolve(m))
      else finish(() => reject(syncFailure(m.code, m.message)))
    })
    worker.once('error', (err) => finish(() => reject(err)))
    worker.once('exit', (code) =>
      finish(() =>
        reject(
          signal.aborted ? syncStopped() : syncFailure('internal', `sync worker exited (${code})`)
        )
      )
    )
  })
}

/**
 * Runs `fn` holding the sync's commit lock. The writers would otherwise take turns through
 * SQLite's busy handler, which sleeps in steps of up to 100 ms; Atomics.wait wakes the next
 * writer as soon as the lock is released. SQLite's busy timeout stays as the backstop.
 */
function withCommitLock<T>(lock: Int32Array, fn: () => T): T {
  while (Atomics.compareExchange(lock, 0, 0, 1) !== 0) Atomics.wait(lock, 0, 1)
  try {
    return fn()
  } finally {
    Atomics.store(lock, 0, 0)
    Atomics.notify(lock, 0, 1)
  }
}

async function runInWorker(input: WorkerInput): Promise<void> {
  const port = parentPort!
  const send = (m: FromWorker) => port.postMessage(m)
  const [{ createApiClient }, { openMirror }, { syncResource }, { toAppError }] = await Promise.all(
    [import('../api'), import('../db'), import('./engine'), import('../errors')]
  )
  let mirror: Awaited<ReturnType<typeof openMirror>> | undefined
  const client = createApiClient({
    baseUrl: input.target.baseUrl,
    token: input.target.token,
    salesChannel: input.target.salesChannel
  })
  lowerThreadPriority()
  const lock = new Int32Array(input.commitLock)
  try {
    mirror = await openMirror(input.target.mirrorFile, {
      nativeBinding: input.target.nativeBinding,
      writeLock: (write) => withCommitLock(lock, write)
    })
    send({ type: 'opened' })
    const m = mirror
    const store = {
      syncState: m.syncState.bind(m),
      commitPage: m.commitPage.bind(m),
      quarantined: m.quarantined.bind(m),
      setSyncState: (...args: Parameters<typeof m.setSyncState>) =>
        withCommitLock(lock, () => m.setSyncState(...args))
    }
    try {
      const result = await syncResource(input.resource, client, store, {
        full: input.full,
        onProgress: (event) => send({ type: 'progress', event })
      })
      send({ type: 'done', result })
    } catch (err) {
      // A failed resource is reported in the summary; the other resources carry on.
      send({ type: 'done', error: toAppError(err).toPayload() })
    }
  } catch (err) {
    send({ type: 'failed', ...toAppError(err).toPayload() })
  } finally {
    await client.close()
    await mirror?.close()
  }
}

if (!isMainThread && (workerData as Partial<WorkerInput> | null)?.syncWorker) {
  void runInWorker(workerData as WorkerInput)
}
