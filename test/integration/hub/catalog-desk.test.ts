import Database from 'better-sqlite3'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { execFile } from 'node:child_process'
import { createServer, request, type Server } from 'node:http'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Listing } from '@shared/api'
import { addDays } from '@shared/domain/dates'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/sync.schema'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { openMirror, type Mirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { syncAll } from '../../../src-main/sync/engine'
import { catalogRoutes } from '../../../src-hub/catalog/routes'
import { CATALOG_TABLES } from '../../../src-hub/catalog/tables'
import type { HubDb } from '../../../src-hub/db/connect'
import { createHubLog } from '../../../src-hub/log'
import { createHubApp, serveHub } from '../../../src-hub/server'
import { packCatalog } from '../../../src-hub/sync/pack'
import { runHubSync } from '../../../src-hub/sync/scheduler'
import { createToken } from '../../../src-hub/tokens'
import { createUpstream, type Upstream } from '../../../src-hub/upstream'
import { addUser } from '../../../src-hub/users'
import { postgresBin } from '../../helpers/postgres'
import { expectMirrorEqualsService, tempDir } from '../../helpers/sync-fixtures'
import { HUB_DATABASES, openMigrated, useHubPlaces, type HubPlace } from './fixture'

/**
 * The desktop's own sync (src-main/sync, into a real SQLite mirror) run once against the
 * sandbox directly and once against the hub synced from that same sandbox: the two mirrors end
 * identical, row by row, after the full sync and again after the sandbox churns and both sync a
 * delta; a desk that knows it is on a team hub reads the hub's snapshots for its full sync and
 * ends identical too, also after a snapshot cut mid-way, and walks the pages of a hub without
 * snapshots (an older one). Calendars and rates come in the snapshot packed as the mirror stores
 * them, listings with their JSON and pricing deflated (packed on the fly, or by the hub's pack
 * pass): the mirror's rows are compared byte for byte, also for records whose days and nights the
 * arrays cannot hold (extra, exact). The hub's service token is a canary that must appear in no
 * log line, no answer and no byte of its database.
 */

const TODAY = '2026-11-23'
const LISTINGS = 450 // three pages of each resource: the Link chain is followed
const CANARY = 'canary-service-token-7Qz9vX2'

const places = useHubPlaces()

/** Every record of both mirrors, compared id by id (the sandbox's ids are the whole set). */
function expectMirrorsIdentical(a: Mirror, b: Mirror, ids: readonly number[]): void {
  expect(b.sync.counts()).toMatchObject({
    listings: a.sync.counts().listings,
    availability: a.sync.counts().availability,
    rates: a.sync.counts().rates
  })
  for (const id of ids) {
    expect(b.listings.get(id), `listing ${id}`).toEqual(a.listings.get(id))
    expect(b.calendars.availability(id), `availability ${id}`).toEqual(a.calendars.availability(id))
    expect(b.calendars.rates(id), `rates ${id}`).toEqual(a.calendars.rates(id))
  }
}

/**
 * Every row of the mirror's catalog tables and its sync cursors, as stored (BLOBs as bytes),
 * without the times of this desk's own reading.
 */
function mirrorRows(mirror: { file: string }): Record<string, unknown[]> {
  const db = new Database(mirror.file, { readonly: true, fileMustExist: true })
  try {
    const rows = (sql: string) =>
      (db.prepare(sql).all() as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(Object.entries(row).filter(([k]) => !/seen|_at$/.test(k)))
      )
    return {
      listings: rows('SELECT * FROM listings ORDER BY id'),
      availability: rows('SELECT * FROM availability ORDER BY listing_id'),
      rates: rows('SELECT * FROM rates ORDER BY listing_id')
    }
  } finally {
    db.close()
  }
}

function expectSameRows(a: { file: string }, b: { file: string }): void {
  const [left, right] = [mirrorRows(a), mirrorRows(b)]
  for (const table of Object.keys(left)) {
    expect(right[table].length, table).toBe(left[table].length)
    expect(right[table], table).toEqual(left[table])
  }
}

