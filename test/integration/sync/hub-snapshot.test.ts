import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { deflateRawSync } from 'node:zlib'
import { Listing } from '@shared/api'
import { packedLine } from '@shared/calendar/packed-lines'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { openMirror } from '../../../src-main/db'
import { listingLine } from '../../../src-main/api/snapshot'
import { packJson, unpackJson } from '../../../src-main/db/listing-json'
import { pricingSubset } from '../../../src-main/db/listing-pricing'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { syncResource } from '../../../src-main/sync/engine'
import { tempDir } from '../../helpers/sync-fixtures'

/**
 * A desk reading a team hub's snapshot trusts it no more than the service's pages: a record that
 * fails the schema is quarantined as from a page, and a body that ends without its closing
 * bracket (however cleanly the connection ends) or carries a line that is not JSON moves nothing
 * to the delta phase. Calendars and rates asked packed are checked line by line: each kind of
 * malformed packed line is quarantined with its own path and code and nothing of it written, and
 * an older hub that ignores the question (no X-StayDesk-Snapshot-Form) is read as records. A
 * packed listing line's deflated JSON is stored only where it inflates to exactly the JSON this
 * desk stores; else the desk deflates it itself, and only a listing that fails the schema (or a
 * line without one) is quarantined. The
 * hub here is a loopback stand-in serving snapshot bodies written for each case, made from the
 * sandbox's real records, and empty deltas.
 */

const TAKEN_AT = 1_795_000_000

