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

export async function writeCursor(
  db: Kysely<HubDatabase>,
  env: HubEnvironment,
  resource: SyncResourceName,
  cursor: HubCursor
): Promise<void> {
  const values = {
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
  await db
    .insertInto('hub_sync_cursor')
    .values({ env, resource, ...values })
    .onConflict((oc) => oc.columns(['env', 'resource']).doUpdateSet(values))
    .execute()
}

/**
 * Writes one page and its cursor in one transaction; says how many records changed. A record
 * identical to the one held (jsonb equality: the same values whatever the key order) is not
 * written at all, so its changed_at stays the time it last really changed.
 */
export async function commitPage(
  db: Kysely<HubDatabase>,
  page: HubPage
): Promise<{ changed: number }> {
  const table = sql.table(CATALOG_TABLES[page.resource])
  // One row per id: a page naming a listing twice keeps the later record, as a second write would.
  const byId = new Map(page.records.map((r) => [r.id, r.json]))
  const ids = [...byId.keys()]
  return db.transaction().execute(async (trx) => {
    let changed = 0
    if (byId.size > 0) {
      const result = await sql<{ listing_id: string }>`
        INSERT INTO ${table} AS held (env, listing_id, body, changed_at)
        SELECT ${page.env}::text, (item.value ->> 'key')::bigint, item.value -> 'body',
          ${page.seenAt}::timestamptz
        FROM jsonb_array_elements(${`[${[...byId].map(([id, json]) => `{"key":${id},"body":${json}}`).join(',')}]`}::jsonb) AS item
        ON CONFLICT (env, listing_id) DO UPDATE
          SET body = excluded.body, changed_at = excluded.changed_at
          WHERE held.body IS DISTINCT FROM excluded.body
        RETURNING held.listing_id`.execute(trx)
      changed = result.rows.length
      await trx
        .deleteFrom('hub_quarantine')
        .where('env', '=', page.env)
        .where('resource', '=', page.resource)
        .where('record_id', 'in', ids.map(String))
        .execute()
    }
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
    await writeCursor(trx, page.env, page.resource, page.cursor)
    return { changed }
  })
}
