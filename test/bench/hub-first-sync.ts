import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { sql } from 'kysely'
import type { WorkerSandbox } from '../../src-main/sandbox/worker'
import { processSyncExecutor } from '../../src-main/sync/sync-process'
import type { SyncTarget } from '../../src-main/sync/sync-worker'
import { CATALOG_TABLES } from '../../src-hub/catalog/tables'
import { connectHubDatabase, migrateHubDatabase } from '../../src-hub/db/connect'
import { packCatalog } from '../../src-hub/sync/pack'
import { runHubSync } from '../../src-hub/sync/scheduler'
import { createToken } from '../../src-hub/tokens'
import { createUpstream } from '../../src-hub/upstream'
import { addUser } from '../../src-hub/users'
import type { TestPostgres } from '../helpers/postgres'
import { serveHubProcess } from './hub-process'
import { fmt, median, ms, report } from './stats'
import { builtSyncHost, mb, TOKEN } from './sync-helpers'

/** Turns of each: a warm-up (not counted), then this many pairs, service and hub turn about. */
const PAIRS = 2

/**
 * A new desk's first sync from the hub against one from the service (issue 22: at most half the
 * time at 10,000 listings): the app's own sync process (the built bundle, worker threads, a new
 * SQLite mirror each time) on a team hub profile, so reading the hub's snapshots (calendars and
 * rates packed as the mirror stores them, listings with their JSON deflated), and on a profile
 * of the service, walking its pages, turn about in the same run; the median of each, and each
 * sync process's peak RSS. The hub is a `hub serve` process on PostgreSQL, synced from the same
 * sandbox beforehand and packed by its pack pass (timed apart: the hub's work after a sync, not
 * the desk's).
 *
 * A desk joining a team meets a hub whose records last changed long ago; here they changed
 * minutes ago, inside the 120 s overlap of the desk's catch-up delta, which would then read the
 * whole catalog a second time. So the hub's changed_at is moved an hour back, as if synced then.
 */
export async function benchHubFirstSync(
  sandbox: WorkerSandbox,
  listings: number,
  pg: TestPostgres,
  dir: string
): Promise<void> {
  const databaseUrl = await pg.createDatabase('hub_bench_first_sync')
  const hubDb = await connectHubDatabase({ databaseUrl, poolSize: 2 })
  const upstream = createUpstream('test', { baseUrl: sandbox.url, token: TOKEN })
  let hub: { url: string; child: ChildProcess } | undefined
  try {
    await migrateHubDatabase(hubDb.db)
    await addUser(hubDb.db, 'newdesk', 'viewer')
    const hubToken = (await createToken(hubDb.db, 'newdesk')).token
    let started = process.hrtime.bigint()
    const run = await runHubSync(hubDb, upstream)
    if (run === 'busy' || run.errors.length > 0) {
      throw new Error(`the hub's sync failed: ${JSON.stringify(run === 'busy' ? run : run.errors)}`)
    }
    console.log(`  hub synced ${listings} listings in ${fmt(ms(started) / 1000, 1)} s`)
    for (const table of Object.values(CATALOG_TABLES)) {
      await sql`UPDATE ${sql.table(table)} SET changed_at = changed_at - interval '1 hour'`.execute(
        hubDb.db
      )
    }
    started = process.hrtime.bigint()
    const { packed } = await packCatalog(hubDb.db, 'test')
    console.log(`  hub's pack pass: ${packed} records in ${fmt(ms(started) / 1000, 1)} s`)
    // On the synced database, with no sync timer: the figure is the desk's, not the hub's sync.
    hub = await serveHubProcess({
      databaseUrl,
      serviceUrl: sandbox.url,
      logFile: join(dir, 'hub-first-sync.log'),
      syncEvery: 'off'
    })

    let target: SyncTarget = { baseUrl: '', token: '', mirrorFile: '' }
    let peak = 0
    const execute = processSyncExecutor(() => target, builtSyncHost(), {
      onStats: (stats) => (peak = stats.peakRss)
    })
    const times = { service: [] as number[], hub: [] as number[] }
    const peaks = { service: [] as number[], hub: [] as number[] }
    for (let i = 0; i <= PAIRS; i++) {
      const turns: [keyof typeof times, Omit<SyncTarget, 'mirrorFile'>][] = [
        ['service', { baseUrl: sandbox.url, token: TOKEN }],
        // A team hub profile's target, as the app makes it: <hub>/<env>, and the hub named.
        ['hub', { baseUrl: `${hub.url}/test`, token: hubToken, hub: { url: hub.url, env: 'test' } }]
      ]
      for (const [name, where] of turns) {
        target = { ...where, mirrorFile: join(dir, `first-sync-${name}-${i}.db`) }
        started = process.hrtime.bigint()
        const doneAt: string[] = []
        const summary = await execute('bench', {
          full: true,
          // When each resource ended: the slowest one is the sync's time.
          onProgress: (event) => {
            if (event.type === 'done')
              doneAt.push(`${event.resource} ${fmt(ms(started) / 1000, 2)}`)
          },
          signal: new AbortController().signal
        })
        const took = ms(started)
        if (summary.errors.length > 0) {
          throw new Error(`first sync from the ${name}: ${JSON.stringify(summary.errors)}`)
        }
        const records = summary.results.reduce((n, r) => n + r.records, 0)
        console.log(
          `  ${i === 0 ? 'warm-up' : `pair ${i}`}: first sync from the ${name} ` +
            `${fmt(took / 1000, 2)} s (${records} records, ${doneAt.join(', ')}; ` +
            `peak RSS ${fmt(mb(peak), 0)} MB)`
        )
        if (i > 0) times[name].push(took)
        if (i > 0) peaks[name].push(peak)
      }
    }
    const ratio = median(times.hub) / median(times.service)
    report(
      `new desk first sync ${listings}: hub packed snapshot`,
      `${fmt(median(times.hub) / 1000, 2)} s, peak RSS ${fmt(mb(Math.max(...peaks.hub)), 0)} MB`,
      `service ${fmt(median(times.service) / 1000, 2)} s, peak RSS ${fmt(mb(Math.max(...peaks.service)), 0)} MB`,
      ratio,
      '<= 0.5',
      ratio <= 0.5
    )
  } finally {
    if (hub && hub.child.exitCode === null) {
      const exited = new Promise((resolve) => hub!.child.once('exit', resolve))
      hub.child.kill('SIGTERM')
      await exited
    }
    await upstream.client.close()
    await hubDb.close()
  }
}
