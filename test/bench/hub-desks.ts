import { fork, type ChildProcess } from 'node:child_process'
import { createServer, request, Agent, type Server } from 'node:http'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'
import { loadavg, setPriority } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { createApiClient } from '../../src-main/api'
import type { WorkerSandbox } from '../../src-main/sandbox/worker'
import { connectHubDatabase, migrateHubDatabase, type HubDb } from '../../src-hub/db/connect'
import { createToken } from '../../src-hub/tokens'
import { addUser } from '../../src-hub/users'
import type { TestPostgres } from '../helpers/postgres'
import { serveHubProcess } from './hub-process'
import { fmt, median, ms, percentile, report } from './stats'
import { idle, TOKEN } from './sync-helpers'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const DESKS = 50
const PERIOD_MS = 3_000
const RUN_MS = 30_000

/** What the service saw, by kind of request: the catalog walks, booking reads, the rest. */
interface Seen {
  catalog: number
  bookings: number
  other: number
  /** TCP connections opened to it: fewer than requests when the client keeps them alive. */
  connections: number
}

/**
 * A recording proxy in front of the sandbox: every request the hub makes of "the service" is
 * counted, then passed on byte for byte (compressed bodies included), with the Host the sandbox
 * expects and its Link headers pointed back at the proxy (a client follows links only on its
 * own origin).
 */
