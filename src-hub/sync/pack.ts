import { setImmediate as yieldToOthers } from 'node:timers/promises'
import { sql, type Kysely } from 'kysely'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { packedOrRecord } from '../catalog/snapshot'
import { CATALOG_TABLES, PAGE_SIZE } from '../catalog/tables'
import type { HubDatabase } from '../db/schema'
import type { HubEnvironment } from '../upstream'

/**
 * The pack pass (migrations/0005_catalog_packed.ts, 0006_listing_packed.ts): after a sync run,
 * every record whose body the run wrote (its `packed` set NULL) gets its packed snapshot line, so
 * a new desk's snapshot reads lines instead of packing them (a listing's: its JSON deflated). Kept
 * out of the sync's write path, which never parses a record (its own target: hub-sync.ts in the
 * benchmarks).
 *
 * In slices of a page, each one SELECT and one UPDATE, with a turn of the event loop between them:
 * on the embedded database (one connection) desks' requests go in between, and on a server no
 * transaction is held. The UPDATE writes a line only where the row is still unpacked and its
 * changed_at is the one read: a body a sync (of another process) rewrote meanwhile is left NULL
 * for the next pass. A rewrite that keeps changed_at (0004's reformatted rows) keeps the record's
 * values, hence its packed line. A change of the line's format (packed-lines.ts) must come with a
 * migration setting `packed` NULL, so that the next pass writes every line anew.
 */
/** Records packed between two turns of the event loop (about 10 ms of work). */
const PACKED_BETWEEN_TURNS = 20

export async function packCatalog(
  db: Kysely<HubDatabase>,
  env: HubEnvironment,
  opts: { signal?: AbortSignal } = {}
): Promise<{ packed: number }> {
  let packed = 0
  for (const resource of SYNC_RESOURCES) {
    const table = sql.table(CATALOG_TABLES[resource])
    let after: string | undefined
    for (;;) {
      if (opts.signal?.aborted) return { packed }
      const from = after === undefined ? sql`` : sql`AND listing_id > ${after}::bigint`
      const { rows } = await sql<{ id: string; body: string; changed_at: Date }>`
        SELECT listing_id::text AS id, body, changed_at FROM ${table}
        WHERE env = ${env} AND packed IS NULL ${from}
        ORDER BY listing_id LIMIT ${PAGE_SIZE}`.execute(db)
      if (rows.length === 0) break
      const values = []
      for (let i = 0; i < rows.length; i++) {
        // Packing parses each record (0.4–0.65 ms): a page at once held desks' requests up to
        // 130 ms behind it on this thread; a few records, then a turn for them.
        if (i > 0 && i % PACKED_BETWEEN_TURNS === 0) await yieldToOthers()
        const r = rows[i]
        values.push(
          sql`(${r.id}::bigint, ${packedOrRecord(resource, r.body)}::text, ${r.changed_at}::timestamptz)`
        )
      }
      const result = await sql`
        UPDATE ${table} AS held SET packed = item.line
        FROM (VALUES ${sql.join(values)}) AS item (id, line, changed_at)
        WHERE held.env = ${env} AND held.listing_id = item.id AND held.packed IS NULL
          AND held.changed_at = item.changed_at`.execute(db)
      packed += Number(result.numAffectedRows ?? 0)
      after = rows[rows.length - 1].id
      await yieldToOthers()
    }
  }
  return { packed }
}
