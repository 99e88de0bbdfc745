import { utilityProcess } from 'electron'
import {
  SYNC_HOST_FLAGS,
  SYNC_SERVICE_NAME,
  type FromHost,
  type SpawnSyncHost
} from '../sync/sync-host-protocol'

/**
 * Starts the sync process (sync/sync-host.ts, bundled) as an Electron utility process: a Node
 * environment of its own, so its parsing and its garbage collector never run in the process
 * that drives the window.
 */
export function utilitySyncHost(entry: string): SpawnSyncHost {
  return () => {
    const child = utilityProcess.fork(entry, [], {
      serviceName: SYNC_SERVICE_NAME,
      execArgv: SYNC_HOST_FLAGS,
      stdio: ['ignore', 'ignore', 'inherit']
    })
    let exited = false
    child.once('exit', () => (exited = true))
    return {
      get pid() {
        return child.pid
      },
      send: (m) => {
        if (!exited) child.postMessage(m)
      },
      onMessage: (listener) => child.on('message', (m: FromHost) => listener(m)),
      onExit: (listener) => child.once('exit', (code) => listener(code)),
      kill: () => {
        if (!exited) child.kill()
      }
    }
  }
}
