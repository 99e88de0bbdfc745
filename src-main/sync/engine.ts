import { ApiError, parseRecord, rawPage, type ApiClient, type RawPage, type Snapshot } from '../api'
import { AppError, toAppError } from '../errors'
import type { CommitPage, Mirror, PreparedOf, SyncCursor } from '../db'
import {
  SYNC_RESOURCES,
  type ResourceSyncResult,
  type SyncProgressEvent,
  type SyncResourceName
} from '@shared/ipc/sync.schema'
import { retryQuarantined, type RecordSource } from './quarantine-retry'
import { validatePackedLine, validateRecord, type QuarantinedRecord } from './validate'

/**
 * Sync per the spec's model: a full walk remembers the service time at its start, then delta
 * walks fetch everything changed since then. Each page is committed in ONE transaction with
 * the cursor that covers it, so a sync killed at any moment resumes without gaps:
 *
 * - full phase: the cursor holds the next page's URL; resuming continues from it.
 * - delta phase: `deltaSince` only moves after a whole delta walk is committed, and moves to
 *   the service time at the start of that walk minus an overlap; so it never runs ahead of
 *   committed data. Upserts are idempotent, so the overlap only costs re-reading a few records.
 */

/**
 * What the engine needs of the API client: its paging iterator, and records by id (retries);
 * a team hub's client also has snapshots, which a full sync reads instead of the pages.
 */
export type PageSource = Pick<ApiClient, 'pages' | 'snapshot'> & RecordSource

/** What the engine needs of the mirror: the cursor, the atomic page commit, the quarantine. */
export interface SyncStore {
  readonly sync: Pick<
    Mirror['sync'],
    'cursor' | 'setCursor' | 'prepareRecord' | 'commitPage' | 'quarantined'
  >
}

/** Progress and results cross thread and IPC boundaries: their shapes are the contract's. */
export type SyncProgress = SyncProgressEvent

export interface SyncOptions {
  /** Start over with a full walk even if a delta cursor exists. */
  full?: boolean
  signal?: AbortSignal
  onProgress?: (event: SyncProgress) => void
  /** Seconds subtracted from each watermark so page and second boundaries lose nothing. */
  overlapSeconds?: number
  now?: () => number
}

/** A page whose every record fails the schema: a systemic mismatch, not bad data. */
export class SyncBlockedError extends AppError {
  constructor(resource: SyncResourceName, url: string, example: QuarantinedRecord) {
    super(
      'bad-response',
      `Sync of ${resource} stopped: every record on a page was rejected (first problem at ` +
        `"${example.path}", ${example.code}). The page was not saved; nothing was lost. (${new URL(url).pathname})`
    )
    this.name = 'SyncBlockedError'
  }
}

export const DEFAULT_OVERLAP_S = 120

/**
 * A page whose records ALL fail the schema means the service changed shape: stop without
 * moving the cursor. But a delta page often holds a single changed record, and one bad record
 * is bad data, not a schema change; blocking on it would stop the resource until something else
 * changes. So "wholly invalid" counts as systemic only from this many records up; smaller pages
 * are quarantined record by record like any other bad data.
 */
const SYSTEMIC_MIN_RECORDS = 5

