import { isMainThread, parentPort, workerData, type Worker } from 'node:worker_threads'
import type { AppErrorPayload } from '@shared/errors'
import { lowerThreadPriority, startWorkerThread } from '../worker-thread'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/sync.schema'
import type { ResourceSyncResult } from '@shared/ipc/sync.schema'
import type { SyncProgress } from './engine'
import { syncFailure, syncStopped, type SyncExecutor } from './runner'
import { type SyncSummary } from '@shared/ipc/sync.schema'

/**
 * Runs a sync off the thread that drives the window: parsing a 15 MB availability page would
 * otherwise freeze it. Availability gets a worker thread of its own and listings and rates
 * share another (THREADS), so the three Link chains are walked at once and their parsing
 * spreads over the cores (one thread doing all three in turn measured 1.76 times the bare
 * fetch-and-parse time in `npm run bench -- sync`).
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
  /**
   * The system's proxy settings' answer for baseUrl ("PROXY h:p; DIRECT"), asked by the app's
   * main process: a sync process or thread can't ask Electron's session itself. Without it
   * (the command line, tests), this process's proxy variables apply (target-network.ts).
   */
  pac?: string
  /**
   * A team hub profile's hub (its address, `hubUrl`, and environment, the profile's kind);
   * baseUrl is then `<hub>/<env>`. A full sync reads the hub's snapshots (engine.ts).
   */
  hub?: { url: string; env: string }
}

/** Where a profile's sync goes; the app's asks the system's proxy settings first, so async. */
export type TargetOf = (profileId: string) => SyncTarget | Promise<SyncTarget>

interface WorkerInput {
  syncWorker: true
  /** Walked concurrently by this thread (syncAll's interleaving, on a subset). */
  resources: SyncResourceName[]
  target: SyncTarget
  full: boolean
  /** One Int32 shared by a sync's workers: the commit lock (0 free, 1 held). */
  commitLock: SharedArrayBuffer
}

type FromWorker =
  | { type: 'opened' }
  | { type: 'progress'; event: SyncProgress }
  | { type: 'done'; outcomes: Outcome[] }
  | ({ type: 'failed' } & AppErrorPayload)

interface Outcome {
  resource: SyncResourceName
  result?: ResourceSyncResult
  error?: AppErrorPayload
}

/**
 * The young generation of each sync thread. Records are parsed, checked and packed one at a
 * time (api/json-items.ts), so a record's objects die within a scavenge or two and a small
 * young generation does: in `npm run bench -- sync` (10,000 listings, side by side) 16 MB
 * measured a full sync of 13.7 s against 16.3 s at 128 MB. Each thread's young generation is
 * resident memory: at 128 MB the two threads' new spaces held 256 MB of the process's 605 MB
 * peak (VmHWM). (128 MB was chosen when a whole parsed page lived at once: it let most of a page
 * die young, and smaller ones made that sync 20 to 75% slower.) See also SYNC_HOST_FLAGS.
 */
const YOUNG_GENERATION_MB = 16

/**
 * Which resources share a thread. Availability pages are the big ones (15 MB against 1 to 3 MB
 * for listings and rates) and get a thread of their own; listings and rates interleave in
 * another. Each thread is a V8 heap with its own slack (a large young generation, an old one
 * that grows well past what it holds), so two threads instead of three measured 651 MB peak
 * against 758 to 812 MB, for the same CPU time (getrusage figures then, which also count the
 * benchmark's own size: see peakRss in sync-host.ts); the sync still keeps two cores busy.
 */
const THREADS: readonly SyncResourceName[][] = [['availability'], ['listings', 'rates']]

/**
 * The grouping on a team hub, whose full sync reads snapshots with calendars and rates packed as
 * the mirror stores them: those two then cost the desk little (availability done at 1.6 s of a
 * 5.2 s first sync of 10,000 in `npm run bench -- hub`), while listings are still records checked
 * and deflated one by one. Listings get the thread of their own and the packed resources share
 * the other. A hub's deltas are small pages either way, so the grouping goes by target, not by
 * whether this sync turns out to be a full one.
 */