async function countingProxy(target: string): Promise<{ url: string; seen: Seen; server: Server }> {
  const seen: Seen = { catalog: 0, bookings: 0, other: 0, connections: 0 }
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
  server.on('connection', () => seen.connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  own = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { url: own, seen, server }
}

/**
 * Until the hub's first run has ended: every cursor in deltas, no run holding the lease, and
 * the pack pass after it done (a team's hub packs a whole catalog once; after a delta, a few
 * records). A resource that failed stops the benchmark with the hub's own sentence.
 */
async function firstSyncDone(hub: HubDb): Promise<void> {
  for (;;) {
    const { rows } = await sql<{
      deltas: number
      leases: number
      error: string | null
      unpacked: number
    }>`
      SELECT (SELECT count(*)::integer FROM hub_sync_cursor
              WHERE env = 'test' AND phase = 'delta' AND last_success_at IS NOT NULL) AS deltas,
             (SELECT count(*)::integer FROM hub_sync_lease) AS leases,
             (SELECT max(last_error) FROM hub_sync_cursor WHERE env = 'test') AS error,
             (SELECT count(*)::integer FROM hub_listing WHERE packed IS NULL)
               + (SELECT count(*)::integer FROM hub_availability WHERE packed IS NULL)
               + (SELECT count(*)::integer FROM hub_rate WHERE packed IS NULL) AS unpacked`.execute(
      hub.db
    )
    if (rows[0].error) throw new Error(`the hub's first sync failed: ${rows[0].error}`)
    const { deltas, leases, unpacked } = rows[0]
    if (deltas === SYNC_RESOURCES.length && leases === 0 && unpacked === 0) return
    await idle(250)
  }
}

/** What the desks measured, in milliseconds: each round's delta and its two booking reads. */
interface DeskTimes {
  delta: number[]
  /** The booking read through the hub. */
  booking: number[]
  /** The same read, the same moment, asked of the service directly: the baseline. */
  direct: number[]
}

interface DesksJob {
  hubUrl: string
  /** The service as the desks' baseline reads reach it (a counting proxy of its own). */
  serviceUrl: string
  tokens: string[]
  bookings: string[]
  runMs: number
}

interface DesksResult extends DeskTimes {
  requests: number
  /** Each desk's first round: its token's one scrypt check and its connections' set-up. */
  first: DeskTimes
  /** The desks' own event loop: a busy one would add its delay to every time above. */
  loop: LoopDelay
  /** The CPU time the desks' process used while they ran, and its time waiting for a core. */
  sched: Sched
}

/** Event-loop delay in milliseconds (perf_hooks' histogram, 10 ms resolution). */
interface LoopDelay {
  p50: number
  p99: number
  max: number
}

function loopDelayOf(h: IntervalHistogram): LoopDelay {
  return { p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6 }
}

type Client = ReturnType<typeof createApiClient>

/** One desk's round: a no-change delta of the three resources, then its two booking reads. */
async function round(
  desk: { viaHub: Client; direct: Client; since: number },
  booking: string,
  hubFirst: boolean,
  out: DeskTimes & { requests: number }
): Promise<void> {
  const started = process.hrtime.bigint()
  // Concurrently, as the desktop's sync walks them.
  await Promise.all(
    SYNC_RESOURCES.map(async (resource) => {
      for await (const page of desk.viaHub.pages(resource, { since: desk.since })) {
        out.requests++
        if (page.items.length > 0) throw new Error(`${resource}: the delta was not empty`)
      }
    })
  )
  out.delta.push(ms(started))
  const read = async (client: Client): Promise<number> => {
    const t = process.hrtime.bigint()
    await client.booking(booking, 'DEMO')
    return ms(t)
  }
  // In turn first, so that neither read is always the one that finds a warm service.
  const first = await read(hubFirst ? desk.viaHub : desk.direct)
  const second = await read(hubFirst ? desk.direct : desk.viaHub)
  out.booking.push(hubFirst ? first : second)
  out.direct.push(hubFirst ? second : first)
  out.requests++
}

/**
 * The 50 desks, run in the desks' own process (see DESKS_CHILD). First all of them at once, a
 * morning's start: each token's first request costs the hub one scrypt check (then remembered),
 * reported apart. Then, once every desk is signed in, the steady state for job.runMs: each desk
 * every PERIOD_MS from its own point of the period, with the desktop's ApiClient. `signedIn` is
 * called between the two, where the parent starts its measures of the steady state.
 */
async function runDesks(job: DesksJob, signedIn: () => void): Promise<DesksResult> {
  const out: DesksResult = {
    delta: [],
    booking: [],
    direct: [],
    requests: 0,
    first: { delta: [], booking: [], direct: [] },
    loop: { p50: 0, p99: 0, max: 0 },
    sched: { cpu: 0, wait: 0 }
  }
  const since = Math.floor(Date.now() / 1000)
  const desks = job.tokens.map((token) => ({
    viaHub: createApiClient({ baseUrl: `${job.hubUrl}/test`, token, salesChannel: 'DEMO' }),
    direct: createApiClient({ baseUrl: job.serviceUrl, token: TOKEN, salesChannel: 'DEMO' }),
    since
  }))
  const bookingOf = (i: number, n: number) => job.bookings[(i + n) % job.bookings.length]
  try {
    const first = { ...out.first, requests: 0 }
    await Promise.all(desks.map((desk, i) => round(desk, bookingOf(i, 0), true, first)))
    out.requests += first.requests
    signedIn()

    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const sched = schedOf('self')
    const until = Date.now() + job.runMs
    await Promise.all(
      desks.map(async (desk, i) => {
        await idle((i * PERIOD_MS) / DESKS)
        for (let n = 1; Date.now() < until; n++) {
          const started = process.hrtime.bigint()
          await round(desk, bookingOf(i, n), n % 2 === 0, out)
          await idle(Math.max(0, PERIOD_MS - ms(started)))
        }
      })
    )
    out.sched = minus(schedOf('self'), sched)
    loop.disable()
    out.loop = loopDelayOf(loop)
    return out
  } finally {
    await Promise.all(desks.flatMap((desk) => [desk.viaHub.close(), desk.direct.close()]))
  }
}

/**
 * The desks run in a process of their own (this file, forked with DESKS_CHILD set): in the
 * bench's process they shared one event loop with the counting proxies every hub request to the
 * service passes through, so a desk's JSON work delayed the service's answers and was counted
 * as the hub's latency.
 */
const DESKS_CHILD = 'STAYDESK_BENCH_HUB_DESKS_CHILD'

type FromDesks = { started: true } | { result: DesksResult } | { error: string }

function desksInChild(job: DesksJob): {
  started: Promise<void>
  result: Promise<DesksResult>
} {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      [DESKS_CHILD]: '1',
      TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json')
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced'
  })
  let started = (): void => {}
  const result = new Promise<DesksResult>((resolve, reject) => {
    child.on('message', (m: FromDesks) => {
      if ('started' in m) started()
      else if ('result' in m) resolve(m.result)
      else reject(new Error(`desks: ${m.error}`))
    })
    child.once('exit', (code) => reject(new Error(`the desks' process exited ${code}`)))
  })
  child.send(job)
  return {
    started: Promise.race([
      new Promise<void>((resolve) => (started = resolve)),
      result.then(() => undefined)
    ]),
    result
  }
}

if (process.env[DESKS_CHILD] === '1' && process.send) {
  process.once('message', (job: DesksJob) => {
    runDesks(job, () => process.send!({ started: true } satisfies FromDesks)).then(
      (result) => process.send!({ result } satisfies FromDesks, () => process.exit(0)),
      (err: unknown) =>
        process.send!({ error: String((err as Error).stack ?? err) }, () => process.exit(1))
    )
  })
}

