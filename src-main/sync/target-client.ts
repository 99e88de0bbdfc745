import { createApiClient, type ApiClient } from '../api'
import type { SyncTarget } from './sync-worker'
import { targetNetwork } from './target-network'

/**
 * The client a sync uses for its target, in a worker thread or on the calling thread alike. A
 * team hub profile's target names its hub: the client then says a hub out of reach as such, and
 * a full sync may read the hub's snapshots.
 */
export function targetClient(target: SyncTarget): ApiClient {
  return createApiClient({
    baseUrl: target.baseUrl,
    token: target.token,
    salesChannel: target.salesChannel,
    network: targetNetwork(target),
    ...(target.hub && { via: 'hub' as const, hub: target.hub })
  })
}