describe('a desk reading a team hub snapshot', () => {
  let sandbox: SandboxHandle
  let server: Server
  let hubUrl: string
  const lines: string[] = []
  let body = ''
  let stamped = true
  const asked: string[] = []
  /** Per calendar/rates snapshot: its body, and whether it says it is packed. */
  const served: Record<string, { body: string; packed: boolean }> = {}

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 30, seed: 5, today: '2026-11-23' })
    const direct = createApiClient({ baseUrl: sandbox.url, token: 'demo-token' })
    for await (const page of direct.pages('listings')) {
      lines.push(...page.raw.map((r) => r.toString('utf8')))
    }
    await direct.close()
    server = createServer((req, res) => {
      asked.push(req.url ?? '')
      if (req.url === '/hub/v1/test/snapshot/listings?form=packed' && !served[req.url]) {
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-total-count': String(lines.length),
          ...(stamped && { 'x-staydesk-snapshot-at': String(TAKEN_AT) })
        })
        res.end(body)
      } else if (req.url && served[req.url]) {
        const { body: text, packed } = served[req.url]
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-staydesk-snapshot-at': String(TAKEN_AT),
          ...(packed && { 'x-staydesk-snapshot-form': 'packed' })
        })
        res.end(text)
      } else if (/^\/test\/v1\/(listings|availability|rates)\/delta\//.test(req.url ?? '')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('[]')
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no"}')
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    hubUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(async () => {
    server?.closeAllConnections()
    server?.close()
    await sandbox?.close()
  })

  const held = (mirror: Awaited<ReturnType<typeof openMirror>>) => {
    const ids = sandbox.store.listingIds()
    const calendars = new Map(ids.map((id) => [id, mirror.calendars.availability(id)]))
    const rates = new Map(ids.map((id) => [id, mirror.calendars.rates(id)]))
    return { calendar: (id: number) => calendars.get(id), rates: (id: number) => rates.get(id) }
  }

  const syncFrom = async (
    snapshotBody: string,
    resource: 'listings' | 'availability' | 'rates' = 'listings'
  ) => {
    body = snapshotBody
    const client: ApiClient = createApiClient({
      baseUrl: `${hubUrl}/test`,
      token: 'sdh_1_desk',
      via: 'hub',
      hub: { url: hubUrl, env: 'test' }
    })
    const mirror = await openMirror(join(tempDir('staydesk-snapshot-'), 'desk.sqlite'))
    try {
      const outcome = await syncResource(resource, client, mirror, { overlapSeconds: 120 }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error: error as Error })
      )
      return {
        outcome,
        cursor: mirror.sync.cursor(resource),
        count: mirror.sync.counts()[resource],
        quarantined: mirror.sync.quarantined(),
        file: mirror.file,
        // Read before the mirror closes: what it holds of each of the sandbox's listings.
        ...held(mirror)
      }
    } finally {
      await client.close()
      await mirror.close()
    }
  }

  it('quarantines a record that fails the schema, keeps the rest, and continues deltas from the hub time', async () => {
    const broken = JSON.stringify({ ...JSON.parse(lines[3]), id: 'not-a-number' })
    const all = [...lines.slice(0, 3), broken, ...lines.slice(4)]
    const run = await syncFrom(`[\n${all.join(',\n')}\n]\n`)
    expect(run.outcome).toMatchObject({ result: { mode: 'full+delta', quarantined: 1 } })
    expect(run.count).toBe(lines.length - 1)
    expect(run.quarantined).toHaveLength(1)
    expect(run.quarantined[0]).toMatchObject({ resource: 'listings', path: 'id' })
    // The catch-up delta is asked from the snapshot's time minus the overlap, as from a walk's
    // first page; the cursor is then where that delta left it.
    expect(asked).toContain(`/test/v1/listings/delta/${TAKEN_AT - 120}`)
    expect(run.cursor).toMatchObject({ phase: 'delta', nextUrl: null, lastError: null })
  })

  it('a body that ends without its closing bracket fails and leaves the full phase', async () => {
    const run = await syncFrom(`[\n${lines.join(',\n')}\n`)
    expect(run.outcome).toMatchObject({ error: { code: 'bad-response' } })
    expect((run.outcome as { error: Error }).error.message).toContain(
      "The team hub's snapshot ended before its last record."
    )
    // Every record of this small snapshot waits for the end in its one page: none is written.
    expect(run.count).toBe(0)
    expect(run.cursor?.phase).toBe('full')
    expect(run.cursor?.nextUrl ?? null).toBeNull()
    expect(run.cursor?.deltaSince).toBeUndefined()
  })

  it('a snapshot that does not say when it was taken is refused: deltas would not know where to start', async () => {
    stamped = false
    const run = await syncFrom(`[\n${lines.join(',\n')}\n]\n`).finally(() => (stamped = true))
    expect(run.outcome).toMatchObject({ error: { code: 'bad-response' } })
    expect((run.outcome as { error: Error }).error.message).toContain(
      "The team hub's snapshot did not say when it was taken."
    )
    expect(run.count).toBe(0)
    expect(run.cursor?.phase).toBe('full')
  })

  it('a line that is not JSON fails as a page that is not JSON does', async () => {
    const run = await syncFrom(`[\n${lines[0]},\n{"id": 1,,\n${lines[1]}\n]\n`)
    expect(run.outcome).toMatchObject({ error: { code: 'bad-response' } })
    expect((run.outcome as { error: Error }).error.message).toContain('It was not JSON.')
    expect(run.cursor?.phase).toBe('full')
  })

  const packedUrl = (resource: string) => `/hub/v1/test/snapshot/${resource}?form=packed`
  const list = (items: string[]) => `[\n${items.join(',\n')}\n]\n`

  it('quarantines each kind of malformed packed calendar with its path and code, and writes the rest', async () => {
    const ids = sandbox.store.listingIds()
    const line = (id: number) =>
      JSON.parse(
        packedLine('availability', JSON.stringify(sandbox.store.availability(id)))!
      ) as Record<string, unknown>
    const broken: [Record<string, unknown>, string, string][] = [
      [{ ...line(ids[1]), flags: 'not base64!' }, 'flags', 'invalid_base64'],
      [{ ...line(ids[2]), stayWidth: 3 }, 'stayWidth', 'invalid_value'],
      [{ ...line(ids[3]), stayWidth: 4 }, 'minStay', 'invalid_length'],
      [{ ...line(ids[4]), baseDay: 99_999_999 }, 'baseDay', 'out_of_range'],
      [{ ...line(ids[5]), flags: btoa('\x41') }, 'minStay', 'invalid_length'],
      [
        { ...line(ids[6]), extra: { '2026-11-24': { available: true } } },
        'extra.2026-11-24',
        'invalid_type'
      ],
      [{ ...line(ids[7]), checkedBy: 'hub' }, 'checkedBy', 'unrecognized_keys'],
      [{ listingId: ids[8] }, 'baseDay', 'missing']
    ]
    const items = [
      JSON.stringify(line(ids[0])),
      ...broken.map(([item]) => JSON.stringify(item)),
      // A record the hub could not pack goes as the record, and is checked as one.
      JSON.stringify(sandbox.store.availability(ids[9])),
      JSON.stringify({ listingId: ids[10], availability: { '2026-11-24': { available: 'yes' } } })
    ]
    served[packedUrl('availability')] = { body: list(items), packed: true }
    const run = await syncFrom('', 'availability')
    expect(run.outcome).toMatchObject({ result: { mode: 'full+delta', quarantined: 9 } })
    expect(run.count).toBe(2)
    expect(run.calendar(ids[0])).toEqual(sandbox.store.availability(ids[0]))
    expect(run.calendar(ids[9])).toEqual(sandbox.store.availability(ids[9]))
    const reasons = run.quarantined.map((q) => [q.resource, q.recordId, q.path, q.code])
    expect(reasons).toEqual(
      expect.arrayContaining([
        ...broken.map(([item, path, code]) => ['availability', String(item.listingId), path, code]),
        ['availability', String(ids[10]), 'availability.2026-11-24.available', 'invalid_type']
      ])
    )
    expect(reasons).toHaveLength(9)
    // Nothing of a rejected line is written.
    for (const [item] of broken) expect(run.calendar(item.listingId as number)).toBeUndefined()
  })

  it('quarantines a packed rate record whose rules or nights are wrong', async () => {
    const ids = sandbox.store.listingIds()
    const line = (id: number) =>
      JSON.parse(packedLine('rates', JSON.stringify(sandbox.store.rates(id)))!) as Record<
        string,
        unknown
      >
    const items = [
      line(ids[0]),
      { ...line(ids[1]), rules: { securityDeposit: 'a lot' } },
      { ...line(ids[2]), prices: btoa('\x00\x00\x00') },
      { ...line(ids[3]), exact: { '2020-01-01': 10 } }
    ].map((item) => JSON.stringify(item))
    served[packedUrl('rates')] = { body: list(items), packed: true }
    const run = await syncFrom('', 'rates')
    expect(run.count).toBe(1)
    expect(run.rates(ids[0])).toEqual(sandbox.store.rates(ids[0]))
    expect(run.quarantined.map((q) => [q.recordId, q.path, q.code])).toEqual(
      expect.arrayContaining([
        [String(ids[1]), 'rules.securityDeposit', 'invalid_union'],
        [String(ids[2]), 'prices', 'invalid_length'],
        [String(ids[3]), 'exact.2020-01-01', 'out_of_range']
      ])
    )
  })

  it("an older hub's records, sent without the packed form's header, are read as records", async () => {
    const ids = sandbox.store.listingIds().slice(0, 5)
    const records = ids.map((id) => JSON.stringify(sandbox.store.rates(id)))
    served[packedUrl('rates')] = { body: list(records), packed: false }
    const run = await syncFrom('', 'rates')
    expect(run.outcome).toMatchObject({ result: { mode: 'full+delta', quarantined: 0 } })
    expect(run.count).toBe(ids.length)
    for (const id of ids) expect(run.rates(id)).toEqual(sandbox.store.rates(id))
  })

  it("stores a packed listing line's deflated JSON only where it is the desk's own; else deflates it again, and quarantines what it cannot read", async () => {
    const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    const id = (i: number) => Number(records[i].id)
    const line = (i: number) => JSON.parse(listingLine(lines[i])!) as Record<string, unknown>
    const canonical = (i: number) => unpackJson(Buffer.from(line(i).deflated as string, 'base64'))
    const b64 = (bytes: Buffer) => bytes.toString('base64')
    // Another deflate of the same JSON (level 1): valid, but not the bytes this desk makes.
    const otherDeflate = deflateRawSync(canonical(0), { level: 1 })
    expect(otherDeflate.equals(packJson(canonical(0)))).toBe(false)
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(records[1]).reverse()))
    const items = [
      { ...line(0), deflated: b64(otherDeflate) },
      // JSON not in the desk's own form (keys reversed), its own deflate: deflated again.
      { ...line(1), deflated: b64(packJson(reordered)) },
      { ...line(2), pricing: line(3).pricing },
      { ...line(3), pricing: 'not base64 at all!' },
      { ...line(4), deflated: line(5).deflated },
      { ...line(5), deflated: b64(Buffer.from('not a deflate')) },
      // More than any listing: not inflated past the cap.
      { ...line(6), deflated: b64(packJson(' '.repeat(17 * 1024 * 1024))) },
      { ...line(7), deflated: b64(packJson(JSON.stringify({ ...records[7], id: 'x' }))) },
      { ...line(8), deflated: 8 },
      { ...line(9), deflated: b64(packJson('{"id": 1,')) },
      // A record the hub could not pack goes as the record, and is checked as one.
      records[10]
    ].map((item) => JSON.stringify(item))
    served[packedUrl('listings')] = { body: list(items), packed: true }
    const run = await syncFrom('').finally(() => delete served[packedUrl('listings')])
    expect(run.outcome).toMatchObject({ result: { mode: 'full+delta', quarantined: 6 } })
    expect(run.count).toBe(5)
    expect(run.quarantined.map((q) => [q.recordId, q.path, q.code]).sort()).toEqual(
      [
        [String(id(4)), 'listingId', 'invalid_value'],
        [String(id(5)), 'deflated', 'invalid_deflate'],
        [String(id(6)), 'deflated', 'invalid_deflate'],
        ['x', 'id', 'invalid_union'],
        [String(id(8)), 'deflated', 'invalid_type'],
        [String(id(9)), 'deflated', 'invalid_json']
      ].sort()
    )

    const db = new Database(run.file, { readonly: true })
    try {
      const row = (i: number) =>
        db.prepare('SELECT json, pricing FROM listings WHERE id = ?').get(id(i)) as
          { json: Buffer; pricing: Buffer } | undefined
      // The hub's bytes, inflating to the desk's own JSON, are what is stored.
      expect(row(0)!.json.equals(otherDeflate)).toBe(true)
      // Every other listing is stored as a desk synced from the service stores it.
      for (const i of [1, 2, 3, 10]) {
        const json = JSON.stringify(Listing.parse(records[i]))
        expect(row(i)!.json.equals(packJson(json)), `json of line ${i}`).toBe(true)
        const pricing = JSON.stringify(pricingSubset(JSON.parse(json) as Listing))
        expect(row(i)!.pricing.equals(packJson(pricing)), `pricing of line ${i}`).toBe(true)
      }
      // Nothing of a rejected line is written.
      for (const i of [4, 5, 6, 7, 8, 9]) expect(row(i), `line ${i}`).toBeUndefined()
    } finally {
      db.close()
    }
  })
})
