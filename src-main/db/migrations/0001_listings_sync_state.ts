/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * Listings with the searchable fields as indexed columns next to the full parsed JSON (the
 * source of truth that `listing(id)` returns), and the per-resource sync cursor. Migrations take
 * Kysely<any> and import no app code: they are frozen in time. CREATE ... IF NOT EXISTS because
 * Kysely records a migration only after its transaction commits, so a crash in between re-runs it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS listings (
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
      json TEXT NOT NULL,
      seen_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
    for (const column of [
      'reference_number',
      'city',
      'region',
      'country',
      'max_guest',
      'bedrooms',
      'booking_type',
      'active'
    ]) {
      await sql
        .raw(`CREATE INDEX IF NOT EXISTS listings_${column} ON listings (${column})`)
        .execute(trx)
    }
    await sql`CREATE TABLE IF NOT EXISTS sync_state (
      resource TEXT PRIMARY KEY,
      cursor TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS sync_state`.execute(trx)
    await sql`DROP TABLE IF EXISTS listings`.execute(trx)
  })
}
