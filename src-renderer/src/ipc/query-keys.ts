import type { DataResource } from '@shared/ipc/data-resource.schema'

/**
 * Query keys come in families, so that one event invalidates everything that reads what it
 * names, without a hand-written branch per query:
 *
 * - `['app', …]`: the same whichever profile is active (app info, the profile list);
 * - `['mirror', <resource>, …]`: read from the active profile's offline copy, filed under the
 *   resource it reads (`listings`, `availability`, `rates`, and the kept `bookings` and
 *   `references`). A query that reads more than one declares them all (`mirrorQuery`, its
 *   `meta.reads`); `db:changed {resources}` invalidates every query that read one of those
 *   (`readsChanged`, the one listener in ipc/events.ts);
 * - `['mirror', 'sync', …]`: the sync status and quarantine, which every change may move;
 * - `['live', …]`: answers of the service itself (a live quote), fetched on demand;
 * - `['journal', …]`: the audit journal, re-read on `journal:changed`.
 *
 * A profile switch resets every family but `app`: one profile's rows never show under another.
 */
export const appKey = (...parts: unknown[]) => ['app', ...parts] as const

export const mirrorKey = (resource: DataResource, ...parts: unknown[]) =>
  ['mirror', resource, ...parts] as const

/**
 * The key and the resources of a query of the offline copy that reads `reads` (the first is its
 * family, which writes invalidate by prefix): `...mirrorQuery(['availability', 'rates'], 'month')`.
 */
export function mirrorQuery(
  reads: readonly [DataResource, ...DataResource[]],
  ...parts: unknown[]
) {
  return { queryKey: mirrorKey(reads[0], ...parts), meta: { reads } }
}

/** The resources a cached query read: those it declared, else its family's. */
function readsOf(query: { queryKey: readonly unknown[]; meta?: Record<string, unknown> }) {
  if (query.queryKey[0] !== 'mirror') return []
  const declared = query.meta?.reads
  return Array.isArray(declared) ? (declared as unknown[]) : [query.queryKey[1]]
}

/** Whether a query read one of the resources a `db:changed` names. */
export function readsChanged(
  query: { queryKey: readonly unknown[]; meta?: Record<string, unknown> },
  changed: readonly DataResource[]
): boolean {
  return readsOf(query).some((r) => (changed as readonly unknown[]).includes(r))
}

export const syncKey = (...parts: unknown[]) => ['mirror', 'sync', ...parts] as const

export const liveKey = (...parts: unknown[]) => ['live', ...parts] as const

export const journalKey = (...parts: unknown[]) => ['journal', ...parts] as const

/** The families a profile switch drops. */
export const PROFILE_FAMILIES = [['mirror'], ['live']] as const
