import type { Context, MiddlewareHandler } from 'hono'
import { sql, type Kysely } from 'kysely'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { ApiError, type ApiClient } from '../../src-main/api'
import type { HubDatabase } from '../db/schema'
import { HubInputError } from '../errors'
import { requireRole, type HubEnv, type HubRoutes } from '../server'
import { publicOrigin } from './public-origin'
import { registerSnapshotRoutes } from './snapshot'
import { CATALOG_ACTION, CATALOG_TABLES, PAGE_SIZE } from './tables'
import { upstreamFailure } from './upstream-failure'

/**
 * The synced catalog served to desks as the service serves it (spec: Pagination rules,
 * Listings, Availability, Rates), under `/<env>/v1`: full pages ordered by listing id, 200 a
 * page, each with `X-Total-Count` and, while more exist, `Link: <…>; rel="next"` on the hub's
 * own address; delta pages of the records whose hub `changed_at` is at or after the Unix
 * timestamp asked (an empty array when nothing changed); one listing's record. A record the hub
 * does not hold yet, and the period search, are asked of the service (GET, retried as the
 * desktop's client retries). Every route needs a viewer or more.
 */

const MAX_PAGE = 1_000_000

function pageNumber(text: string | undefined): number {
  if (text === undefined) return 0
  if (!/^\d{1,7}$/.test(text) || Number(text) > MAX_PAGE) {
    throw new HubInputError('pageNumber: must be a whole number from 0')
  }
  return Number(text)
}

function timestamp(text: string): number {
  if (!/^\d{1,12}$/.test(text)) {
    throw new HubInputError('timestamp: must be a Unix timestamp in seconds')
  }
  return Number(text)
}

function listingId(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new HubInputError('listingId: must be a whole number')
  return Number(text)
}

/** One page of bodies (the JSON as held) and how many records the whole walk has. */
async function readPage(
  db: Kysely<HubDatabase>,
  env: string,
  resource: SyncResourceName,
  page: number,
  since?: number
): Promise<{ bodies: string[]; more: boolean; total: number }> {
  const table = sql.table(CATALOG_TABLES[resource])
  const changed = since === undefined ? sql`` : sql`AND changed_at >= to_timestamp(${since})`
  // The page's first listing id is found on the index alone, then the page is read from it on
  // (keyset): with OFFSET on the bodies, PostgreSQL turns every skipped record's jsonb into text
  // too, so page k cost k pages (a desk's walk of 10,000 calendars, quadratic: the last page
  // took 7.2 s against 0.24 s now). One row past the page says whether another page follows.
  const { rows } = await sql<{ body: string }>`
    SELECT body::text AS body FROM ${table} WHERE env = ${env} ${changed}
      AND listing_id >= (SELECT listing_id FROM ${table} WHERE env = ${env} ${changed}
        ORDER BY listing_id OFFSET ${page * PAGE_SIZE} LIMIT 1)
    ORDER BY listing_id LIMIT ${PAGE_SIZE + 1}`.execute(db)
  const { rows: count } = await sql<{ total: number }>`
    SELECT count(*)::integer AS total FROM ${table} WHERE env = ${env} ${changed}`.execute(db)
  return {
    bodies: rows.slice(0, PAGE_SIZE).map((r) => r.body),
    more: rows.length > PAGE_SIZE,
    total: count[0]?.total ?? 0
  }
}

async function readOne(
  db: Kysely<HubDatabase>,
  env: string,
  resource: SyncResourceName,
  id: number
): Promise<string | undefined> {
  const { rows } = await sql<{ body: string }>`
    SELECT body::text AS body FROM ${sql.table(CATALOG_TABLES[resource])}
    WHERE env = ${env} AND listing_id = ${id}`.execute(db)
  return rows[0]?.body
}

const JSON_TYPE = { 'Content-Type': 'application/json' }