export async function syncResource(
  resource: SyncResourceName,
  source: PageSource,
  store: SyncStore,
  opts: SyncOptions = {}
): Promise<ResourceSyncResult> {
  const now = opts.now ?? Date.now
  const overlap = opts.overlapSeconds ?? DEFAULT_OVERLAP_S
  const state = store.sync.cursor(resource)
  const syncStartedAt = now()
  const result: ResourceSyncResult = {
    resource,
    mode: 'delta',
    pages: 0,
    records: 0,
    changed: 0,
    quarantined: 0
  }

  /**
   * Walks one Link chain, committing each page with the cursor that covers it. `offset` counts
   * what an interrupted walk this one resumes had committed, so progress shows the whole walk.
   */
  const walk = async (
    mode: 'full' | 'delta',
    pages: AsyncIterable<RawPage>,
    cursorFor: (page: RawPage, done: { pages: number; records: number }) => SyncCursor,
    how: {
      catchUp?: boolean
      offset?: { pages: number; records: number }
      /** A packed snapshot's pages: lines checked by validatePackedLine. */
      packed?: boolean
    } = {}
  ) => {
    const done = { pages: how.offset?.pages ?? 0, records: how.offset?.records ?? 0 }
    let changedHere = 0
    for await (const page of pages) {
      const seenAt = now()
      const prepared: PreparedOf[SyncResourceName][] = []
      const quarantined: QuarantinedRecord[] = []
      const count = page.raw.length
      // One record at a time: parsed, checked and packed before the next is parsed (why:
      // json-items.ts).
      for (let i = 0; i < count; i++) {
        const item = parseRecord(page.raw[i])
        const checked = how.packed
          ? validatePackedLine(resource, item, seenAt)
          : validateRecord(resource, item)
        if ('valid' in checked) {
          prepared.push(store.sync.prepareRecord(resource, checked.valid as never, seenAt))
        } else if ('prepared' in checked) {
          prepared.push(checked.prepared)
        } else {
          quarantined.push(checked.quarantined)
        }
      }
      // The walker (a suspended generator keeps its variables) would hold the page's bytes
      // until the next page has arrived; emptied, they go while the next one downloads.
      page.raw.length = 0
      if (prepared.length === 0 && count >= SYSTEMIC_MIN_RECORDS) {
        throw new SyncBlockedError(resource, page.url, quarantined[0])
      }
      done.pages += 1
      done.records += prepared.length
      const { changed } = store.sync.commitPage({
        resource,
        prepared,
        quarantined,
        // Merge so fields the walk doesn't own (last success, last error) survive mid-walk commits.
        cursor: { ...store.sync.cursor(resource), ...cursorFor(page, done) },
        seenAt,
        recordHistory: mode === 'delta'
      } as CommitPage)
      result.pages += 1
      result.records += prepared.length
      result.changed += changed
      changedHere += changed
      result.quarantined += quarantined.length
      opts.onProgress?.({
        type: 'page',
        resource,
        mode,
        pagesDone: done.pages,
        recordsDone: done.records,
        quarantined: result.quarantined,
        changed: changedHere,
        ...(page.totalCount === undefined ? {} : { total: page.totalCount }),
        ...(how.catchUp ? { catchUp: true } : {})
      })
    }
  }

  try {
    let deltaSince = state?.phase === 'delta' ? state.deltaSince : undefined
    const full = opts.full || deltaSince === undefined
    opts.onProgress?.({ type: 'start', resource, mode: full ? 'full' : 'delta' })
    if (full) {
      // Resume an interrupted full walk from its saved next link, unless a fresh one was asked for.
      let resume = !opts.full && state?.phase === 'full' && state.nextUrl ? state : undefined
      let fullStartedAt = resume?.fullStartedAt
      const cursorFor = (page: RawPage, done: { pages: number; records: number }): SyncCursor => {
        fullStartedAt ??= Math.floor(page.serverTime / 1000)
        const progress = { pagesDone: done.pages, recordsDone: done.records }
        return page.next
          ? { phase: 'full', fullStartedAt, nextUrl: page.next, ...progress }
          : {
              phase: 'delta',
              deltaSince: fullStartedAt - overlap,
              nextUrl: null,
              lastSuccessAt: now(),
              lastError: null,
              ...progress
            }
      }
      // On a team hub a fresh full sync reads the hub's snapshot: the same records, streamed in
      // one answer, committed in pages of the same size with the same cursors, except that no
      // page link is kept (an interrupted snapshot starts again; see snapshotPages). Calendars
      // and rates may come packed as the mirror stores them, listings with their deflated JSON
      // (validatePackedLine). A hub without snapshots (404) gets the page walk.
      const snapshot = resume ? undefined : await source.snapshot?.(resource, opts.signal)
      if (snapshot) {
        fullStartedAt = snapshot.takenAt
        await walk(
          'full',
          snapshotPages(snapshot),
          (page, done) => {
            const cursor = cursorFor(page, done)
            return cursor.phase === 'full' ? { ...cursor, nextUrl: null } : cursor
          },
          { packed: snapshot.form === 'packed' }
        )
      }
      const fullWalk = () =>
        walk(
          'full',
          source.pages(resource, { startUrl: resume?.nextUrl ?? undefined, signal: opts.signal }),
          cursorFor,
          { offset: { pages: resume?.pagesDone ?? 0, records: resume?.recordsDone ?? 0 } }
        )
      try {
        if (!snapshot) await fullWalk()
      } catch (err) {
        // A resume link the service no longer answers (404, 410) would fail every later sync:
        // start the download over instead. What earlier pages committed stays, and is simply
        // written again as the new walk reaches it.
        if (!resume || result.pages > 0 || !isGone(err)) throw err
        resume = undefined
        fullStartedAt = undefined
        result.restarted = true
        await fullWalk()
      }
      const after = store.sync.cursor(resource)
      if (after?.phase !== 'delta' || after.deltaSince === undefined) {
        // An empty portfolio yields no page to carry the cursor; record the switch to delta.
        const startedAt = fullStartedAt ?? Math.floor(now() / 1000)
        store.sync.setCursor(resource, {
          phase: 'delta',
          deltaSince: startedAt - overlap,
          lastSuccessAt: now(),
          lastError: null
        })
      }
      deltaSince = store.sync.cursor(resource)!.deltaSince!
      result.mode = 'full+delta'
    }

    // Delta walk: the watermark moves only once the whole walk is committed (see above). It
    // starts from the cursor's watermark, or from the one the full walk just set.
    const since = deltaSince!
    let walkStartedAt: number | undefined
    await walk(
      'delta',
      source.pages(resource, { since, signal: opts.signal }),
      (page) => {
        walkStartedAt ??= Math.floor(page.serverTime / 1000)
        return page.next
          ? { phase: 'delta', deltaSince: since, nextUrl: null }
          : {
              phase: 'delta',
              deltaSince: Math.max(since, walkStartedAt - overlap),
              nextUrl: null,
              lastSuccessAt: now(),
              lastError: null
            }
      },
      // After a full download this walk only picks up what changed while it ran.
      { catchUp: full }
    )
    const retried = await retryQuarantined(resource, source, store, {
      signal: opts.signal,
      now,
      seenBefore: syncStartedAt
    })
    result.records += retried.recovered
    result.changed += retried.changed
    opts.onProgress?.({ type: 'done', resource, result })
    return result
  } catch (err) {
    const { code, message } = toAppError(err)
    const current = store.sync.cursor(resource)
    store.sync.setCursor(resource, {
      ...(current ?? { phase: 'full' }),
      lastError: { code, message, at: now() }
    })
    opts.onProgress?.({ type: 'error', resource, code, message })
    throw err
  }
}

