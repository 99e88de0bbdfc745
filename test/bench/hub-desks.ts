import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, request, Agent, type Server } from 'node:http'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { createApiClient } from '../../src-main/api'
import type { WorkerSandbox } from '../../src-main/sandbox/worker'
import { processSyncExecutor } from '../../src-main/sync/sync-process'
import { CATALOG_TABLES } from '../../src-hub/catalog/tables'
import { connectHubDatabase, migrateHubDatabase, type HubDb } from '../../src-hub/db/connect'
import { createToken } from '../../src-hub/tokens'
import { addUser } from '../../src-hub/users'
import type { TestPostgres } from '../helpers/postgres'
import { fmt, median, ms, percentile, report } from './stats'
import { builtSyncHost, idle, TOKEN } from './sync-helpers'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const DESKS = 50
const PERIOD_MS = 3_000
const RUN_MS = 30_000

/** What the service saw, by kind of request: the catalog walks, booking reads, the rest. */
interface Seen {
  catalog: number
  bookings: number
  other: number
}

/**
 * A recording proxy in front of the sandbox: every request the hub makes of "the service" is
 * counted, then passed on byte for byte (compressed bodies included), with the Host the sandbox
 * expects and its Link headers pointed back at the proxy (a client follows links only on its
 * own origin).
 */
async function countingProxy(target: string): Promise<{ url: string; seen: Seen; server: Server }> {
  const seen: Seen = { catalog: 0, bookings: 0, other: 0 }
  const { hostname, port, host } = new URL(target)
  const agent = new Agent({ keepAlive: true })
  let own = ''
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    if (/^\/v1\/(listings|availability|rates)(\/|$)/.test(path)) seen.catalog++
    else if (path.startsWith('/v1/booking/')) seen.bookings++
    else seen.other++
    const out = request(
      { hostname, port, path, method: req.method, headers: { ...req.headers, host }, agent },
      (answer) => {
        const link = answer.headers.link
        if (typeof link === 'string') answer.headers.link = link.replaceAll(target, own)
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    out.on('error', () => res.destroy())
    req.pipe(out)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  own = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { url: own, seen, server }
}

/**
 * `npm run hub -- serve` as a team runs it, on PostgreSQL, syncing every 5 s; its URL. Its log
 * goes to a file, as to a service manager's journal: stdout on a pipe is written synchronously,
 * so a pipe this busy process drains late would stall the hub and time this process instead.
 */
async function startHubProcess(
  databaseUrl: string,
  serviceUrl: string,
  logFile: string
): Promise<{ url: string; child: ChildProcess }> {
  const log = openSync(logFile, 'w')
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src-hub/cli.ts'), 'serve', '--port', '0', '--sync-every', '5s'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json'),
        DATABASE_URL: databaseUrl,
        STAYDESK_HUB_TEST_URL: serviceUrl,
        STAYDESK_HUB_TEST_TOKEN: TOKEN,
        STAYDESK_HUB_TEST_CHANNEL: 'DEMO'
      },
      stdio: ['ignore', log, 'inherit']
    }
  )
  closeSync(log)
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the hub exited ${child.exitCode} before listening`)
    const listening = readFileSync(logFile, 'utf8')
      .split('\n')
      .map((line) =>
        line.startsWith('{') ? (JSON.parse(line) as { msg?: string; port?: number }) : {}
      )
      .find((entry) => entry.msg === 'listening' && entry.port)
    if (listening) return { url: `http://127.0.0.1:${listening.port}`, child }
    await idle(100)
  }
}

/**
 * Until the hub's first run has ended: every cursor in deltas and no run holding the lease. A
 * resource that failed stops the benchmark with the hub's own sentence.
 */
async function firstSyncDone(hub: HubDb): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ deltas: number; leases: number; error: string | null }>`
      SELECT (SELECT count(*)::integer FROM hub_sync_cursor
              WHERE env = 'test' AND phase = 'delta' AND last_success_at IS NOT NULL) AS deltas,
             (SELECT count(*)::integer FROM hub_sync_lease) AS leases,
             (SELECT max(last_error) FROM hub_sync_cursor WHERE env = 'test') AS error`.execute(
      hub.db
    )
    if (rows[0].error) throw new Error(`the hub's first sync failed: ${rows[0].error}`)
    if (rows[0].deltas === SYNC_RESOURCES.length && rows[0].leases === 0) return
    await idle(250)
  }
}