const HUB_THREADS: readonly SyncResourceName[][] = [['availability', 'rates'], ['listings']]

/**
 * A SyncExecutor for SyncRunner that runs a sync in worker threads, resources as THREADS (or on
 * a team hub HUB_THREADS) says.
 * `mirrorReady`: the caller has opened (and so migrated) the mirror file already, so all the
 * workers may start at once.
 */
export function threadSyncExecutor(
  targetOf: TargetOf,
  entry: string | URL = new URL(import.meta.url),
  { mirrorReady = false }: { mirrorReady?: boolean } = {}
): SyncExecutor {
  return async (profileId, { full, onProgress, signal }) => {
    const startedAt = Date.now()
    const target = await targetOf(profileId)
    const summaryOf = (perThread: Outcome[][]): SyncSummary => {
      const outcomes = perThread.flat()
      const of = (r: SyncResourceName) => outcomes.find((o) => o.resource === r)
      return {
        profileId,
        full,
        startedAt,
        finishedAt: Date.now(),
        results: SYNC_RESOURCES.flatMap((r) => of(r)?.result ?? []),
        errors: SYNC_RESOURCES.flatMap((r) => {
          const error = of(r)?.error
          return error ? [{ resource: r, ...error }] : []
        })
      }
    }
    const workers: Worker[] = []
    const commitLock = new SharedArrayBuffer(4)
    const stop = () => workers.forEach((w) => void w.terminate())
    signal.addEventListener('abort', stop, { once: true })
    try {
      const run = (resources: SyncResourceName[], opened?: () => void) =>
        runThread(
          entry,
          { syncWorker: true, resources, target, full, commitLock },
          workers,
          onProgress,
          signal,
          opened
        )
      const groups = target.hub ? HUB_THREADS : THREADS
      if (mirrorReady) return summaryOf(await Promise.all(groups.map((g) => run(g))))
      // The first worker opens the mirror (and migrates a new file) before the others start,
      // so that two connections never run the same migration at once.
      let firstOpened!: () => void
      const opened = new Promise<void>((resolve) => (firstOpened = resolve))
      const [first, ...rest] = groups
      const firstRun = run(first, firstOpened)
      await Promise.race([opened, firstRun])
      return summaryOf(await Promise.all([firstRun, ...rest.map((g) => run(g))]))
    } finally {
      signal.removeEventListener('abort', stop)
      stop()
    }
  }
}

function runThread(
  entry: string | URL,
  input: WorkerInput,
  workers: Worker[],
  onProgress: (e: SyncProgress) => void,
  signal: AbortSignal,
  opened?: () => void
): Promise<Outcome[]> {
  return new Promise<Outcome[]>((resolve, reject) => {
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
      else if (m.type === 'done') finish(() => resolve(m.outcomes))
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
  const [{ openMirror }, { syncResource }, { toAppError }, { targetClient }] = await Promise.all([
    import('../db'),
    import('./engine'),
    import('../errors'),
    import('./target-client')
  ])
  let mirror: Awaited<ReturnType<typeof openMirror>> | undefined
  const client = targetClient(input.target)
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
      sync: {
        ...m.sync,
        setCursor: (...args: Parameters<typeof m.sync.setCursor>) =>
          withCommitLock(lock, () => m.sync.setCursor(...args))
      }
    }
    // A failed resource is reported in the summary; the thread's other resources carry on.
    const outcomes = await Promise.all(
      input.resources.map((resource) =>
        syncResource(resource, client, store, {
          full: input.full,
          onProgress: (event) => send({ type: 'progress', event })
        }).then(
          (result): Outcome => ({ resource, result }),
          (err: unknown): Outcome => ({ resource, error: toAppError(err).toPayload() })
        )
      )
    )
    send({ type: 'done', outcomes })
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
