import type { Kysely } from 'kysely'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/sync.schema'
import { ApiError, type ApiClient, type RawPage } from '../../src-main/api'
import type { HubDatabase } from '../db/schema'
import type { HubEnvironment } from '../upstream'
import { checkRecord, type QuarantinedRecord } from './check-record'
import { commitPage, readCursor, writeCursor, type HubCursor } from './store'

/**
 * The hub's one sync of a resource from the service, with the desktop's cursor rules
 * (src-main/sync/engine.ts):
 *
 * - a full walk remembers the service's time at its first page; while it runs, the cursor holds
 *   the next page's URL, so a run stopped anywhere resumes from the page after the last one
 *   committed (and starts over when the service no longer knows that URL: 404 or 410);
 * - its last page switches the cursor to deltas, watermark = that start time minus an overlap;
 * - a delta walk moves the watermark only with its last page, to its own start minus the
 *   overlap, so it never runs ahead of committed data;
 * - each page is committed in ONE transaction with the cursor that covers it.
 *
 * Why not the desktop's engine itself: it is written against the mirror's synchronous store
 * (its prepared rows, history and quarantine retries), and src-hub may import only
 * src-main/api (ESLint). The paging, Link checks, retries and the service clock are the
 * desktop's, through its ApiClient.
 */

/** What the walk needs of the service: the desktop client's paging. */
type PageSource = Pick<ApiClient, 'pages'>

export interface HubSyncOptions {
  /** Start over with a full walk even if a delta watermark exists. */
  full?: boolean
  signal?: AbortSignal
  /** Seconds subtracted from each watermark so page and second boundaries lose nothing. */
  overlapSeconds?: number
  now?: () => number
}

interface HubResourceResult {
  resource: SyncResourceName
  mode: 'full+delta' | 'delta'
  pages: number
  records: number
  /** Records whose content changed (new ones included): what desks' deltas will carry. */
  changed: number
  quarantined: number
  /** The resumed full walk's link was gone, so the walk started over. */
  restarted?: boolean
}

/** As the desktop: a page whose every record fails is a changed service, not bad data. */
const SYSTEMIC_MIN_RECORDS = 5
const DEFAULT_OVERLAP_S = 120

class HubSyncBlockedError extends Error {
  constructor(resource: SyncResourceName, url: string, example: QuarantinedRecord) {
    super(
      `Sync of ${resource} stopped: every record on a page was rejected (first problem at ` +
        `"${example.path}", ${example.code}). The page was not saved. (${new URL(url).pathname})`
    )
    this.name = 'HubSyncBlockedError'
  }
}