/** Records a page holds, as the service pages them: a snapshot is committed in pages this size. */
const SNAPSHOT_PAGE = 200

/**
 * A snapshot's records in pages. A page is handed on only once the record after it has arrived
 * (`next` set, not a link) or the snapshot has ended with its closing bracket (`next` null): so
 * the page that moves the cursor to the delta phase is committed only after a complete snapshot,
 * and a snapshot cut short leaves the cursor in the full phase with no link, where the next sync
 * starts a new snapshot (its records written again over the same rows).
 */
async function* snapshotPages(snapshot: Snapshot): AsyncGenerator<RawPage> {
  const page = (raw: Buffer[], last: boolean) =>
    rawPage({
      raw,
      url: snapshot.url,
      next: last ? null : snapshot.url,
      serverTime: snapshot.takenAt * 1000,
      ...(snapshot.totalCount !== undefined && { totalCount: snapshot.totalCount })
    })
  let raw: Buffer[] = []
  for await (const record of snapshot.records) {
    if (raw.length === SNAPSHOT_PAGE) {
      yield page(raw, false)
      raw = []
    }
    raw.push(record)
  }
  if (raw.length > 0) yield page(raw, true)
}

/** The service no longer knows a saved page link: 404 Not Found or 410 Gone. */
function isGone(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 410)
}

/**
 * Syncs the three resources concurrently (three Link chains at once: on a real network latency
 * dominates). Each resource has its own cursor, so one failing does not undo the others.
 */
export async function syncAll(
  source: PageSource,
  store: SyncStore,
  opts: SyncOptions = {}
): Promise<{
  results: ResourceSyncResult[]
  errors: { resource: SyncResourceName; error: unknown }[]
}> {
  const settled = await Promise.allSettled(
    SYNC_RESOURCES.map((r) => syncResource(r, source, store, opts))
  )
  const results: ResourceSyncResult[] = []
  const errors: { resource: SyncResourceName; error: unknown }[] = []
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') results.push(s.value)
    else errors.push({ resource: SYNC_RESOURCES[i], error: s.reason })
  })
  return { results, errors }
}