interface DeskTimes {
  delta: number[]
  booking: number[]
  requests: number
  first: { delta: number[]; booking: number[] }
}

/**
 * One desk: every PERIOD_MS a no-change delta of the three resources (concurrently, as the
 * desktop's sync walks them) and a booking read, through the desktop's ApiClient on the hub.
 */
async function desk(
  hubUrl: string,
  token: string,
  bookings: readonly string[],
  until: number,
  offset: number,
  out: DeskTimes
): Promise<void> {
  const client = createApiClient({ baseUrl: `${hubUrl}/test`, token, salesChannel: 'DEMO' })
  const since = Math.floor(Date.now() / 1000)
  try {
    await idle(offset)
    for (let round = 0; Date.now() < until; round++) {
      const started = process.hrtime.bigint()
      await Promise.all(
        SYNC_RESOURCES.map(async (resource) => {
          for await (const page of client.pages(resource, { since })) {
            out.requests++
            if (page.items.length > 0) throw new Error(`${resource}: the delta was not empty`)
          }
        })
      )
      const deltaMs = ms(started)
      const read = process.hrtime.bigint()
      await client.booking(bookings[(offset + round) % bookings.length], 'DEMO')
      // A token's first request costs the hub one scrypt check (then remembered): the first
      // round of all 50 desks at once is a morning's start, reported apart from the steady state.
      const times = round === 0 ? out.first : out
      times.delta.push(deltaMs)
      times.booking.push(ms(read))
      out.requests++
      await idle(Math.max(0, PERIOD_MS - ms(started)))
    }
  } finally {
    await client.close()
  }
}

/**
 * Parts 2 and 3 at 10,000 listings: a hub process on PostgreSQL synced from the sandbox (in a
 * worker thread, so its serving does not delay this thread's timers) through
 * a counting proxy; 50 desks polling it; then a new desk's first sync (the app's sync process,
 * built bundle, into a SQLite mirror) from the hub and from the service, turn about.
 */
