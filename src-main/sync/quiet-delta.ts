import { gunzipSync } from 'node:zlib'
import { request, type Dispatcher } from 'undici'
import { DEFAULT_TIMEOUTS, rawPage, type RawPage } from '../api'
import { checkBaseUrl, checkToken } from '../api/base-url'
import { paths } from '../api/endpoints'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/sync.schema'
import { syncAll, type PageSource, type SyncStore } from './engine'
import { syncStopped, type SyncExecutor } from './runner'
import { type SyncSummary } from '@shared/ipc/sync.schema'
import type { SyncTarget, TargetOf } from './sync-worker'
import { targetNetwork } from './target-network'

/**
 * A delta with nothing to do, finished without starting the sync process.
 *
 * Most periodic deltas find nothing: the service answers each resource's delta page 0 with an
 * empty array. Starting a process (Node, the bundle, opening and checking the mirror) for that
 * cost about 0.8 s. So before a delta, the app's main process asks each resource's page 0
 * itself, reading at most a few bytes of each answer. Only if all three are empty arrays with
 * no next page, and nothing waits in the quarantine for a retry, does it commit those three
 * empty pages through the sync engine on its own connection to the mirror: the same code the
 * sync process would run, so the watermarks, the last success time (the data age the screens
 * show) and the progress events are exactly what a process run would have left. Any other
 * answer (records, a next link, an error status, a timeout, a body larger than an empty array,
 * no open mirror for the profile) starts the sync process as before, which then reads the
 * pages, records history and quarantines bad records as it always did; the probe's answers
 * are simply dropped. Parsing a page of records is never done here, on the thread that drives
 * the window.
 *
 * Why not a warm sync process kept between periodic runs: it would hold an idle Node process
 * (tens of MB) and a second writer connection to the mirror for minutes between runs, and
 * would still need a round trip per resource. Three small GETs from main cost neither.
 */

/** An empty array is two bytes; anything much larger is records, and the sync process's job. */
const MAX_PROBE_BYTES = 256

/**
 * An empty page 0 comes back in milliseconds; a service slower than this is left to the sync
 * process, with its own timeouts and retries, rather than holding up the delta here.
 */
const PROBE_TIMEOUT_MS = 3_000

/** What the quiet path needs of the open mirror: the engine's store. */
type QuietStore = SyncStore

export interface QuietDeltaOptions {
  /**
   * The profile's mirror if this process has it open (the app's active mirror), else undefined
   * (then the delta runs in the sync process). Opening a mirror just for this would check the
   * whole file, which costs more than it saves. Asked again before committing: a profile
   * switch during the probe closes the mirror, and the delta then goes to the process.
   */
  mirrorOf: (profileId: string) => Promise<QuietStore | undefined>
  /** Tests shorten it to see a slow answer fall back. */
  probeTimeoutMs?: number
  /** Called with how each delta ended (benchmarks and tests). */
  onOutcome?: (outcome: 'quiet' | 'changed' | 'not-probed') => void
}

/**
 * Wraps the executor that runs syncs (the sync process in the app): a delta whose three page-0
 * answers are empty is committed here; everything else goes to `inner` unchanged.
 */
export function quietDeltaFirst(
  targetOf: TargetOf,
  inner: SyncExecutor,
  options: QuietDeltaOptions
): SyncExecutor {
  return async (profileId, opts) => {
    let quiet: SyncSummary | 'changed' | undefined
    if (!opts.full) {
      try {
        quiet = await quietDelta(profileId, targetOf, options, opts)
      } catch {
        // A stop asked for during the probe is a stop; any other failure (no token, a closed
        // mirror) is the sync process's to meet and report as it always has.
        if (opts.signal.aborted) throw syncStopped()
      }
    }
    if (quiet !== undefined && quiet !== 'changed') {
      options.onOutcome?.('quiet')
      return quiet
    }
    options.onOutcome?.(quiet ?? 'not-probed')
    return inner(profileId, opts)
  }
}

