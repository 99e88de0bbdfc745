/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { inflateRawSync } from 'node:zlib'
import { sql, type Kysely } from 'kysely'

/**
 * The listing JSON is about half of a 10,000-listing mirror; from here on it is stored
 * deflate-compressed (raw deflate, about 2.3 times smaller). A STRICT column cannot change its
 * type in place, so the table is rebuilt with `json ANY`: a BLOB is compressed JSON, TEXT is
 * plain JSON as earlier versions wrote it. Existing rows are copied as they are (no
 * decompression needed to read them) and get compressed when the next sync rewrites them.
 */
const COLUMNS = `id, reference_number, name, search_text, city, region, country, max_guest,
  bedrooms, booking_type, active, advance_notice, json, seen_at`

const INDEXED = [
  'reference_number',
  'city',
  'region',
  'country',
  'max_guest',
  'bedrooms',
  'booking_type',
  'active'
]

async function rebuild(trx: Kysely<any>, jsonType: 'ANY' | 'TEXT'): Promise<void> {
  await sql`DROP TABLE IF EXISTS listings_rebuild`.execute(trx)
  await sql
    .raw(
      `CREATE TABLE listings_rebuild (
        id INTEGER PRIMARY KEY,
        reference_number TEXT,
        name TEXT NOT NULL,
        search_text TEXT NOT NULL,
        city TEXT,
        region TEXT,
        country TEXT,
        max_guest INTEGER,
        bedrooms INTEGER,
        booking_type TEXT,
        active INTEGER,
        advance_notice INTEGER,
        json ${jsonType} NOT NULL,
        seen_at INTEGER NOT NULL
      ) STRICT`
    )
    .execute(trx)
  await sql
    .raw(`INSERT INTO listings_rebuild (${COLUMNS}) SELECT ${COLUMNS} FROM listings`)
    .execute(trx)
  await sql`DROP TABLE listings`.execute(trx)
  await sql`ALTER TABLE listings_rebuild RENAME TO listings`.execute(trx)
  for (const column of INDEXED) {
    await sql
      .raw(`CREATE INDEX IF NOT EXISTS listings_${column} ON listings (${column})`)
      .execute(trx)
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute((trx) => rebuild(trx, 'ANY'))
}

/** Back to TEXT: compressed rows are inflated first, since a TEXT column cannot hold them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await sql<{ id: number; json: Uint8Array }>`
      SELECT id, json FROM listings WHERE typeof(json) = 'blob'`.execute(trx)
    for (const row of rows.rows) {
      const text = inflateRawSync(row.json).toString('utf8')
      await sql`UPDATE listings SET json = ${text} WHERE id = ${row.id}`.execute(trx)
    }
    await rebuild(trx, 'TEXT')
  })
}
