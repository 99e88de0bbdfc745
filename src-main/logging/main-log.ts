import { join } from 'node:path'
import { setLogFile } from '../errors'
import { SYNC_SERVICE_NAME } from '../sync/sync-host-protocol'
import { logChildProcesses, logUncaught, type Emitter } from './crashes'
import { openLog, type Log } from './log'

/** The logs folder inside a data folder (the app's userData, the command line's data folder). */
export function logsDir(dataDir: string): string {
  return join(dataDir, 'logs')
}

export interface MainLogDeps {
  /** app.getPath('userData') in the app. */
  dataDir: string
  /** The profiles' tokens (StayDeskApp.secrets), once the app's services exist. */
  secrets: () => readonly string[]
  /** Node's process: its uncaught exceptions and unhandled rejections are logged. */
  process: Emitter
  /** Electron's app: its renderer and child processes that end badly are logged. */
  app: Emitter
  /** After an uncaught exception is logged: tell the person (the line is on disk by then). */
  onUncaught?: (err: unknown) => void
  /** Rotation, for tests; the defaults otherwise (MAX_BYTES, KEEP). */
  maxBytes?: number
  keep?: number
}

/**
 * main.log, and everything that points at it: "the details are in the log" names its file, and
 * the main process's crashes are written there. A folder that can't be written leaves the app
 * without a log (undefined) rather than without a start; messages then name no file.
 */
export async function openMainLog(deps: MainLogDeps): Promise<Log | undefined> {
  let log: Log
  try {
    log = await openLog({
      dir: logsDir(deps.dataDir),
      name: 'main',
      secrets: deps.secrets,
      maxBytes: deps.maxBytes,
      keep: deps.keep
    })
  } catch {
    return undefined
  }
  setLogFile(() => log.file())
  logUncaught(log, deps.process, deps.onUncaught)
  logChildProcesses(log, deps.app, [SYNC_SERVICE_NAME])
  return log
}
