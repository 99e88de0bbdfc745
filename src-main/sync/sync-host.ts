import { isMainThread } from 'node:worker_threads'
import { lowerProcessPriority } from '../worker-thread'
import { peakRss } from './peak-rss'
import type { FromHost, ToHost } from './sync-host-protocol'

/**
 * Entry of the sync process: a process of its own (Electron's utilityProcess in the app, a Node
 * child process elsewhere) that runs one sync through threadSyncExecutor, with a worker thread
 * per resource, and reports progress and the summary back.
 *
 * Why a process and not only worker threads in the app's main process: the garbage collector's
 * helper threads belong to the process, at normal priority. Parsing 15 MB pages keeps them busy,
 * and they delayed the main process's event loop (p99 2.3 times idle in `npm run bench -- sync`)
 * even with the sync threads themselves at the lowest priority. Here every thread of the
 * process, the collector's included, is at the lowest priority.
 */

interface Port {
  send(message: FromHost): void
  onMessage(listener: (message: ToHost) => void): void
}

/** Electron's utility process talks through process.parentPort; a Node child through process.send. */
function parentPortOf(): Port {
  const electronPort = (
    process as {
      parentPort?: {
        postMessage(m: unknown): void
        on(e: 'message', l: (e: { data: ToHost }) => void): void
      }
    }
  ).parentPort
  if (electronPort) {
    return {
      send: (m) => electronPort.postMessage(m),
      onMessage: (listener) => electronPort.on('message', (e) => listener(e.data))
    }
  }
  if (!process.send) throw new Error('sync-host must be started as a child process')
  // The app gone means nobody waits for this sync: stop (committed pages stay, see engine.ts).
  process.once('disconnect', () => process.exit(0))
  return {
    send: (m) => void process.send!(m),
    onMessage: (listener) => process.on('message', (m) => listener(m as ToHost))
  }
}

/**
 * sync.log, when the app names a logs folder: a line as each sync starts and one as it ends,
 * the stack of a failure that is a bug, and an uncaught one before the process goes. The sync's
 * token is a secret of every line; "the details are in the log" names this file.
 */
async function openSyncLog(logDir: string | undefined, token: string) {
  if (!logDir) return undefined
  try {
    const [{ openLog, logUncaught }, { setLogFile }] = await Promise.all([
      import('../logging'),
      import('../errors')
    ])
    const log = await openLog({ dir: logDir, name: 'sync', secrets: () => [token] })
    setLogFile(() => log.file())
    logUncaught(log, process, () => process.exit(1))
    return log
  } catch {
    // A logs folder that can't be written must not stop the sync.
    return undefined
  }
}

async function main(): Promise<void> {
  lowerProcessPriority()
  const port = parentPortOf()
  const [
    { threadSyncExecutor },
    { SYNC_RESOURCES },
    { openMirror },
    inProcess,
    { toAppError },
    { syncFailedLine, syncLine }
  ] = await Promise.all([
    import('./sync-worker'),
    import('@shared/ipc/sync.schema'),
    import('../db'),
    import('./in-process-executor'),
    // The one mapping of failures (the workers' failures arrive as AppErrors already).
    import('../errors'),
    import('../logging/sync-line')
  ])
  const controller = new AbortController()
  let started = false
  port.onMessage((message) => {
    if (message.type === 'abort') return controller.abort()
    if (started) return
    started = true
    const { profileId, target, full, workerEntry, logDir } = message
    const startedAt = Date.now()
    const executorFor = async () => {
      // Opening here migrates a new or older file once, so the workers may all start at once.
      const mirror = await openMirror(target.mirrorFile, { nativeBinding: target.nativeBinding })
      const deltaOnly =
        !full && SYNC_RESOURCES.every((r) => mirror.sync.cursor(r)?.phase === 'delta')
      await mirror.close()
      // A delta is a few small pages: starting three threads would cost more than it saves.
      if (deltaOnly) return inProcess.inProcessSyncExecutor(() => target)
      return threadSyncExecutor(() => target, workerEntry, { mirrorReady: true })
    }
    // The log opens while the mirror is checked: neither waits for the other.
    const ready = executorFor()
    ready.catch(() => undefined)
    openSyncLog(logDir, target.token)
      .then(async (log) => {
        log?.info(`sync of profile ${profileId} (${full ? 'full' : 'delta'}) started`)
        try {
          const execute = await ready
          const summary = await execute(profileId, {
            full,
            signal: controller.signal,
            onProgress: (event) => port.send({ type: 'progress', event })
          })
          // Written (synchronously) before main hears of it: main ends this process then.
          log?.info(syncLine(summary))
          port.send({ type: 'done', summary, stats: { peakRss: peakRss() } })
        } catch (err) {
          const failure = toAppError(err)
          const line = syncFailedLine(profileId, full, Date.now() - startedAt, failure)
          if (failure.unexpected) log?.error(line, err)
          else log?.info(line)
          port.send({ type: 'failed', ...failure.toPayload() })
        }
      })
      .catch((err: unknown) => port.send({ type: 'failed', ...toAppError(err).toPayload() }))
  })
  port.send({ type: 'ready' })
}

// Bundlers may share this file's chunk with the sync workers, which must not run it.
if (isMainThread) void main()
