import type { SyncResourceName } from '@shared/ipc/views.schema'

/**
 * Query keys come in families, so that one event invalidates everything that reads what it
 * names, without a hand-written branch per query:
 *
 * - `['app', …]`: the same whichever profile is active (app info, the profile list);
 * - `['mirror', <resource>, …]`: read from the active profile's offline copy, by the resource it
 *   reads (`listings`, `availability`, `rates`): `db:changed {resources}` invalidates those;
 * - `['mirror', 'sync', …]`: the sync status and quarantine, which every change may move;
 * - `['live', …]`: answers of the service itself (later screens), fetched on demand.
 *
 * A profile switch resets every family but `app`: one profile's rows never show under another.
 */
export const appKey = (...parts: unknown[]) => ['app', ...parts] as const

export const mirrorKey = (resource: SyncResourceName, ...parts: unknown[]) =>
  ['mirror', resource, ...parts] as const

export const syncKey = (...parts: unknown[]) => ['mirror', 'sync', ...parts] as const

export const liveKey = (...parts: unknown[]) => ['live', ...parts] as const

/** The families a profile switch drops. */
export const PROFILE_FAMILIES = [['mirror'], ['live']] as const