async function syncHubResource(
  db: Kysely<HubDatabase>,
  env: HubEnvironment,
  resource: SyncResourceName,
  source: PageSource,
  opts: HubSyncOptions = {}
): Promise<HubResourceResult> {
  const now = opts.now ?? Date.now
  const overlap = opts.overlapSeconds ?? DEFAULT_OVERLAP_S
  const result: HubResourceResult = {
    resource,
    mode: 'delta',
    pages: 0,
    records: 0,
    changed: 0,
    quarantined: 0
  }
  const state = await readCursor(db, env, resource)

  const walk = async (
    pages: AsyncIterable<RawPage>,
    cursorFor: (page: RawPage, done: { pages: number; records: number }) => HubCursor,
    offset = { pages: 0, records: 0 }
  ) => {
    const done = { ...offset }
    // One page ahead: page N+1 is fetched and checked while page N commits (the service, this
    // process and the database each work at once), and never further, so at most two pages are
    // held. Commits still run one at a time in page order, each with its own cursor.
    let committing: Promise<void> | undefined
    try {
      for await (const page of pages) {
        const seenAt = new Date(now())
        const records: { id: number; json: string }[] = []
        const quarantined: QuarantinedRecord[] = []
        for (const bytes of page.raw) {
          const checked = checkRecord(resource, bytes)
          if ('valid' in checked) records.push(checked.valid)
          else quarantined.push(checked.quarantined)
        }
        const count = page.raw.length
        page.raw.length = 0
        await committing
        if (records.length === 0 && count >= SYSTEMIC_MIN_RECORDS) {
          throw new HubSyncBlockedError(resource, page.url, quarantined[0])
        }
        done.pages += 1
        done.records += records.length
        const cursor = cursorFor(page, done)
        committing = commitPage(db, { env, resource, records, quarantined, cursor, seenAt }).then(
          ({ changed }) => {
            result.pages += 1
            result.records += records.length
            result.changed += changed
            result.quarantined += quarantined.length
          }
        )
        // Its failure is thrown where it is awaited (above, or below); until then it is handled.
        committing.catch(() => undefined)
      }
    } finally {
      // A failed fetch or check still lets the page before it finish committing, so the cursor
      // the caller reads afterwards is the last one committed.
      await committing?.catch(() => undefined)
    }
    await committing
  }

  try {
    let deltaSince = state?.phase === 'delta' ? (state.deltaSince ?? undefined) : undefined
    const full = opts.full === true || deltaSince === undefined
    if (full) {
      let resume = !opts.full && state?.phase === 'full' && state.nextUrl ? state : undefined
      let fullStartedAt = resume?.fullStartedAt ?? undefined
      const cursorFor = (page: RawPage, done: { pages: number; records: number }): HubCursor => {
        fullStartedAt ??= Math.floor(page.serverTime / 1000)
        const progress = { pagesDone: done.pages, recordsDone: done.records }
        return page.next
          ? {
              phase: 'full',
              nextUrl: page.next,
              fullStartedAt,
              deltaSince: null,
              lastSuccessAt: state?.lastSuccessAt ?? null,
              lastError: null,
              ...progress
            }
          : {
              phase: 'delta',
              nextUrl: null,
              fullStartedAt,
              deltaSince: fullStartedAt - overlap,
              lastSuccessAt: new Date(now()),
              lastError: null,
              ...progress
            }
      }
      const fullWalk = () =>
        walk(
          source.pages(resource, { startUrl: resume?.nextUrl ?? undefined, signal: opts.signal }),
          cursorFor,
          { pages: resume?.pagesDone ?? 0, records: resume?.recordsDone ?? 0 }
        )
      try {
        await fullWalk()
      } catch (err) {
        if (!resume || result.pages > 0 || !isGone(err)) throw err
        resume = undefined
        fullStartedAt = undefined
        result.restarted = true
        await fullWalk()
      }
      const after = await readCursor(db, env, resource)
      if (after?.phase !== 'delta' || after.deltaSince === null) {
        // An empty catalog yields no page to carry the cursor: record the switch to deltas.
        const startedAt = fullStartedAt ?? Math.floor(now() / 1000)
        await writeCursor(db, env, resource, {
          phase: 'delta',
          nextUrl: null,
          fullStartedAt: startedAt,
          deltaSince: startedAt - overlap,
          pagesDone: 0,
          recordsDone: 0,
          lastSuccessAt: new Date(now()),
          lastError: null
        })
      }
      deltaSince = (await readCursor(db, env, resource))!.deltaSince!
      result.mode = 'full+delta'
    }

    const since: number = deltaSince!
    let walkStartedAt: number | undefined
    await walk(source.pages(resource, { since, signal: opts.signal }), (page, done) => {
      walkStartedAt ??= Math.floor(page.serverTime / 1000)
      const base = { nextUrl: null, pagesDone: done.pages, recordsDone: done.records }
      return page.next
        ? {
            ...base,
            phase: 'delta',
            fullStartedAt: state?.fullStartedAt ?? null,
            deltaSince: since,
            lastSuccessAt: state?.lastSuccessAt ?? null,
            lastError: null
          }
        : {
            ...base,
            phase: 'delta',
            fullStartedAt: state?.fullStartedAt ?? null,
            deltaSince: Math.max(since, walkStartedAt - overlap),
            lastSuccessAt: new Date(now()),
            lastError: null
          }
    })
    return result
  } catch (err) {
    // The failure is noted on the cursor as it stands: the committed pages and the resume
    // point stay exactly as the last commit left them.
    const current = await readCursor(db, env, resource).catch(() => undefined)
    if (current) {
      await writeCursor(db, env, resource, {
        ...current,
        lastError: (err as Error).message
      }).catch(() => undefined)
    }
    throw err
  }
}

function isGone(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 404 || err.status === 410)
}

export interface HubSyncRun {
  results: HubResourceResult[]
  errors: { resource: SyncResourceName; error: unknown }[]
}

/**
 * The three resources of one environment, concurrently (three Link chains at once, as the
 * desktop walks them); each has its own cursor, so one failing does not undo the others.
 */
export async function syncHubEnvironment(
  db: Kysely<HubDatabase>,
  env: HubEnvironment,
  source: PageSource,
  opts: HubSyncOptions = {}
): Promise<HubSyncRun> {
  const settled = await Promise.allSettled(
    SYNC_RESOURCES.map((r) => syncHubResource(db, env, r, source, opts))
  )
  const run: HubSyncRun = { results: [], errors: [] }
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') run.results.push(s.value)
    else run.errors.push({ resource: SYNC_RESOURCES[i], error: s.reason })
  })
  return run
}