export async function benchHubDesks(
  sandbox: WorkerSandbox,
  listings: number,
  pg: TestPostgres,
  dir: string
): Promise<void> {
  const databaseUrl = await pg.createDatabase('hub_bench_desks')
  const admin = await connectHubDatabase({ databaseUrl, poolSize: 2 })
  const proxy = await countingProxy(sandbox.url)
  let hubProcess: ChildProcess | undefined
  try {
    await migrateHubDatabase(admin.db)
    const tokens: string[] = []
    for (let i = 1; i <= DESKS; i++) {
      await addUser(admin.db, `desk${i}`, 'viewer')
      tokens.push((await createToken(admin.db, `desk${i}`)).token)
    }
    const started = process.hrtime.bigint()
    const hub = await startHubProcess(databaseUrl, proxy.url, join(dir, 'hub.log'))
    hubProcess = hub.child
    await firstSyncDone(admin)
    const firstSync = { ...proxy.seen }
    console.log(
      `  hub process: first sync of ${listings} listings done in ${fmt(ms(started) / 1000, 1)} s ` +
        `(start-up included), ${firstSync.catalog} catalog requests to the service`
    )

    // Part 2: 50 desks for RUN_MS, each starting at its own point of the period.
    const out: DeskTimes = {
      delta: [],
      booking: [],
      requests: 0,
      first: { delta: [], booking: [] }
    }
    const before = { ...proxy.seen }
    const until = Date.now() + RUN_MS
    await Promise.all(
      tokens.map((token, i) =>
        desk(hub.url, token, sandbox.demoBookingIds, until, (i * PERIOD_MS) / DESKS, out)
      )
    )
    const catalog = proxy.seen.catalog - before.catalog
    const bookingReads = proxy.seen.bookings - before.bookings
    const bookingsRead = out.booking.length + out.first.booking.length
    const deltaP95 = percentile(out.delta, 95)
    const bookingP95 = percentile(out.booking, 95)
    report(
      `${DESKS} desks: no-change delta p95 (3 resources)`,
      `${fmt(deltaP95)} ms`,
      `median ${fmt(median(out.delta))} ms, n=${out.delta.length}`,
      undefined,
      '< 200 ms',
      deltaP95 < 200
    )
    report(
      `${DESKS} desks: booking read p95 (via the hub)`,
      `${fmt(bookingP95)} ms`,
      `median ${fmt(median(out.booking))} ms, n=${out.booking.length}`,
      undefined,
      '< 200 ms',
      bookingP95 < 200
    )
    report(
      `${DESKS} desks' first round p95 (delta, booking)`,
      `${fmt(percentile(out.first.delta, 95), 0)}, ${fmt(percentile(out.first.booking, 95), 0)} ms`,
      'one scrypt per new token',
      undefined,
      '',
      undefined
    )
    report(
      `service requests in ${RUN_MS / 1000} s: catalog`,
      `${catalog}`,
      `desks asked the hub ${out.requests - bookingsRead}`,
      undefined,
      'the hub syncs alone',
      catalog <= (RUN_MS / 5000 + 1) * SYNC_RESOURCES.length
    )
    report(
      `service requests in ${RUN_MS / 1000} s: booking reads`,
      `${bookingReads}`,
      `desks read ${bookingsRead}`,
      undefined,
      'passed on, live',
      undefined
    )

    // Part 3: a new desk's first sync, from the hub and from the service, turn about. A desk
    // joining a team meets a hub whose records last changed long ago; here they changed seconds
    // ago, inside the 120 s overlap of the desk's first delta, which would then fetch the whole
    // catalog a second time. So the hub's changed_at is moved an hour back, as if synced then.
    for (const table of Object.values(CATALOG_TABLES)) {
      await sql`UPDATE ${sql.table(table)} SET changed_at = changed_at - interval '1 hour'`.execute(
        admin.db
      )
    }
    const target = { baseUrl: '', token: '', file: '' }
    const execute = processSyncExecutor(
      () => ({ baseUrl: target.baseUrl, token: target.token, mirrorFile: target.file }),
      builtSyncHost()
    )
    const fromHub: number[] = []
    const fromService: number[] = []
    for (let i = 0; i <= 2; i++) {
      for (const [name, baseUrl, token, times] of [
        ['service', sandbox.url, TOKEN, fromService],
        ['hub', `${hub.url}/test`, tokens[0], fromHub]
      ] as const) {
        Object.assign(target, { baseUrl, token, file: join(dir, `desk-${name}-${i}.db`) })
        const t = process.hrtime.bigint()
        const summary = await execute('bench', {
          full: true,
          onProgress: () => {},
          signal: new AbortController().signal
        })
        const took = ms(t)
        if (summary.errors.length > 0) {
          throw new Error(`first sync from the ${name}: ${JSON.stringify(summary.errors)}`)
        }
        const records = summary.results.reduce((n, r) => n + r.records, 0)
        console.log(
          `  ${i === 0 ? 'warm-up' : `pair ${i}`}: first sync from the ${name} ${fmt(took / 1000, 2)} s (${records} records)`
        )
        if (i > 0) times.push(took)
      }
    }
    const ratio = median(fromHub) / median(fromService)
    report(
      `new desk first sync ${listings}: hub vs service`,
      `${fmt(median(fromHub) / 1000, 2)} s`,
      `service ${fmt(median(fromService) / 1000, 2)} s`,
      ratio,
      '<= 0.5',
      ratio <= 0.5
    )
  } finally {
    hubProcess?.kill('SIGTERM')
    if (hubProcess && hubProcess.exitCode === null) {
      await new Promise((resolve) => hubProcess!.once('exit', resolve))
    }
    proxy.server.closeAllConnections()
    await new Promise((resolve) => proxy.server.close(resolve))
    await admin.close()
  }
}
