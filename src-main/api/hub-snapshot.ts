import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { checkBaseUrl } from './base-url'
import { ApiError, DEFAULT_MESSAGES } from './errors'
import type { HttpResponse } from './http'
import {
  PACKED_FORM,
  SNAPSHOT_AT_HEADER,
  SNAPSHOT_FORM_HEADER,
  snapshotRecords,
  type Snapshot
} from './snapshot'

/**
 * Asking a team hub for its snapshot of a resource (the client's `snapshot`; the body's format
 * is snapshot.ts). Every resource is asked packed (`?form=packed`: calendars and rates as the
 * mirror stores them, listings with their deflated JSON); the answer's X-StayDesk-Snapshot-Form
 * header says whether they came so, since an older hub ignores the question (or, for listings,
 * does not pack them) and sends records, which are then read as records.
 */

/** Where a hub's snapshot of each resource is: `<hub>/hub/v1/<env>/snapshot/<resource>`. */
export function hubSnapshots(
  hub: { url: string; env: string },
  origin: string
): (resource: SyncResourceName) => string {
  const { origin: hubOrigin, root } = checkBaseUrl(hub.url)
  // The token goes only where the base URL points (the hub is that base's own origin).
  if (hubOrigin !== origin || !/^(test|production)$/.test(hub.env)) {
    throw new ApiError('bad-input', 'The team hub address does not match this profile.')
  }
  return (resource) => `${root}/hub/v1/${hub.env}/snapshot/${resource}?form=${PACKED_FORM}`
}

/**
 * The snapshot at `target`, read with `get` (a streamed GET with the client's retries): undefined
 * from a hub that has none (404: an older hub), where the caller walks the pages instead.
 */
export async function readHubSnapshot(
  target: string,
  get: (target: string) => Promise<HttpResponse>
): Promise<Snapshot | undefined> {
  let res: HttpResponse
  try {
    res = await get(target)
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined
    throw err
  }
  const takenAt = res.header(SNAPSHOT_AT_HEADER)
  const total = res.header('x-total-count')
  if (!res.stream || takenAt === undefined || !/^\d{1,12}$/.test(takenAt.trim())) {
    // Without its time the desk would not know where its deltas continue from.
    res.cancel?.()
    throw new ApiError(
      'bad-response',
      `${DEFAULT_MESSAGES['bad-response']} The team hub's snapshot did not say when it was taken.`,
      { status: res.status }
    )
  }
  return {
    url: res.url,
    takenAt: Number(takenAt),
    form: res.header(SNAPSHOT_FORM_HEADER)?.trim() === PACKED_FORM ? 'packed' : 'records',
    ...(total !== undefined && /^\d+$/.test(total.trim()) && { totalCount: Number(total) }),
    records: snapshotRecords(res.stream)
  }
}
