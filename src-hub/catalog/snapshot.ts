import { sql, type Kysely } from 'kysely'
import { packedLine } from '@shared/calendar/packed-lines'
import { SYNC_RESOURCES, type SyncResourceName } from '@shared/ipc/sync.schema'
import {
  listingLine,
  PACKED_FORM,
  SNAPSHOT_AT_HEADER,
  SNAPSHOT_FORM_HEADER
} from '../../src-main/api/snapshot'
import { hubEnvOf } from '../bookings/routes'
import type { HubDatabase } from '../db/schema'
import type { HubLog } from '../log'
import { requireRole, type HubRoutes } from '../server'
import { CATALOG_ACTION, CATALOG_TABLES, PAGE_SIZE } from './tables'

/**
 * A new desk's first sync in one answer per resource: `GET /hub/v1/<env>/snapshot/<resource>`.
 * A page walk costs a desk a round trip per 200 records and waits on each (the hub reads, the
 * desk parses, never both at once); this streams every record the hub holds, so the hub reads
 * and sends the next records while the desk checks and writes the last.
 *
 * The body is one JSON array with one record per line (`[`, each record followed by `,` but the
 * last, `]`): a JSON reader reads it whole, a desk reads it line by line, and the closing `]`
 * says the snapshot is complete (a hub stopped or failing mid-way cuts the connection, and a
 * desk without the `]` claims nothing). Records are the hub's bodies as held (`body::text`;
 * jsonb prints no raw newline, and a text body that has one is printed again on one line).
 *
 * `X-StayDesk-Snapshot-At` is the hub's clock (Unix seconds) taken before the first record is
 * read: the time a desk's deltas continue from, minus its usual overlap, as from the first page
 * of a walk. Records are read in keyset chunks, not one long transaction (PGlite has one
 * connection, which the hub's sync and other desks would wait on): a record that changes while
 * the snapshot runs is either sent new, or sent old and then found by the desk's delta, since its
 * changed_at is after that time. `X-Total-Count` is the count when the snapshot began (progress).
 *
 * `?form=packed`: each calendar or rate line is the record as a desk's mirror stores it
 * (src-shared/calendar/packed-lines.ts), each listing line its JSON as a desk stores it with that
 * JSON and its pricing subset deflated (src-main/db/listing-json.ts); read from the `packed`
 * column the pack pass fills (src-hub/sync/pack.ts), or packed here for a row it has not reached.
 * The answer then says `X-StayDesk-Snapshot-Form: packed`; without that header (an older hub) a
 * desk reads records. A body that cannot be packed (never valid; the sync keeps only valid
 * records) goes as its record, which a desk tells apart by its `id`, `availability` or `rate`
 * key and checks as one.
 */

type Form = 'records' | 'packed'

/** A chunk's rows: `line` is the packed line when held, else `body` the record. */
async function chunkAfter(
  db: Kysely<HubDatabase>,
  env: string,
  resource: SyncResourceName,
  form: Form,
  after: string | undefined
): Promise<{ id: string; body: string | null; line: string | null }[]> {
  const table = sql.table(CATALOG_TABLES[resource])
  const from = after === undefined ? sql`` : sql`AND listing_id > ${after}::bigint`
  // The body is read only for a row without its packed line (TOAST: an unread column costs nothing).
  const columns =
    form === 'packed'
      ? sql`CASE WHEN packed IS NULL THEN body END AS body, packed AS line`
      : sql`body::text AS body, NULL::text AS line`
  const { rows } = await sql<{ id: string; body: string | null; line: string | null }>`
    SELECT listing_id::text AS id, ${columns} FROM ${table}
    WHERE env = ${env} ${from} ORDER BY listing_id LIMIT ${PAGE_SIZE}`.execute(db)
  return rows
}

const oneLine = (body: string): string =>
  body.includes('\n') ? JSON.stringify(JSON.parse(body)) : body

/** A record's line in a packed snapshot: packed, or the record itself if it cannot be. */
export function packedOrRecord(resource: SyncResourceName, body: string): string {
  const packed = resource === 'listings' ? listingLine(body) : packedLine(resource, body)
  return packed ?? oneLine(body)
}

function lineOf(
  resource: SyncResourceName,
  form: Form,
  row: { body: string | null; line: string | null }
) {
  if (row.line !== null) return row.line
  const body = row.body ?? ''
  return form === 'packed' ? packedOrRecord(resource, body) : oneLine(body)
}

function snapshotBody(
  db: Kysely<HubDatabase>,
  env: string,
  resource: SyncResourceName,
  form: Form,
  log: HubLog
): ReadableStream<Uint8Array> {
  let after: string | undefined
  let first = true
  // Pulled as the desk reads (@hono/node-server waits for the socket to drain): at most one
  // chunk of 200 records waits here, whatever the desk's speed.
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const rows = await chunkAfter(db, env, resource, form, after)
          if (rows.length === 0) {
            controller.enqueue(Buffer.from(first ? '[\n]\n' : '\n]\n'))
            controller.close()
            return
          }
          const lines = rows.map((r) => lineOf(resource, form, r)).join(',\n')
          controller.enqueue(Buffer.from(`${first ? '[\n' : ',\n'}${lines}`))
          first = false
          after = rows[rows.length - 1].id
        } catch (err) {
          // Headers are gone: cutting the connection is how the desk learns it is incomplete.
          log.error({ err, env, resource }, 'snapshot: stopped before its last record')
          controller.error(err)
        }
      }
    },
    { highWaterMark: 1 }
  )
}

export const registerSnapshotRoutes: HubRoutes = (app, { db, log, upstreams }) => {
  for (const resource of SYNC_RESOURCES) {
    app.get(
      `/hub/v1/:env/snapshot/${resource}`,
      requireRole(CATALOG_ACTION[resource]),
      async (c) => {
        const env = hubEnvOf(c)
        // As the catalog's pages say it: a desk falls back to them and gets the same answer.
        if (!upstreams[env])
          return c.json({ message: `This hub has no ${env} service configured` }, 404)
        const form: Form = c.req.query('form') === PACKED_FORM ? 'packed' : 'records'
        const takenAt = Math.floor(Date.now() / 1000)
        const { rows } = await sql<{ total: number }>`
        SELECT count(*)::integer AS total FROM ${sql.table(CATALOG_TABLES[resource])}
        WHERE env = ${env}`.execute(db)
        return c.body(snapshotBody(db, env, resource, form, log), 200, {
          'Content-Type': 'application/json',
          'X-Total-Count': String(rows[0]?.total ?? 0),
          [SNAPSHOT_AT_HEADER]: String(takenAt),
          ...(form === 'packed' && { [SNAPSHOT_FORM_HEADER]: PACKED_FORM })
        })
      }
    )
  }
}
