import { MASK, type ApiClient } from '../api'
import type { CommitPage, Mirror, RecordOf } from '../db'
import { validateRecord } from './validate'
import type { SyncResourceName } from '@shared/ipc/sync.schema'

/** What a retry needs of the client: each resource's record by listing id. */
export type RecordSource = Pick<ApiClient, 'listing' | 'availability' | 'rates'>

/** What a retry needs of the mirror. */
export interface RetryStore {
  readonly sync: Pick<Mirror['sync'], 'cursor' | 'commitPage' | 'quarantined'>
}

/** Records retried per resource per sync, latest seen first: bounds the time a sync spends here. */
const RETRY_LIMIT = 100

export interface RetryOutcome {
  /** Quarantined records that are now valid and were written (their quarantine rows cleared). */
  recovered: number
  /** Records whose stored content changed by it. */
  changed: number
}

/**
 * Gives quarantined records another chance (checklist V4), after a walk has committed:
 * 1. the stored raw JSON is validated again, so that an app update with a fixed validator
 *    recovers them without the network (raw JSON that was redacted or cut at the size cap is
 *    not the record any more, and is skipped);
 * 2. otherwise the record is fetched again by its listing id, so that one the service has since
 *    corrected comes back without waiting for it to change again or for a full resync.
 * A record still invalid stays quarantined as it was. A record the service no longer has (404)
 * also stays: the quarantine keeps it for a person to see; nothing is deleted silently.
 */
export async function retryQuarantined(
  resource: SyncResourceName,
  source: RecordSource,
  store: RetryStore,
  opts: {
    signal?: AbortSignal
    now?: () => number
    limit?: number
    /** Only records last seen before this (epoch ms): one that arrived bad in this very sync would come back the same. */
    seenBefore?: number
  } = {}
): Promise<RetryOutcome> {
  const now = opts.now ?? Date.now
  const outcome: RetryOutcome = { recovered: 0, changed: 0 }
  const entries = store.sync
    .quarantined(resource, opts.limit ?? RETRY_LIMIT)
    .filter((e) => e.recordId !== undefined && /^\d+$/.test(e.recordId))
    .filter((e) => opts.seenBefore === undefined || e.lastSeen < opts.seenBefore)
  for (const entry of entries) {
    opts.signal?.throwIfAborted()
    let record = replay(resource, entry.raw)
    if (record === undefined) {
      try {
        record = await refetch(resource, source, entry, opts)
      } catch {
        // The walks have committed: a service that stops answering ends the retries for this
        // sync, it does not turn a finished sync into a failed one. The next sync tries again.
        opts.signal?.throwIfAborted()
        return outcome
      }
    }
    if (record === undefined) continue
    // The cursor is written as it is: a retry never moves a walk on.
    const cursor = store.sync.cursor(resource)
    if (!cursor) return outcome
    const { changed } = store.sync.commitPage({
      resource,
      records: [record],
      quarantined: [],
      cursor,
      seenAt: now(),
      recordHistory: true
    } as CommitPage)
    outcome.recovered += 1
    outcome.changed += changed
  }
  return outcome
}

type AnyRecord = RecordOf[SyncResourceName]

function replay(resource: SyncResourceName, raw: string): AnyRecord | undefined {
  if (raw.includes(MASK)) return undefined
  let item: unknown
  try {
    item = JSON.parse(raw)
  } catch {
    return undefined
  }
  const checked = validateRecord(resource, item)
  return 'valid' in checked ? (checked.valid as AnyRecord) : undefined
}

async function refetch(
  resource: SyncResourceName,
  source: RecordSource,
  entry: { recordId?: string },
  opts: { signal?: AbortSignal }
): Promise<AnyRecord | undefined> {
  const id = Number(entry.recordId)
  try {
    if (resource === 'listings') return await source.listing(id, opts.signal)
    if (resource === 'availability') return await source.availability(id, opts.signal)
    return await source.rates(id, opts.signal)
  } catch (err) {
    // Still invalid (bad-response): it stays quarantined, and the next record is tried.
    if ((err as { code?: string }).code === 'bad-response') return undefined
    throw err
  }
}