/**
 * Who used the two cores while the desks ran, and who waited for one: per party, the CPU time
 * and the time runnable but waiting in the kernel's run queue (/proc/<pid>/task/<tid>/schedstat,
 * nanoseconds). The sandbox is the bench process's threads at nice 19 when it starts (its worker
 * thread lowers its own priority, see sandboxAtNormalPriority); PostgreSQL is its postmaster and
 * every backend it forked.
 */
interface Sched {
  cpu: number
  wait: number
}

/** One thread's times, from its schedstat file; nothing for a thread that ended meanwhile. */
function schedOfThread(dir: string): Sched {
  try {
    const [cpu, wait] = readFileSync(`${dir}/schedstat`, 'utf8').split(' ').map(Number)
    return { cpu: cpu / 1e9, wait: wait / 1e9 }
  } catch {
    return { cpu: 0, wait: 0 }
  }
}

/** A process's times: the sum of its threads'. */
function schedOf(pid: number | 'self'): Sched {
  let tids: string[]
  try {
    tids = readdirSync(`/proc/${pid}/task`)
  } catch {
    return { cpu: 0, wait: 0 } // gone meanwhile
  }
  return tids.map((tid) => schedOfThread(`/proc/${pid}/task/${tid}`)).reduce(plus, NONE)
}

const plus = (a: Sched, b: Sched): Sched => ({ cpu: a.cpu + b.cpu, wait: a.wait + b.wait })
const minus = (a: Sched, b: Sched): Sched => ({ cpu: a.cpu - b.cpu, wait: a.wait - b.wait })
const NONE: Sched = { cpu: 0, wait: 0 }

function statFields(path: string): string[] | undefined {
  try {
    const text = readFileSync(path, 'utf8')
    // After "pid (comm) ": field 3 (state) is index 0, so field n is index n - 3.
    return text.slice(text.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined // gone meanwhile
  }
}

function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => statFields(`/proc/${p}/stat`)?.[1] === String(pid))
}

interface Pids {
  hub: number
  postmaster: number
  /** The sandbox's threads in this process. */
  sandbox: number[]
}

interface Parties {
  hub: Sched
  /** By process: backends come and go, and only those alive at both ends are compared. */
  postgres: Map<number, Sched>
  sandbox: Sched
  proxies: Sched
  /** CPU seconds of the whole machine, every process (from /proc/stat). */
  machine: number
}

function machineBusySeconds(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const n = ticks.map(Number)
  // user nice system idle iowait irq softirq steal, in clock ticks (100 a second): all but
  // idle and iowait is work.
  return (n.reduce((a, b) => a + b, 0) - n[3] - n[4]) / 100
}

function partiesNow(pids: Pids): Parties {
  const sandbox = pids.sandbox
    .map((tid) => schedOfThread(`/proc/self/task/${tid}`))
    .reduce(plus, NONE)
  return {
    hub: schedOf(pids.hub),
    postgres: new Map(
      [pids.postmaster, ...childrenOf(pids.postmaster)].map((p) => [p, schedOf(p)])
    ),
    sandbox,
    proxies: minus(schedOf('self'), sandbox),
    machine: machineBusySeconds()
  }
}

/**
 * The sandbox's worker thread runs at nice 19, as the app's embedded demo must (the window
 * first). Here it stands for the service, which runs on machines of its own: at nice 19 on this
 * shared machine it got the cores last, and both the hub's booking reads and their direct
 * baseline measured the other engineers' load. Its threads go to the hub's priority for the
 * desks' run and back after; a process not allowed to raise a priority says so and leaves it.
 */
function sandboxAtNormalPriority(): { tids: number[]; restore(): void; note: string } {
  const tids = readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => statFields(`/proc/self/task/${tid}/stat`)?.[16] === '19')
  try {
    for (const tid of tids) setPriority(tid, 0)
  } catch {
    return { tids, restore: () => {}, note: 'the sandbox at nice 19 (not allowed to raise it)' }
  }
  return {
    tids,
    restore: () => tids.forEach((tid) => setPriority(tid, 19)),
    note: 'the sandbox at nice 0, as the hub'
  }
}

/**
 * The hub process's event-loop delay, read from outside: a preload (a data: URL, so the hub's
 * sources carry nothing for the bench) keeps perf_hooks' histogram and, on SIGUSR2, writes it
 * to STAYDESK_BENCH_HUB_LOOP_FILE (whole, by a rename) and starts it again.
 */
