import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import { sql } from 'kysely'
import type { HubDb } from '../db/connect'
import type { HubLog } from '../log'
import type { HubEnvironment, HubUpstreams, Upstream } from '../upstream'
import { packCatalog } from './pack'
import { syncHubEnvironment, type HubSyncOptions, type HubSyncRun } from './walk'

/**
 * One sync at a time per environment: within this process a run asked while one is going joins
 * it, and across processes on one database (`serve` and a `sync` from the command line on one
 * PostgreSQL server) a lease row lets one through and tells the other. The lease is renewed
 * while the run lasts and expires on its own if its holder dies. Not a session advisory lock:
 * that needs a connection held for the whole run, and pg emits a restarted server's error on a
 * checked-out connection with no listener, which would end the process.
 */

const running = new Map<string, Promise<HubSyncRun | 'busy'>>()

const LEASE_S = 120
const RENEW_MS = 30_000

async function takeLease(hub: HubDb, env: HubEnvironment, holder: string): Promise<boolean> {
  const { rows } = await sql<{ holder: string }>`
    INSERT INTO hub_sync_lease AS lease (env, holder, expires_at)
    VALUES (${env}, ${holder}, now() + make_interval(secs => ${LEASE_S}))
    ON CONFLICT (env) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
      WHERE lease.expires_at < now() OR lease.holder = excluded.holder
    RETURNING lease.holder`.execute(hub.db)
  return rows.length > 0
}

export async function runHubSync(
  hub: HubDb,
  upstream: Upstream,
  opts: HubSyncOptions = {}
): Promise<HubSyncRun | 'busy'> {
  const key = `${hub.where}\u0000${upstream.env}`
  const current = running.get(key)
  if (current) return current
  const run = (async () => {
    const holder = `${hostname()}:${process.pid}:${randomUUID()}`
    if (!(await takeLease(hub, upstream.env, holder))) return 'busy' as const
    const renew = setInterval(
      () => void takeLease(hub, upstream.env, holder).catch(() => undefined),
      RENEW_MS
    )
    renew.unref()
    try {
      return await syncHubEnvironment(hub.db, upstream.env, upstream.client, opts)
    } finally {
      clearInterval(renew)
      await hub.db
        .deleteFrom('hub_sync_lease')
        .where('env', '=', upstream.env)
        .where('holder', '=', holder)
        .execute()
        .catch(() => undefined)
    }
  })()
  running.set(key, run)
  try {
    return await run
  } finally {
    running.delete(key)
  }
}

interface SyncTimerOptions {
  hub: HubDb
  upstreams: HubUpstreams
  everyMs: number
  log: HubLog
}

/** Writes one run's outcome to the log: counts, and each failed resource's sentence. */
function logSyncRun(log: HubLog, env: HubEnvironment, run: HubSyncRun | 'busy', ms: number): void {
  if (run === 'busy') {
    log.info({ env }, 'sync: another process is syncing this environment; skipped')
    return
  }
  for (const r of run.results) log.info({ env, ms, ...r }, 'sync: resource done')
  for (const { resource, error } of run.errors) {
    // The service being away is its outage, not the hub's fault: said as a warning.
    log.warn({ env, resource, reason: (error as Error).message }, 'sync: resource not finished')
  }
}

/**
 * The pack pass after a run (pack.ts), also after a failed one: whatever it wrote gets packed.
 * A failure only costs desks' snapshots the packing on the fly; said as a warning.
 */
async function packAfterSync(
  hub: HubDb,
  env: HubEnvironment,
  signal: AbortSignal,
  log: HubLog
): Promise<void> {
  const started = performance.now()
  try {
    const { packed } = await packCatalog(hub.db, env, { signal })
    if (packed > 0) {
      log.info({ env, packed, ms: Math.round(performance.now() - started) }, 'sync: records packed')
    }
  } catch (err) {
    log.warn({ env, err }, 'sync: records not packed; snapshots pack them as they are read')
  }
}

/** How often the embedded database's planner statistics are brought up to date. */
const ANALYZE_EVERY_MS = 60 * 60_000

/**
 * The embedded database (PGlite) has no autovacuum, so its planner never learns the tables'
 * sizes by itself: a journal of 100,000 rows was then read by sorting every row for one
 * person's page (0.6 s) instead of walking its index (66 ms after ANALYZE). PostgreSQL servers
 * have autovacuum for this; the embedded one is analyzed after a sync, at most once an hour.
 */
async function analyzeEmbedded(hub: HubDb, log: HubLog): Promise<void> {
  try {
    await sql`ANALYZE`.execute(hub.db)
  } catch (err) {
    log.warn({ err }, 'the embedded database could not be analyzed; plans may be slower')
  }
}

/**
 * Syncs every configured environment now and then every `everyMs` after each run ends (runs
 * never overlap). stop() ends the timer, aborts a run in progress and waits for it.
 */
export function startSyncTimer({ hub, upstreams, everyMs, log }: SyncTimerOptions): {
  stop(): Promise<void>
} {
  const abort = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let current: Promise<void> = Promise.resolve()
  let analyzedAt = -Infinity
  const tick = (): void => {
    current = (async () => {
      for (const upstream of Object.values(upstreams)) {
        if (abort.signal.aborted) return
        const started = performance.now()
        try {
          const run = await runHubSync(hub, upstream, { signal: abort.signal })
          logSyncRun(log, upstream.env, run, Math.round(performance.now() - started))
        } catch (err) {
          log.error({ env: upstream.env, err }, 'sync: run failed')
        }
        await packAfterSync(hub, upstream.env, abort.signal, log)
      }
      if (hub.kind === 'embedded' && performance.now() - analyzedAt >= ANALYZE_EVERY_MS) {
        analyzedAt = performance.now()
        await analyzeEmbedded(hub, log)
      }
    })().finally(() => {
      if (!abort.signal.aborted) timer = setTimeout(tick, everyMs)
    })
  }
  tick()
  return {
    async stop() {
      abort.abort()
      clearTimeout(timer)
      await current
    }
  }
}
