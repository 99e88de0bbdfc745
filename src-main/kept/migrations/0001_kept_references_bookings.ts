/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * What a profile keeps that no sync can bring back, in a file of its own beside the mirror
 * (a damaged mirror is moved aside and rebuilt; this file never is):
 * - `listing_references`: the reference, URL and channel status this profile last set for each
 *   listing; the service has no endpoint to read them back.
 * - `bookings`: the kept copy of every booking StayDesk read from the service, with what only
 *   StayDesk knew (own reference, listing, payment deadline).
 * The tables and indexes are the mirror's as 0007 and 0008 made them, so the mirror's 0009 can
 * copy its rows over column for column. Migrations import no app code: they are frozen in time.
 * CREATE ... IF NOT EXISTS because Kysely records a migration only after it ran, so a crash in
 * between re-runs it.
 */
const BOOKING_INDEXES: Record<string, string> = {
  bookings_fetched_at: 'fetched_at',
  bookings_status: 'status, fetched_at',
  bookings_own_reference: 'own_reference',
  bookings_listing_id: 'listing_id',
  bookings_check_in: 'check_in'
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS listing_references (
      listing_id INTEGER PRIMARY KEY,
      reference TEXT NOT NULL,
      url TEXT,
      status TEXT,
      set_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS listing_references_reference
      ON listing_references (reference)`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS bookings (
      id TEXT PRIMARY KEY,
      own_reference TEXT,
      status TEXT NOT NULL,
      payment_status TEXT,
      guest_name TEXT,
      guest_key TEXT,
      check_in TEXT NOT NULL,
      check_out TEXT NOT NULL,
      listing_id INTEGER,
      total_cents INTEGER,
      expires_at TEXT,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
    for (const [name, columns] of Object.entries(BOOKING_INDEXES)) {
      await sql.raw(`CREATE INDEX IF NOT EXISTS ${name} ON bookings (${columns})`).execute(trx)
    }
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS bookings`.execute(trx)
    await sql`DROP TABLE IF EXISTS listing_references`.execute(trx)
  })
}
