import type { Log } from './log'

/** An event source: Node's process, Electron's app (both EventEmitters), or a test's emitter. */
export interface Emitter {
  // Each event has its own arguments; `any` lets process, app and EventEmitter all fit.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown
}

/**
 * A bug nothing caught, in any process that logs: the line (with its stack) is on disk before
 * `after` runs, which may end the process (the sync process) or tell the person (main).
 */
export function logUncaught(log: Log, proc: Emitter, after?: (err: unknown) => void): void {
  proc.on('uncaughtException', (err: unknown) => {
    log.error('uncaught exception', err)
    log.flush()
    after?.(err)
  })
  proc.on('unhandledRejection', (reason: unknown) => {
    log.error('unhandled promise rejection', reason)
  })
}

interface GoneDetails {
  reason: string
  exitCode: number
}

interface ChildGoneDetails extends GoneDetails {
  type: string
  name?: string
  serviceName?: string
}

/**
 * The processes Electron starts for the app: a window's renderer, the GPU process, utility
 * processes. A clean exit is no news; every other end is a line. `ownedElsewhere` names the
 * utility processes whose end their owner logs (the sync process is ended on purpose after each
 * sync, and processSyncExecutor reports the one that dies during a sync).
 */
export function logChildProcesses(log: Log, app: Emitter, ownedElsewhere: readonly string[] = []) {
  app.on('render-process-gone', (_event: unknown, _contents: unknown, details: GoneDetails) => {
    if (details.reason === 'clean-exit') return
    log.error('the window’s renderer process is gone', undefined, {
      reason: details.reason,
      exitCode: details.exitCode
    })
  })
  app.on('child-process-gone', (_event: unknown, details: ChildGoneDetails) => {
    if (details.reason === 'clean-exit') return
    if (details.name !== undefined && ownedElsewhere.includes(details.name)) return
    log.error(`a ${details.type} process is gone`, undefined, {
      type: details.type,
      name: details.name,
      reason: details.reason,
      exitCode: details.exitCode
    })
  })
}