async function quietDelta(
  profileId: string,
  targetOf: TargetOf,
  options: QuietDeltaOptions,
  { onProgress, signal }: Parameters<SyncExecutor>[1]
): Promise<SyncSummary | 'changed' | undefined> {
  const startedAt = Date.now()
  const before = await options.mirrorOf(profileId)
  if (!before) return undefined
  const since = new Map<SyncResourceName, number>()
  for (const resource of SYNC_RESOURCES) {
    const cursor = before.sync.cursor(resource)
    // A full walk to start or resume, or a record to retry: the sync process's work.
    if (cursor?.phase !== 'delta' || cursor.deltaSince === undefined || cursor.nextUrl) {
      return undefined
    }
    if (before.sync.quarantined(resource, 1).length > 0) return undefined
    since.set(resource, cursor.deltaSince)
  }
  const target = await targetOf(profileId)
  const timeout = AbortSignal.timeout(options.probeTimeoutMs ?? PROBE_TIMEOUT_MS)
  const pages = await probeEmptyDeltas(target, since, AbortSignal.any([signal, timeout]))
  if (pages === undefined) return 'changed'
  signal.throwIfAborted()
  const store = await options.mirrorOf(profileId)
  if (store !== before) return undefined
  // The same engine run the sync process would make, on pages already read: each resource
  // commits its empty page with its new watermark and last success time in one transaction.
  const source = replaySource(pages)
  const { results, errors } = await syncAll(source, store, { full: false, onProgress, signal })
  if (signal.aborted) throw syncStopped()
  // Three empty pages cannot fail but by the mirror going away (a profile switch closing it
  // mid-run): the sync process, with its own connection, does the delta then.
  if (errors.length > 0) return undefined
  return { profileId, full: false, startedAt, finishedAt: Date.now(), results, errors: [] }
}

/**
 * Each resource's delta page 0 since its watermark, read in parallel with a fresh connection
 * pool, through the target's proxy as the sync's own requests go: the empty pages if every
 * answer is `200 []` without a next link, else undefined.
 */
export async function probeEmptyDeltas(
  target: SyncTarget,
  since: ReadonlyMap<SyncResourceName, number>,
  signal?: AbortSignal
): Promise<Map<SyncResourceName, RawPage> | undefined> {
  const { origin, root } = checkBaseUrl(target.baseUrl)
  checkToken(target.token)
  const { dispatcher } = await targetNetwork(target).connect(origin, DEFAULT_TIMEOUTS)
  try {
    const probes = SYNC_RESOURCES.map(async (resource) => {
      const url = `${root}${paths.delta(resource, since.get(resource)!)}`
      if (new URL(url).origin !== origin) return undefined
      const page = await probeOne(dispatcher, url, target.token, signal)
      return page && ([resource, page] as const)
    })
    const answers = await Promise.all(probes)
    if (answers.some((a) => a === undefined)) return undefined
    return new Map(answers as [SyncResourceName, RawPage][])
  } finally {
    await dispatcher.destroy()
  }
}

async function probeOne(
  dispatcher: Dispatcher,
  url: string,
  token: string,
  signal?: AbortSignal
): Promise<RawPage | undefined> {
  const res = await request(url, {
    dispatcher,
    method: 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'accept-encoding': 'gzip',
      'user-agent': 'StayDesk'
    },
    signal
  })
  const header = (name: string): string | undefined => {
    const v = res.headers[name]
    return Array.isArray(v) ? v.join(', ') : v
  }
  // Dropped unread; undici reports a destroyed body as an error nobody would be listening to.
  const discard = () => {
    res.body.on('error', () => undefined)
    res.body.destroy()
    return undefined
  }
  const length = Number(header('content-length') ?? Number.NaN)
  if (res.statusCode !== 200 || header('link') !== undefined || length > MAX_PROBE_BYTES) {
    return discard()
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_PROBE_BYTES) return discard()
    chunks.push(chunk)
  }
  let body = Buffer.concat(chunks)
  const coding = (header('content-encoding') ?? 'identity').trim().toLowerCase()
  if (coding === 'gzip' || coding === 'x-gzip') {
    body = gunzipSync(body, { maxOutputLength: MAX_PROBE_BYTES })
  } else if (coding !== 'identity' && coding !== '') {
    return undefined
  }
  let items: unknown
  try {
    items = JSON.parse(body.toString('utf8').replace(/^\uFEFF/, ''))
  } catch {
    return undefined
  }
  if (!Array.isArray(items) || items.length > 0) return undefined
  const date = Date.parse(header('date') ?? '')
  return rawPage({ raw: [], url, next: null, serverTime: Number.isNaN(date) ? Date.now() : date })
}

/** The probed pages as the engine's page source: one page per resource, nothing by id. */
function replaySource(pages: ReadonlyMap<SyncResourceName, RawPage>): PageSource {
  const none = () => Promise.reject(new Error('not fetched by the quiet delta'))
  return {
    async *pages(resource) {
      yield pages.get(resource)!
    },
    listing: none,
    availability: none,
    rates: none
  }
}