/** The snapshot path a desk asks for: every resource packed. */
const snapshotPath = (r: string) => `/hub/v1/test/snapshot/${r}?form=packed`

interface HubProxy {
  url: string
  server: Server
  cut?: number
  oldHub?: boolean
  paths: string[]
  /** Each snapshot's X-StayDesk-Snapshot-Form answer, by path. */
  forms: Record<string, string | undefined>
}

/**
 * A loopback proxy in front of the hub, passing requests on byte for byte (Host included, so the
 * hub's links name the proxy); `cut` makes it drop the connection of a snapshot of availability
 * after that many bytes of its body, `oldHub` answers every snapshot as a hub without them does.
 */
async function hubProxy(hubPort: number): Promise<HubProxy> {
  const proxy: HubProxy = {
    url: '',
    forms: {},
    server: createServer((req, res) => {
      const path = req.url ?? '/'
      proxy.paths.push(path)
      if (proxy.oldHub && path.includes('/snapshot/')) {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ message: `No such hub endpoint: GET ${path}` }))
        return
      }
      const out = request(
        { host: '127.0.0.1', port: hubPort, path, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          if (path.includes('/snapshot/')) {
            proxy.forms[path] = answer.headers['x-staydesk-snapshot-form'] as string | undefined
          }
          const cut = path.includes('/snapshot/availability') ? proxy.cut : undefined
          if (cut === undefined) return void answer.pipe(res)
          let sent = 0
          answer.on('data', (chunk: Buffer) => {
            if (sent + chunk.length >= cut) {
              res.write(chunk.subarray(0, cut - sent))
              answer.destroy()
              res.socket?.destroy()
              return
            }
            sent += chunk.length
            res.write(chunk)
          })
          answer.on('end', () => res.end())
        }
      )
      out.on('error', () => res.destroy())
      req.pipe(out)
    }),
    paths: []
  }
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(proxy.server.address() as { port: number }).port}`
  return proxy
}

/** Waits until the wall clock has passed into the next second (delta timestamps are seconds). */
async function nextSecond(): Promise<number> {
  const second = Math.floor(Date.now() / 1000)
  while (Math.floor(Date.now() / 1000) === second) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return second + 1
}

describe.each(HUB_DATABASES)('a desk synced from the hub (%s)', (kind) => {
  let sandbox: SandboxHandle
  let place: HubPlace
  let hub: HubDb
  let upstream: Upstream
  let base: string
  let port: number
  let close: () => Promise<void>
  let direct: ApiClient
  let viaHub: ApiClient
  let fromService: Mirror
  let fromHub: Mirror
  let token: string
  const lines: string[] = []
  const answers: string[] = []

  beforeAll(async () => {
    sandbox = await startSandbox({
      listings: LISTINGS,
      seed: 3,
      today: TODAY,
      callers: [{ token: CANARY, channel: 'DEMO', merchantOfRecord: 'service' }]
    })
    place = await places.place(kind)
    hub = await openMigrated(place)
    await addUser(hub.db, 'vera', 'viewer')
    token = (await createToken(hub.db, 'vera')).token
    upstream = createUpstream('test', { baseUrl: sandbox.url, token: CANARY, salesChannel: 'DEMO' })
    const log = createHubLog({ destination: { write: (line) => lines.push(line) } })
    const app = createHubApp({ db: hub.db, kind: hub.kind, log, upstreams: { test: upstream } }, [
      catalogRoutes()
    ])
    const served = await serveHub(app, { port: 0, host: '127.0.0.1' })
    port = served.port
    base = `http://127.0.0.1:${port}`
    close = served.close
    direct = createApiClient({ baseUrl: sandbox.url, token: CANARY, salesChannel: 'DEMO' })
    viaHub = createApiClient({ baseUrl: `${base}/test`, token, salesChannel: 'DEMO' })
    const dir = tempDir('staydesk-hub-desk-')
    fromService = await openMirror(join(dir, 'service.sqlite'))
    fromHub = await openMirror(join(dir, 'hub.sqlite'))
  })
  afterAll(async () => {
    await fromService?.close()
    await fromHub?.close()
    await direct?.close()
    await viaHub?.close()
    await upstream?.client.close()
    await close?.()
    await hub?.close()
    await sandbox?.close()
  })

  /** How many of the hub's rows of a resource have no packed line. */
  const unpacked = async (resource: SyncResourceName) => {
    const table = CATALOG_TABLES[resource]
    const row = await hub.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('packed', 'is', null)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** A GET to the hub as vera; every answer (headers and body) is kept for the canary scan. */
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } })
    const text = await res.text()
    answers.push(JSON.stringify([...res.headers]), text)
    return { status: res.status, headers: res.headers, text }
  }

  it('a full sync from the hub leaves the same mirror as one from the service', async () => {
    const run = await runHubSync(hub, upstream)
    expect(run).not.toBe('busy')
    if (run === 'busy') return
    expect(run.errors).toEqual([])
    expect(run.results.map((r) => [r.resource, r.mode, r.records, r.pages])).toEqual(
      SYNC_RESOURCES.map((r) => [r, 'full+delta', LISTINGS, 3 + 1])
    )

    const service = await syncAll(direct, fromService)
    const desk = await syncAll(viaHub, fromHub)
    expect(service.errors).toEqual([])
    expect(desk.errors).toEqual([])
    expect(desk.results.map((r) => [r.resource, r.mode])).toEqual(
      expect.arrayContaining(SYNC_RESOURCES.map((r) => [r, 'full+delta']))
    )
    expectMirrorsIdentical(fromService, fromHub, sandbox.store.listingIds())
    await expectMirrorEqualsService(fromHub, direct)
  })

  /** A new desk on a team hub profile: its client knows the hub, so it may read snapshots. */
  const deskOnHub = (url: string) =>
    createApiClient({
      baseUrl: `${url}/test`,
      token,
      salesChannel: 'DEMO',
      via: 'hub',
      hub: { url, env: 'test' }
    })
  type Desk = { proxy: Awaited<ReturnType<typeof hubProxy>>; client: ApiClient; mirror: Mirror }
  /** A new desk with its own mirror, behind its own proxy to the hub; all closed after `run`. */
  const withNewDesk = async (run: (desk: Desk) => Promise<void>) => {
    const proxy = await hubProxy(port)
    const client = deskOnHub(proxy.url)
    const mirror = await openMirror(join(tempDir('staydesk-hub-snap-'), 'desk.sqlite'))
    try {
      await run({ proxy, client, mirror })
    } finally {
      await client.close()
      await mirror.close()
      proxy.server.closeAllConnections()
      proxy.server.close()
    }
  }

  it('a desk on a team hub reads the snapshots for its full sync and ends with the same mirror and cursors', async () => {
    await withNewDesk(async ({ proxy, client, mirror }) => {
      const before = Math.floor(Date.now() / 1000)
      const desk = await syncAll(client, mirror)
      expect(desk.errors).toEqual([])
      expect(desk.results.map((r) => [r.resource, r.mode])).toEqual(
        expect.arrayContaining(SYNC_RESOURCES.map((r) => [r, 'full+delta']))
      )
      // One snapshot per resource and no full page: only the deltas after it walk pages.
      for (const r of SYNC_RESOURCES) {
        expect(proxy.paths).toContain(snapshotPath(r))
        expect(
          proxy.paths.filter((p) => p.startsWith(`/test/v1/${r}`) && !p.includes('/delta/'))
        ).toEqual([])
      }
      // Every resource came packed (here on the fly: the pack pass has not run).
      expect(proxy.forms).toEqual({
        [snapshotPath('listings')]: 'packed',
        [snapshotPath('availability')]: 'packed',
        [snapshotPath('rates')]: 'packed'
      })
      expectMirrorsIdentical(fromService, mirror, sandbox.store.listingIds())
      expectSameRows(fromService, mirror)
      expect(mirror.sync.quarantined()).toEqual([])
      // The cursor as a page walk leaves it: deltas since the hub's time at the start minus the
      // overlap, the whole walk's pages and records counted, no link, no error.
      for (const r of SYNC_RESOURCES) {
        const cursor = mirror.sync.cursor(r)!
        const walked = fromHub.sync.cursor(r)!
        expect(cursor).toMatchObject({
          phase: 'delta',
          nextUrl: null,
          lastError: null,
          pagesDone: walked.pagesDone,
          recordsDone: walked.recordsDone
        })
        expect(cursor.deltaSince).toBeGreaterThanOrEqual(before - 120)
        expect(cursor.deltaSince).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 120)
      }
    })
  })

  it('a snapshot cut mid-way claims nothing complete, and the next sync starts it again', async () => {
    await withNewDesk(async ({ proxy, client, mirror }) => {
      proxy.cut = 500_000 // a few calendars in, of about 30 MB
      const cut = await syncAll(client, mirror)
      expect(cut.errors.map((e) => e.resource)).toEqual(['availability'])
      const cursor = mirror.sync.cursor('availability')!
      expect(cursor.phase).toBe('full')
      expect(cursor.nextUrl ?? null).toBeNull()
      expect(cursor.deltaSince).toBeUndefined()
      expect(cursor.lastError?.code).toBeDefined()
      expect(mirror.sync.counts().availability).toBeLessThan(LISTINGS)

      proxy.cut = undefined
      const again = await syncAll(client, mirror)
      expect(again.errors).toEqual([])
      expect(proxy.paths.filter((p) => p === snapshotPath('availability'))).toHaveLength(2)
      expect(mirror.sync.cursor('availability')).toMatchObject({ phase: 'delta', lastError: null })
      expectMirrorsIdentical(fromService, mirror, sandbox.store.listingIds())
      expectSameRows(fromService, mirror)
    })
  })

  it('a hub without snapshots (404) gets the page walk, and the same mirror', async () => {
    await withNewDesk(async ({ proxy, client, mirror }) => {
      proxy.oldHub = true
      const desk = await syncAll(client, mirror)
      expect(desk.errors).toEqual([])
      for (const r of SYNC_RESOURCES) {
        expect(proxy.paths).toContain(snapshotPath(r))
        expect(proxy.paths).toContain(`/test/v1/${r}/2`)
      }
      expectMirrorsIdentical(fromService, mirror, sandbox.store.listingIds())
    })
  })

  it('after the service churns, a hub delta and a desk delta from the hub match a desk delta from the service', async () => {
    // Every record packed; the sync's rewrite of a body unpacks it (a listing's by 0006's trigger).
    expect((await packCatalog(hub.db, 'test')).packed).toBe(3 * LISTINGS)
    const before = await nextSecond()
    for (let i = 0; i < 5; i++) sandbox.churnNow()
    const run = await runHubSync(hub, upstream)
    if (run === 'busy') throw new Error('busy')
    expect(run.errors).toEqual([])
    for (const r of run.results) expect(r.mode).toBe('delta')
    const changed = run.results.reduce((n, r) => n + r.changed, 0)
    expect(changed).toBeGreaterThan(0)
    for (const r of run.results) {
      expect(await unpacked(r.resource), r.resource).toBe(r.changed)
    }
    expect((await packCatalog(hub.db, 'test')).packed).toBe(changed)

    // The hub's delta since just before its own delta sync holds exactly what changed in it.
    for (const r of run.results) {
      const delta = await get(`/test/v1/${r.resource}/delta/${before}`)
      expect(delta.status).toBe(200)
      expect((JSON.parse(delta.text) as unknown[]).length, r.resource).toBe(r.changed)
    }

    const service = await syncAll(direct, fromService)
    const desk = await syncAll(viaHub, fromHub)
    expect(service.errors).toEqual([])
    expect(desk.errors).toEqual([])
    for (const r of desk.results) expect(r.mode).toBe('delta')
    expectMirrorsIdentical(fromService, fromHub, sandbox.store.listingIds())
    await expectMirrorEqualsService(fromHub, direct)
  })

  it('an unchanged re-read changes nothing: the next hub delta writes nothing and desks get an empty delta', async () => {
    const since = await nextSecond()
    // The watermark's overlap makes this run read again what the last one read.
    const run = await runHubSync(hub, upstream)
    if (run === 'busy') throw new Error('busy')
    expect(run.errors).toEqual([])
    expect(run.results.map((r) => r.records).reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
    expect(run.results.map((r) => [r.resource, r.changed])).toEqual(
      SYNC_RESOURCES.map((r) => [r, 0])
    )
    for (const resource of SYNC_RESOURCES) {
      const delta = await get(`/test/v1/${resource}/delta/${since}`)
      expect(delta).toMatchObject({ status: 200, text: '[]' })
      expect(delta.headers.get('content-type')).toMatch(/^application\/json/)
    }
  })

  it('serves pages as the service does: 200 a page by listing id, a Link on its own address, the total', async () => {
    const first = await get('/test/v1/listings')
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/^application\/json/)
    expect(first.headers.get('link')).toBe(`<${base}/test/v1/listings/1>; rel="next"`)
    expect(first.headers.get('x-total-count')).toBe(String(LISTINGS))
    const ids = (JSON.parse(first.text) as { id: number }[]).map((l) => l.id)
    expect(ids).toEqual(sandbox.store.listingIds().slice(0, 200))
    const zero = await get('/test/v1/listings/0')
    expect(zero.headers.get('x-total-count')).toBe(String(LISTINGS))
    const last = await get('/test/v1/rates/2')
    expect(last.headers.get('link')).toBeNull()
    expect(JSON.parse(last.text)).toHaveLength(LISTINGS - 400)
    const id = sandbox.store.listingIds()[7]
    const [listing] = JSON.parse((await get(`/test/v1/listing/${id}`)).text) as unknown[]
    expect(Listing.parse(listing)).toEqual(await direct.listing(id))
    expect(JSON.parse((await get(`/test/v1/availability/listing/${id}`)).text)).toEqual({
      list: [sandbox.store.availability(id)]
    })
    expect(await get('/test/v1/listings/x')).toMatchObject({
      status: 400,
      text: JSON.stringify({ message: 'pageNumber: must be a whole number from 0' })
    })
    expect(await get('/production/v1/listings')).toMatchObject({
      status: 404,
      text: JSON.stringify({ message: 'This hub has no production service configured' })
    })
  })

  it('passes the period search on to the service', async () => {
    const res = await get('/test/v1/availability/listings/2027-02-10/2027-02-17')
    expect(res.status).toBe(200)
    const listings = JSON.parse(res.text) as { id: number }[]
    expect(listings.map((l) => l.id)).toEqual(
      (await direct.availableInPeriod('2027-02-10', '2027-02-17')).map((l) => l.id)
    )
  })

  it('never lets the service token out: not in its log, its answers or its database', async () => {
    await get('/test/v1/listing/999999999') // asked of the service, which answers 404
    expect(lines.length).toBeGreaterThan(0)
    expect(answers.length).toBeGreaterThan(0)
    for (const line of [...lines, ...answers]) expect(line).not.toContain(CANARY)
    if (place.dataDir) {
      const files = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]
        )
      const all = files(place.dataDir)
      expect(all.length).toBeGreaterThan(0)
      for (const file of all) {
        if (statSync(file).size > 0) expect(readFileSync(file).includes(CANARY), file).toBe(false)
      }
    } else {
      const { stdout } = await promisify(execFile)(
        postgresBin('pg_dump'),
        ['--dbname', place.databaseUrl!],
        { maxBuffer: 1 << 30 }
      )
      expect(stdout).toContain('hub_listing')
      expect(stdout).not.toContain(CANARY)
    }
  })

  it('records whose days and nights the arrays cannot hold (extra, exact), and listings not in the JSON a desk stores, reach a desk by packed snapshot byte for byte, packed on the fly and by the pack pass', async () => {
    // Three desks synced in turn, one from the hub's pages: about 14 s alone, several times that
    // on a machine busy with other suites, hence the longer timeout.
    // The sandbox never makes them: written into the hub as a service could send them. The desk
    // they are compared with walks the hub's pages, so reads these very bodies as records.
    const [a, b] = sandbox.store.listingIds().slice(10, 12)
    for (const id of [a, b]) {
      const availability = { ...sandbox.store.availability(id)!.availability }
      const first = Object.keys(availability)[3]
      availability[first] = { ...availability[first], maxStay: 2 ** 40 }
      availability[addDays(TODAY, 1600)] = { ...availability[first], minStay: 2, maxStay: 9 }
      const rates = sandbox.store.rates(id)!
      const nights = Object.keys(rates.rate)
      const rate = { ...rates.rate, [nights[5]]: 99.999, [addDays(TODAY, 1700)]: 120 }
      await sql`UPDATE hub_availability SET body = ${JSON.stringify({ listingId: id, availability })},
        packed = NULL WHERE env = 'test' AND listing_id = ${id}`.execute(hub.db)
      await sql`UPDATE hub_rate SET body = ${JSON.stringify({ ...rates, rate })}, packed = NULL
        WHERE env = 'test' AND listing_id = ${id}`.execute(hub.db)
      // A listing whose body is not the JSON a desk stores (keys in another order, a key the
      // schema drops): its packed line carries the schema's JSON, and 0006's trigger unpacks it.
      const listing = Object.entries(sandbox.store.listing(id)!).reverse()
      const body = JSON.stringify(Object.fromEntries([['legacyNote', 'x'], ...listing]))
      await sql`UPDATE hub_listing SET body = ${body} WHERE env = 'test' AND listing_id = ${id}`.execute(
        hub.db
      )
    }
    expect(await unpacked('listings')).toBe(2)
    const synced: { file: string }[] = []
    const keep = async (oldHub: boolean) =>
      withNewDesk(async ({ proxy, client, mirror }) => {
        proxy.oldHub = oldHub
        const desk = await syncAll(client, mirror)
        expect(desk.errors).toEqual([])
        expect(mirror.sync.quarantined()).toEqual([])
        for (const r of SYNC_RESOURCES)
          expect(proxy.forms[snapshotPath(r)], r).toBe(oldHub ? undefined : 'packed')
        synced.push({ file: mirror.file })
      })
    await keep(true)
    await keep(false) // packed on the fly
    expect((await packCatalog(hub.db, 'test')).packed).toBe(6)
    for (const r of SYNC_RESOURCES) expect(await unpacked(r), r).toBe(0)
    await keep(false) // the pack pass's lines
    const [walked, onTheFly, passed] = synced
    const rows = mirrorRows(walked) as Record<string, { listing_id: number }[]>
    for (const id of [a, b]) {
      const calendar = rows.availability.find((r) => r.listing_id === id) as { extra?: unknown }
      const prices = rows.rates.find((r) => r.listing_id === id) as { exact?: unknown }
      expect(calendar?.extra, `extra of ${id}`).toEqual(expect.any(String))
      expect(prices?.exact, `exact of ${id}`).toEqual(expect.any(String))
    }
    expectSameRows(walked, onTheFly)
    expectSameRows(walked, passed)
  }, 180_000)
})
