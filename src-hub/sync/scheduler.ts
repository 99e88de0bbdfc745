import { sql } from 'kysely'
import type { HubDb } from '../db/connect'
import type { HubLog } from '../log'
import type { HubEnvironment, HubUpstreams, Upstream } from '../upstream'
import { syncHubEnvironment, type HubSyncOptions, type HubSyncRun } from './walk'

/**
 * One sync at a time per environment: within this process a run asked while one is going joins
 * it, and across processes on one PostgreSQL server (`serve` and a `sync` from the command
 * line) a session advisory lock lets one through and tells the other. The embedded database
 * needs no lock: one process at a time may open it.
 */

const running = new Map<string, Promise<HubSyncRun | 'busy'>>()

function runKey(hub: HubDb, env: HubEnvironment): string {
  return `${hub.where}\u0000${env}`
}

export async function runHubSync(
  hub: HubDb,
  upstream: Upstream,
  opts: HubSyncOptions = {}
): Promise<HubSyncRun | 'busy'> {
  const key = runKey(hub, upstream.env)
  const current = running.get(key)
  if (current) return current
  const run = (async () => {
    const sync = () => syncHubEnvironment(hub.db, upstream.env, upstream.client, opts)
    if (hub.kind === 'embedded') return sync()
    // The lock is held by a connection of its own, for the whole run; the pages commit
    // through the pool. A connection lost (a restarted server) drops the lock with it.
    return hub.db.connection().execute(async (conn) => {
      const lockName = `staydesk-hub-sync:${upstream.env}`
      const { rows } = await sql<{ got: boolean }>`
        SELECT pg_try_advisory_lock(hashtext(${lockName})) AS got`.execute(conn)
      if (!rows[0]?.got) return 'busy' as const
      try {
        return await sync()
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${lockName}))`
          .execute(conn)
          .catch(() => undefined)
      }
    })
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
 * Syncs every configured environment now and then every `everyMs` after each run ends (runs
 * never overlap). stop() ends the timer, aborts a run in progress and waits for it.
 */
export function startSyncTimer({ hub, upstreams, everyMs, log }: SyncTimerOptions): {
  stop(): Promise<void>
} {
  const abort = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let current: Promise<void> = Promise.resolve()
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
