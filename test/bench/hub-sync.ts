import { fork } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import type { SandboxHandle } from '../../src-main/sandbox'
import { connectHubDatabase } from '../../src-hub/db/connect'
import type { TestPostgres } from '../helpers/postgres'
import type { HubChildJob, HubChildResult } from './hub-child'
import { fmt, report } from './stats'
import { mb } from './sync-helpers'

const CHILD = fileURLToPath(new URL('./hub-child.ts', import.meta.url))
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.node.json', import.meta.url))

/** Runs one job in a fresh process (hub-child.ts through tsx) and returns what it measured. */
function inChild(job: HubChildJob): Promise<HubChildResult> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, TSX_TSCONFIG_PATH: TSCONFIG },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc']
    })
    let answer: HubChildResult | { error: string } | undefined
    child.once('message', (m) => (answer = m as HubChildResult | { error: string }))
    child.once('error', reject)
    child.once('exit', (code) => {
      if (answer && 'error' in answer) reject(new Error(answer.error))
      else if (!answer) reject(new Error(`hub bench child exited ${code} without an answer`))
      else if (answer.errors.length > 0) reject(new Error(answer.errors.join('; ')))
      else resolve(answer)
    })
    child.send(job)
  })
}

function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) =>
      n + (e.isDirectory() ? folderBytes(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0
  )
}

async function databaseBytes(databaseUrl: string): Promise<number> {
  const hub = await connectHubDatabase({ databaseUrl, poolSize: 1 })
  try {
    const { rows } = await sql<{
      size: string
    }>`SELECT pg_database_size(current_database())::text AS size`.execute(hub.db)
    return Number(rows[0].size)
  } finally {
    await hub.close()
  }
}

/** The watermarks the hub's cursors will ask deltas from, so the baseline fetches the same. */
async function cursorSince(databaseUrl: string): Promise<Record<string, number>> {
  const hub = await connectHubDatabase({ databaseUrl, poolSize: 1 })
  try {
    const rows = await hub.db
      .selectFrom('hub_sync_cursor')
      .select(['resource', 'delta_since'])
      .where('env', '=', 'test')
      .execute()
    return Object.fromEntries(rows.map((r) => [r.resource, Number(r.delta_since)]))
  } finally {
    await hub.close()
  }
}

const line = (what: string, r: HubChildResult) =>
  console.log(
    `  ${what.padEnd(30)} ${fmt(r.ms / 1000, 2).padStart(7)} s  ${String(r.records).padStart(7)} records` +
      `${r.changed ? ` (${r.changed} changed)` : ''}  peak RSS ${fmt(mb(r.maxRssBytes), 0)} MB`
  )

/**
 * Part 1: the hub's full sync of a `listings`-listing sandbox into PostgreSQL (a real cluster)
 * and into the embedded PGlite, each in its own process, beside the same pages fetched and
 * parsed alone in a process of the same kind; then one sandbox churn step (1 % of the listings
 * repriced, 1 % with days opened or closed) and the hub's delta on both, beside fetching the
 * same delta pages. Then what each database holds on disk.
 */
export async function benchHubSync(
  sandbox: SandboxHandle,
  pg: TestPostgres,
  dataDir: string,
  opts: { embedded: boolean }
): Promise<void> {
  const listings = sandbox.store.listingIds().length
  const databaseUrl = await pg.createDatabase('hub_bench_sync')
  const serviceUrl = sandbox.url
  const step = async (what: string, job: HubChildJob) => {
    const r = await inChild(job)
    line(what, r)
    return r
  }
  const sync = (what: string, full: boolean, where: { databaseUrl?: string; dataDir?: string }) =>
    step(what, { kind: 'sync', serviceUrl, full, ...where })
  // The sandbox keeps each page it has served (gzipped, up to 1,500 pages: 100,000 listings), so
  // the first walk of it also pays for making every page and a later one does not: the baseline
  // is taken on a second walk, as the syncs after it are, so that the ratio compares the hub's
  // work alone. Beyond what the cache holds every walk makes its pages again, warm-up or not.
  if (listings <= 100_000)
    await step('fetch+parse (warm-up, untimed)', { kind: 'fetch', serviceUrl })
  const fetchBefore = await step('fetch+parse (full)', { kind: 'fetch', serviceUrl })
  const pgFull = await sync('hub full sync, PostgreSQL', true, { databaseUrl })
  // Again after it: on a machine shared with other work the load drifts between steps, and the
  // mean of the walks either side of the sync is the baseline it is held to.
  const fetchAfter = await step('fetch+parse (full, again)', { kind: 'fetch', serviceUrl })
  const fetchFull = {
    ms: (fetchBefore.ms + fetchAfter.ms) / 2,
    maxRssBytes: Math.max(fetchBefore.maxRssBytes, fetchAfter.maxRssBytes)
  }
  const liteFull = opts.embedded
    ? await sync('hub full sync, PGlite', true, { dataDir })
    : undefined

  const since = await cursorSince(databaseUrl)
  sandbox.churnNow()
  // Past the 120 s overlap, so the next deltas hold this churn and nothing older.
  sandbox.store.advance(5 * 60_000)
  const fetchDelta = await step('fetch+parse (delta)', { kind: 'fetch', serviceUrl, since })
  const pgDelta = await sync('hub delta, PostgreSQL', false, { databaseUrl })
  const liteDelta = opts.embedded ? await sync('hub delta, PGlite', false, { dataDir }) : undefined

  const fetchS = `fetch+parse ${fmt(fetchFull.ms / 1000, 1)} s (mean)`
  report(
    `hub full sync ${listings}, PostgreSQL`,
    `${fmt(pgFull.ms / 1000, 1)} s`,
    fetchS,
    pgFull.ms / fetchFull.ms,
    '<= 1.5',
    pgFull.ms / fetchFull.ms <= 1.5
  )
  if (liteFull) {
    report(
      `hub full sync ${listings}, PGlite`,
      `${fmt(liteFull.ms / 1000, 1)} s`,
      fetchS,
      liteFull.ms / fetchFull.ms,
      '<= 1.5',
      liteFull.ms / fetchFull.ms <= 1.5
    )
  }
  for (const [name, d] of [
    ['PostgreSQL', pgDelta],
    ['PGlite', liteDelta]
  ] as const) {
    if (!d) continue
    report(
      `hub delta after 1 % churn, ${name}`,
      `${fmt(d.ms / 1000, 2)} s`,
      `fetch+parse ${fmt(fetchDelta.ms / 1000, 2)} s`,
      d.ms / fetchDelta.ms,
      '< 10 s',
      d.ms < 10_000
    )
  }
  report(
    'hub database size, PostgreSQL',
    `${fmt(mb(await databaseBytes(databaseUrl)), 0)} MB`,
    'pg_database_size',
    undefined,
    '',
    undefined
  )
  if (liteFull) {
    report(
      'hub database size, PGlite',
      `${fmt(mb(folderBytes(dataDir)), 0)} MB`,
      'its folder',
      undefined,
      '',
      undefined
    )
  }
  for (const [name, r, base] of [
    ['PostgreSQL', pgFull, fetchFull],
    ['PGlite', liteFull, fetchFull]
  ] as const) {
    if (!r) continue
    report(
      `hub sync process peak RSS, ${name}`,
      `${fmt(mb(r.maxRssBytes), 0)} MB`,
      `fetch+parse ${fmt(mb(base.maxRssBytes), 0)} MB`,
      r.maxRssBytes / base.maxRssBytes,
      '',
      undefined
    )
  }
}
