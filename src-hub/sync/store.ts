import { sql, type Kysely } from 'kysely'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { CATALOG_TABLES } from '../catalog/tables'
import type { HubDatabase } from '../db/schema'
import type { HubEnvironment } from '../upstream'
import type { QuarantinedRecord } from './check-record'

/**
 * The sync's writes into the hub's database: a page of records and the cursor that covers it
 * in ONE transaction (after a crash or a lost connection either both are there or neither), the
 * cursor alone, and the quarantine. The desktop's rules (src-main/db/commit-page.ts): a valid
 * record clears its quarantine entry; a rejected one leaves the last good copy served.
 */

export interface HubCursor {
  phase: 'full' | 'delta'
  /** The next page of an interrupted full walk: where the next run resumes. */
  nextUrl: string | null
  /** Unix seconds: the service's time at the first page of the full walk. */
  fullStartedAt: number | null
  /** Unix seconds: deltas are asked from here. */
  deltaSince: number | null
  pagesDone: number
  recordsDone: number
  lastSuccessAt: Date | null
  lastError: string | null
}

export interface HubPage {
  env: HubEnvironment
  resource: SyncResourceName
  /** Valid records, the JSON as the service sent it. */
  records: { id: number; json: string }[]
  quarantined: QuarantinedRecord[]
  cursor: HubCursor
  /** When the page arrived: the hub's time, written as changed_at of what changed. */
  seenAt: Date
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v))

export async function readCursor(
  db: Kysely<HubDatabase>,
  env: HubEnvironment,
  resource: SyncResourceName
): Promise<HubCursor | undefined> {
  const row = await db
    .selectFrom('hub_sync_cursor')
    .selectAll()
    .where('env', '=', env)
    .where('resource', '=', resource)
    .executeTakeFirst()
  if (!row) return undefined
  return {
    phase: row.phase,
    nextUrl: row.next_url,
    fullStartedAt: num(row.full_started_at),
    deltaSince: num(row.delta_since),
    pagesDone: row.pages_done,
    recordsDone: row.records_done,
    lastSuccessAt: row.last_success_at,
    lastError: row.last_error
  }
}

/** The cursor as its row's columns. */
function cursorValues(cursor: HubCursor) {
  return {
    phase: cursor.phase,
    next_url: cursor.nextUrl,
    full_started_at: cursor.fullStartedAt,
    delta_since: cursor.deltaSince,
    pages_done: cursor.pagesDone,
    records_done: cursor.recordsDone,
    last_success_at: cursor.lastSuccessAt,
    last_error: cursor.lastError,
    updated_at: new Date()
  }
}

export async function writeCursor(
  db: Kysely<HubDatabase>,
  env: HubEnvironment,
  resource: SyncResourceName,
  cursor: HubCursor
): Promise<void> {
  const values = cursorValues(cursor)
  await db
    .insertInto('hub_sync_cursor')
    .values({ env, resource, ...values })
    .onConflict((oc) => oc.columns(['env', 'resource']).doUpdateSet(values))
    .execute()
}

/**
 * Writes one page and its cursor in one transaction; says how many records changed. A record
 * whose text is identical to the one held is not written at all, so its changed_at stays the
 * time it last really changed. A row held as jsonb printed it (migrations/0004_catalog_text.ts)
 * is compared by value: the service's text replaces it, and changed_at moves only if a value
 * differs.
 *
 * Each body goes to the server as a parameter of its own (bytes as they are, nothing escaped or
 * parsed on either side); the upsert, the page's quarantine entries cleared and the cursor are
 * one statement, so a page costs one round trip (a transaction only when it quarantines).
 */
export async function commitPage(
  db: Kysely<HubDatabase>,
  page: HubPage
): Promise<{ changed: number }> {
  if (page.quarantined.length === 0) {
    const [row] = (await pageStatement(page).execute(db)).rows
    return { changed: row?.changed ?? 0 }
  }
  return db.transaction().execute(async (trx) => {
    const [row] = (await pageStatement(page).execute(trx)).rows
    for (const q of page.quarantined) {
      await trx
        .insertInto('hub_quarantine')
        .values({
          env: page.env,
          resource: page.resource,
          record_id: q.recordId,
          path: q.path,
          code: q.code,
          raw: q.raw,
          first_seen: page.seenAt,
          last_seen: page.seenAt
        })
        .onConflict((oc) =>
          oc
            .columns(['env', 'resource', 'record_id'])
            .doUpdateSet({ path: q.path, code: q.code, raw: q.raw, last_seen: page.seenAt })
        )
        .execute()
    }
    return { changed: row?.changed ?? 0 }
  })
}

/**
 * The page's records upserted, their quarantine entries cleared and the cursor written, as one
 * statement (PostgreSQL runs a statement's data-modifying CTEs as one atomic unit). Counts the
 * rows whose content changed: a reformatted row rewritten with its changed_at kept is not one.
 */
function pageStatement(page: HubPage) {
  const table = sql.table(CATALOG_TABLES[page.resource])
  // One row per id: a page naming a listing twice keeps the later record, as a second write would.
  const byId = new Map(page.records.map((r) => [r.id, r.json]))
  const c = cursorValues(page.cursor)
  // A rewritten calendar or rate record is packed again by the pack pass (or its snapshot).
  const packedReset = page.resource === 'listings' ? sql`` : sql`, packed = NULL`
  const upsert =
    byId.size === 0
      ? sql`SELECT NULL::timestamptz AS changed_at WHERE false`
      : sql`INSERT INTO ${table} AS held (env, listing_id, body, changed_at)
          SELECT ${page.env}::text, item.id, item.body, ${page.seenAt}::timestamptz
          FROM (VALUES ${sql.join([...byId].map(([id, json]) => sql`(${id}::bigint, ${json}::text)`))}) AS item (id, body)
          ON CONFLICT (env, listing_id) DO UPDATE
            SET body = excluded.body, reformatted = false${packedReset},
              changed_at = CASE WHEN held.reformatted AND held.body::jsonb = excluded.body::jsonb
                THEN held.changed_at ELSE excluded.changed_at END
            WHERE held.body IS DISTINCT FROM excluded.body
          RETURNING held.changed_at`
  return sql<{ changed: number }>`
    WITH upserted AS (${upsert}),
    cleared AS (
      DELETE FROM hub_quarantine
      WHERE env = ${page.env} AND resource = ${page.resource}
        AND record_id = ANY (${[...byId.keys()].map(String)}::text[])
    ),
    moved AS (
      INSERT INTO hub_sync_cursor (env, resource, phase, next_url, full_started_at, delta_since,
        pages_done, records_done, last_success_at, last_error, updated_at)
      VALUES (${page.env}, ${page.resource}, ${c.phase}, ${c.next_url}, ${c.full_started_at},
        ${c.delta_since}, ${c.pages_done}, ${c.records_done}, ${c.last_success_at},
        ${c.last_error}, ${c.updated_at})
      ON CONFLICT (env, resource) DO UPDATE SET phase = excluded.phase,
        next_url = excluded.next_url, full_started_at = excluded.full_started_at,
        delta_since = excluded.delta_since, pages_done = excluded.pages_done,
        records_done = excluded.records_done, last_success_at = excluded.last_success_at,
        last_error = excluded.last_error, updated_at = excluded.updated_at
    )
    SELECT count(*)::integer AS changed FROM upserted
    WHERE upserted.changed_at = ${page.seenAt}::timestamptz`
}