const HUB_LOOP_PRELOAD = `data:text/javascript,${encodeURIComponent(`
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { renameSync, writeFileSync } from 'node:fs'
const h = monitorEventLoopDelay({ resolution: 10 })
h.enable()
let n = 0
process.on('SIGUSR2', () => {
  const ms = (v) => v / 1e6
  const file = process.env.STAYDESK_BENCH_HUB_LOOP_FILE
  writeFileSync(file + '.new', JSON.stringify(
    { n: ++n, p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) }))
  renameSync(file + '.new', file)
  h.reset()
})`)}`

/** Resets the hub's histogram (mark) or reads what it held since the last mark. */
async function hubLoopDelay(child: ChildProcess, file: string): Promise<LoopDelay> {
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { n: number }).n : 0
  child.kill('SIGUSR2')
  for (;;) {
    if (existsSync(file)) {
      const read = JSON.parse(readFileSync(file, 'utf8')) as LoopDelay & { n: number }
      if (read.n > before) return read
    }
    await idle(50)
  }
}

/** The hub's own time per request (its log's `ms`: first middleware to answer), by kind. */
function hubOwnTimes(
  logFile: string,
  from: number,
  to: number
): { delta: number[]; booking: number[] } {
  const out = { delta: [] as number[], booking: [] as number[] }
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue
    const entry = JSON.parse(line) as { msg?: string; time?: string; path?: string; ms?: number }
    const at = Date.parse(entry.time ?? '')
    if (entry.msg !== 'request' || at < from || at > to || entry.ms === undefined) continue
    if (/^\/test\/v1\/(listings|availability|rates)\/delta\//.test(entry.path ?? '')) {
      out.delta.push(entry.ms)
    } else if (entry.path?.startsWith('/test/v1/booking/')) out.booking.push(entry.ms)
  }
  return out
}

/** The bench's PostgreSQL cluster's postmaster: the parent of this connection's backend. */
async function postmasterPid(hub: HubDb): Promise<number> {
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(hub.db)
  return Number(statFields(`/proc/${rows[0].pid}/stat`)?.[1])
}

interface DesksRun {
  hub: { url: string; child: ChildProcess; logFile: string; loopFile: string }
  proxy: { seen: Seen }
  direct: { url: string; seen: Seen }
  tokens: string[]
  bookings: string[]
  postmaster: number
}

/**
 * Part 2: the 50 desks (their own process) against the hub for RUN_MS, each round's booking read
 * beside the same read asked of the service directly; then where the time went: the hub's own
 * time per request (its log), the event-loop delay of the hub, the desks and this process (the
 * proxies), and the CPU each party used in the window.
 */
