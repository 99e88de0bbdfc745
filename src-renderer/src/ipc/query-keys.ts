import type { DataResource } from '@shared/ipc/views.schema'

/**
 * Query keys come in families, so that one event invalidates everything that reads what it
 * names, without a hand-written branch per query:
 *
 * - `['app', …]`: the same whichever profile is active (app info, the profile list);
 * - `['mirror', <resource>, …]`: read from the active profile's offline copy, by the resource it
 *   reads (`listings`, `availability`, `rates`, and the kept `bookings` and `references`):
 *   `db:changed {resources}` invalidates those;
 * - `['mirror', 'sync', …]`: the sync status and quarantine, which every change may move;
 * - `['live', …]`: answers of the service itself (a live quote), fetched on demand;
 * - `['journal', …]`: the audit journal, re-read on `journal:changed`.
 *
 * A profile switch resets every family but `app`: one profile's rows never show under another.
 */
export const appKey = (...parts: unknown[]) => ['app', ...parts] as const

export const mirrorKey = (resource: DataResource, ...parts: unknown[]) =>
  ['mirror', resource, ...parts] as const

export const syncKey = (...parts: unknown[]) => ['mirror', 'sync', ...parts] as const

export const liveKey = (...parts: unknown[]) => ['live', ...parts] as const

export const journalKey = (...parts: unknown[]) => ['journal', ...parts] as const

/** The families a profile switch drops. */
export const PROFILE_FAMILIES = [['mirror'], ['live']] as const
