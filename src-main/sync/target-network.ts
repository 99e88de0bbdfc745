import { createNetwork, defaultNetwork, type Network } from '../net'
import type { SyncTarget } from './sync-worker'

/**
 * How a sync's requests leave this computer: through the proxy the app's main process was given
 * by the system's settings for this target (`pac`), else as this process's proxy variables say
 * (the command line, tests). Either way with the system's trusted certificates (net/ca.ts).
 */
export function targetNetwork(target: Pick<SyncTarget, 'pac'>): Network {
  return target.pac === undefined ? defaultNetwork() : createNetwork({ pac: target.pac })
}