async function measureDesks(run: DesksRun): Promise<void> {
  const { hub, proxy, tokens } = run
  const sandbox = sandboxAtNormalPriority()
  const desks = desksInChild({
    hubUrl: hub.url,
    serviceUrl: run.direct.url,
    tokens,
    bookings: run.bookings,
    runMs: RUN_MS
  })
  await desks.started
  const pids = { hub: hub.child.pid!, postmaster: run.postmaster, sandbox: sandbox.tids }
  const partiesBefore = partiesNow(pids)
  const from = Date.now()
  const before = { ...proxy.seen }
  await hubLoopDelay(hub.child, hub.loopFile)
  const benchLoop = monitorEventLoopDelay({ resolution: 10 })
  benchLoop.enable()
  const out = await desks.result.finally(() => sandbox.restore())
  benchLoop.disable()
  const hubLoop = await hubLoopDelay(hub.child, hub.loopFile)
  const partiesAfter = partiesNow(pids)
  const own = hubOwnTimes(hub.logFile, from, Date.now())

  const catalog = proxy.seen.catalog - before.catalog
  const bookingReads = proxy.seen.bookings - before.bookings
  const bookingsRead = out.booking.length + out.first.booking.length
  const deltaP95 = percentile(out.delta, 95)
  const bookingP95 = percentile(out.booking, 95)
  const directP95 = percentile(out.direct, 95)
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
    `direct p95 ${fmt(directP95)} ms`,
    bookingP95 / directP95,
    '< 200 ms',
    bookingP95 < 200
  )
  console.log(
    `  booking read medians: via the hub ${fmt(median(out.booking))} ms, the same read direct ` +
      `${fmt(median(out.direct))} ms (n=${out.booking.length} each)`
  )
  report(
    `${DESKS} desks' first round p95 (delta, booking)`,
    `${fmt(percentile(out.first.delta, 95), 0)}, ${fmt(percentile(out.first.booking, 95), 0)} ms`,
    `direct ${fmt(percentile(out.first.direct, 95), 0)} ms`,
    undefined,
    'one scrypt per token',
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
    `desks read ${bookingsRead}; ${proxy.seen.connections - before.connections} connections`,
    undefined,
    'passed on, live',
    undefined
  )
  const p = (values: number[]) =>
    `p50 ${fmt(median(values), 0)} / p95 ${fmt(percentile(values, 95), 0)} ms`
  console.log(
    `  the hub's own time (its log): delta page ${p(own.delta)}; booking read ${p(own.booking)}`
  )
  const loop = (l: LoopDelay) =>
    `p50 ${fmt(l.p50, 0)} / p99 ${fmt(l.p99, 0)} / max ${fmt(l.max, 0)}`
  console.log(
    `  event-loop delay, ms: hub ${loop(hubLoop)}; desks ${loop(out.loop)}; ` +
      `proxies ${loop(loopDelayOf(benchLoop))}`
  )
  const seconds = (Date.now() - from) / 1000
  const [was, is] = [partiesBefore, partiesAfter]
  const used: Record<string, Sched> = {
    hub: minus(is.hub, was.hub),
    PostgreSQL: [...is.postgres]
      .map(([pid, now]) => minus(now, was.postgres.get(pid) ?? now))
      .reduce(plus, NONE),
    sandbox: minus(is.sandbox, was.sandbox),
    proxies: minus(is.proxies, was.proxies),
    desks: out.sched
  }
  const ours = Object.values(used).reduce(plus, NONE).cpu
  const share = (s: number) => `${fmt((100 * s) / seconds, 0)} %`
  console.log(
    `  in those ${fmt(seconds, 0)} s, CPU used / time waiting for a core (100 % = one core, ` +
      `${sandbox.note}):`
  )
  console.log(
    `    ${Object.entries(used)
      .map(([who, t]) => `${who} ${share(t.cpu)} / ${share(t.wait)}`)
      .join(', ')}; other processes ${share(Math.max(0, is.machine - was.machine - ours))} ` +
      `(load average ${loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')})`
  )
}

/**
 * Part 2 at 10,000 listings: a hub process on PostgreSQL synced from the sandbox (in a worker
 * thread, so its serving does not delay this thread's timers) through a counting proxy; 50 desks
 * polling it from a process of their own, each booking read beside the same read made directly
 * against the service (measureDesks). A new desk's first sync is hub-first-sync.ts's.
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
  // The desks' baseline reads reach the service through a proxy of their own, the same hop.
  const direct = await countingProxy(sandbox.url)
  const logFile = join(dir, 'hub.log')
  const loopFile = join(dir, 'hub-loop.json')
  let hubProcess: ChildProcess | undefined
  try {
    await migrateHubDatabase(admin.db)
    const tokens: string[] = []
    for (let i = 1; i <= DESKS; i++) {
      await addUser(admin.db, `desk${i}`, 'viewer')
      tokens.push((await createToken(admin.db, `desk${i}`)).token)
    }
    const started = process.hrtime.bigint()
    // Syncing every 5 s, as a team runs it; its event loop recorded into loopFile.
    const hub = await serveHubProcess({
      databaseUrl,
      serviceUrl: proxy.url,
      logFile,
      syncEvery: '5s',
      preload: HUB_LOOP_PRELOAD,
      env: { STAYDESK_BENCH_HUB_LOOP_FILE: loopFile }
    })
    hubProcess = hub.child
    await firstSyncDone(admin)
    const firstSync = { ...proxy.seen }
    console.log(
      `  hub process: first sync and pack pass of ${listings} listings done in ${fmt(ms(started) / 1000, 1)} s ` +
        `(start-up included), ${firstSync.catalog} catalog requests to the service`
    )

    // Part 2: 50 desks for RUN_MS, each starting at its own point of the period.
    await measureDesks({
      hub: { ...hub, logFile, loopFile },
      proxy,
      direct,
      tokens,
      bookings: sandbox.demoBookingIds,
      postmaster: await postmasterPid(admin)
    })
  } finally {
    hubProcess?.kill('SIGTERM')
    if (hubProcess && hubProcess.exitCode === null) {
      await new Promise((resolve) => hubProcess!.once('exit', resolve))
    }
    for (const { server } of [proxy, direct]) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
    await admin.close()
  }
}