/** The one-listing reads: what the hub holds, else the service's answer through the client. */
const SINGLE_READS: {
  path: string
  resource: SyncResourceName
  wrap: (record: string) => string
  ask: (client: ApiClient, id: number) => Promise<unknown>
}[] = [
  {
    path: '/:env/v1/listing/:id',
    resource: 'listings',
    wrap: (r) => `[${r}]`,
    ask: (client, id) => client.listing(id)
  },
  {
    path: '/:env/v1/availability/listing/:id',
    resource: 'availability',
    wrap: (r) => `{"list":[${r}]}`,
    ask: (client, id) => client.availability(id)
  },
  {
    path: '/:env/v1/rates/listing/:id',
    resource: 'rates',
    wrap: (r) => `[${r}]`,
    ask: (client, id) => client.rates(id)
  }
]

/**
 * `/hub/v1/…` also fits `/:env/v1/…`: the hub's own paths pass through to their routes (or the
 * not-found answer) rather than reach the catalog's, which need an environment's upstream.
 */
const environmentOnly: MiddlewareHandler<HubEnv> = async (c, next) => {
  if (!c.get('upstream')) {
    return c.json({ message: `No such hub endpoint: ${c.req.method} ${c.req.path}` }, 404)
  }
  await next()
}

export function catalogRoutes({ trustProxy = false }: { trustProxy?: boolean } = {}): HubRoutes {
  return (app, deps) => {
    const { db } = deps
    // A new desk's first sync in one streamed answer per resource (snapshot.ts).
    registerSnapshotRoutes(app, deps)
    const pageReply = (
      c: Context<HubEnv>,
      resource: SyncResourceName,
      result: { bodies: string[]; more: boolean; total: number },
      nextPath: string
    ) => {
      const headers: Record<string, string> = {
        ...JSON_TYPE,
        'X-Total-Count': String(result.total)
      }
      if (result.more) {
        const origin = publicOrigin(c.req.url, c.req.raw.headers, trustProxy)
        headers.Link = `<${origin}/${c.get('upstream').env}/v1/${resource}/${nextPath}>; rel="next"`
      }
      return c.body(`[${result.bodies.join(',')}]`, 200, headers)
    }

    /** A read passed on to the service; its failure answered as upstreamFailure says. */
    const forward = async (c: Context<HubEnv>, read: () => Promise<unknown>) => {
      try {
        return c.json(await read())
      } catch (err) {
        const { status, message } = upstreamFailure(err, c.get('upstream').env)
        return c.json({ message }, status)
      }
    }

    for (const resource of ['listings', 'availability', 'rates'] as const) {
      const guard = requireRole(CATALOG_ACTION[resource])
      const base = `/:env/v1/${resource}`
      app.get(`${base}/delta`, environmentOnly, guard, () => {
        throw new HubInputError('timestamp: is required')
      })
      app.get(`${base}/delta/:timestamp/:page?`, environmentOnly, guard, async (c) => {
        const since = timestamp(c.req.param('timestamp'))
        const page = pageNumber(c.req.param('page'))
        const env = c.get('upstream').env
        const result = await readPage(db, env, resource, page, since)
        return pageReply(c, resource, result, `delta/${since}/${page + 1}`)
      })
      app.get(`${base}/:page?`, environmentOnly, guard, async (c) => {
        const page = pageNumber(c.req.param('page'))
        const result = await readPage(db, c.get('upstream').env, resource, page)
        return pageReply(c, resource, result, String(page + 1))
      })
    }

    // One listing's record: the spec answers a listing and rates as an array of one, a
    // calendar as {list: [record]}.
    for (const one of SINGLE_READS) {
      app.get(one.path, environmentOnly, requireRole(CATALOG_ACTION[one.resource]), async (c) => {
        const id = listingId(c.req.param('id') ?? '')
        const { env, client } = c.get('upstream')
        const held = await readOne(db, env, one.resource, id)
        if (held !== undefined) return c.body(one.wrap(held), 200, JSON_TYPE)
        return forward(c, async () => {
          const record = await one.ask(client, id)
          if (!record) throw new ApiError('not-found', `The ${env} service has no listing ${id}`)
          return JSON.parse(one.wrap(JSON.stringify(record))) as unknown
        })
      })
    }

    // Which listings are free in a period is the service's live answer: passed on as it is.
    app.get(
      '/:env/v1/availability/listings/:from/:to',
      environmentOnly,
      requireRole('availability:read'),
      (c) => {
        const { client } = c.get('upstream')
        return forward(c, () => client.availableInPeriod(c.req.param('from'), c.req.param('to')))
      }
    )
  }
}
