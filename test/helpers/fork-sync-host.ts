import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import {
  SYNC_HOST_FLAGS,
  type FromHost,
  type HostChannel,
  type SpawnSyncHost
} from '../../src-main/sync/sync-host-protocol'

/**
 * Starts sync-host as a Node child process, for tests and benchmarks (the app uses
 * Electron's utilityProcess instead). A `.ts` entry runs through tsx with the tsconfig that maps
 * `@shared`. stdout is not inherited: a test's or a benchmark's own output stays its own.
 */
export function forkSyncHost(
  entry: string | URL = new URL('../../src-main/sync/sync-host.ts', import.meta.url)
): SpawnSyncHost {
  const path = entry instanceof URL ? fileURLToPath(entry) : entry
  const fromSource = path.endsWith('.ts')
  const tsconfig = fileURLToPath(new URL('../../tsconfig.node.json', import.meta.url))
  return () => {
    const child = fork(path, [], {
      execArgv: [...(fromSource ? ['--import', 'tsx'] : []), ...SYNC_HOST_FLAGS],
      env: fromSource ? { ...process.env, TSX_TSCONFIG_PATH: tsconfig } : process.env,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced'
    })
    const channel: HostChannel = {
      pid: child.pid,
      send: (m) => {
        if (child.connected) child.send(m)
      },
      onMessage: (listener) => child.on('message', (m) => listener(m as FromHost)),
      onExit: (listener) => {
        child.once('exit', (code) => listener(code))
        // A process that could not start at all reports 'error' and never 'exit'.
        child.once('error', () => child.exitCode === null && listener(null))
      },
      kill: () => {
        if (child.exitCode === null && child.signalCode === null) child.kill()
      }
    }
    return channel
  }
}
