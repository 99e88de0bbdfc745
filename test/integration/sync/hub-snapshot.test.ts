import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import { openMirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { syncResource } from '../../../src-main/sync/engine'
import { tempDir } from '../../helpers/sync-fixtures'

/**
 * A desk reading a team hub's snapshot trusts it no more than the service's pages: a record that
 * fails the schema is quarantined as from a page, and a body that ends without its closing
 * bracket (however cleanly the connection ends) or carries a line that is not JSON moves nothing
 * to the delta phase. The hub here is a loopback stand-in serving snapshot bodies written for
 * each case, made from the sandbox's real listings, and empty deltas.
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

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 30, seed: 5, today: '2026-11-23' })
    const direct = createApiClient({ baseUrl: sandbox.url, token: 'demo-token' })
    for await (const page of direct.pages('listings')) {
      lines.push(...page.raw.map((r) => r.toString('utf8')))
    }
    await direct.close()
    server = createServer((req, res) => {
      asked.push(req.url ?? '')
      if (req.url === '/hub/v1/test/snapshot/listings') {
        res.writeHead(200, {
          'content-type': 'application/json',
          'x-total-count': String(lines.length),
          ...(stamped && { 'x-staydesk-snapshot-at': String(TAKEN_AT) })
        })
        res.end(body)
      } else if (req.url?.startsWith('/test/v1/listings/delta/')) {
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

  const syncFrom = async (snapshotBody: string) => {
    body = snapshotBody
    const client: ApiClient = createApiClient({
      baseUrl: `${hubUrl}/test`,
      token: 'sdh_1_desk',
      via: 'hub',
      hub: { url: hubUrl, env: 'test' }
    })
    const mirror = await openMirror(join(tempDir('staydesk-snapshot-'), 'desk.sqlite'))
    try {
      const outcome = await syncResource('listings', client, mirror, { overlapSeconds: 120 }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error: error as Error })
      )
      return {
        outcome,
        cursor: mirror.sync.cursor('listings'),
        count: mirror.sync.counts().listings,
        quarantined: mirror.sync.quarantined()
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
})
