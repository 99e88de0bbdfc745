import type { ResourceStatus, SyncStatus } from '@shared/ipc/sync.schema'

/**
 * How old a copy is and how its line should look: the rules every data-age line follows. What
 * the lines say is in data-source.ts.
 */

/** A copy last synced longer ago than this is flagged: prices and nights may well have moved. */
const STALE_AFTER_MS = 24 * 60 * 60_000

/**
 * How a data-age line should look: `fresh` (quiet grey), `stale` (synced more than a day ago)
 * or `offline` (the service can't be reached right now); both of the latter stand out.
 */
export type DataAgeTone = 'fresh' | 'stale' | 'offline'

export function isStale(r: Pick<ResourceStatus, 'lastSuccessAt'>, now: number): boolean {
  return r.lastSuccessAt !== null && now - r.lastSuccessAt > STALE_AFTER_MS
}

/**
 * The tone of a copy known by when it was last brought up to date (a resource's last sync, or
 * one listing's last refresh): the one rule every data-age line follows.
 */
export function copyAgeTone(asOf: number | null, offline: boolean, now: number): DataAgeTone {
  if (offline) return 'offline'
  return isStale({ lastSuccessAt: asOf }, now) ? 'stale' : 'fresh'
}

export function dataAgeTone(status: SyncStatus, r: ResourceStatus, now: number): DataAgeTone {
  return copyAgeTone(r.lastSuccessAt, status.offline, now)
}

/**
 * The resource whose copy is least recent of those named: a view over several (History's "all
 * changes") is only as fresh as its oldest part. Null when the status names none of them.
 */
export function oldestResource(
  status: SyncStatus,
  names: readonly ResourceStatus['resource'][]
): ResourceStatus | null {
  const resources = status.resources.filter((r) => names.includes(r.resource))
  if (resources.length === 0) return null
  return resources.reduce((a, b) => ((a.lastSuccessAt ?? -1) <= (b.lastSuccessAt ?? -1) ? a : b))
}
