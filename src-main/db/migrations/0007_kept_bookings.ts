/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { inflateRawSync } from 'node:zlib'
import { sql, type Kysely } from 'kysely'

/**
 * The kept copy of every booking StayDesk read from the service, so the desk can show a booking,
 * the recent list and the watch list offline. The details are kept as parsed (plain JSON text:
 * a few KB each, and the watch list reads the instalments with json_each); the columns next to
 * them are what the lists filter and sort by. A later read of the same booking replaces the
 * copy, keeping what only StayDesk knew (own reference, listing, payment deadline).
 *
 * Booking details name the property by its address and coordinates, not by listing id, so
 * listings get their coordinates as indexed columns: a booking is matched to the one listing at
 * its position. Existing rows are filled from their stored JSON (plain TEXT or raw-deflated
 * BLOB, as 0004 allows), so bookings are matched at once, without waiting for a full resync.
 * The JSON decoding is copied as it was when this migration was written: a migration imports
 * no app code.
 */
const BOOKING_INDEXES: Record<string, string> = {
  bookings_fetched_at: 'fetched_at',
  // With fetched_at: the recent list filtered by status is read in its order, without a sort.
  bookings_status: 'status, fetched_at',
  bookings_own_reference: 'own_reference',
  bookings_listing_id: 'listing_id',
  bookings_check_in: 'check_in'
}

/** A coordinate as the stored listing holds it (a number; a numeric string from older parsers). */
function coordinate(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
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

    const existing = await sql<{ name: string }>`PRAGMA table_info(listings)`.execute(trx)
    const have = new Set(existing.rows.map((c) => c.name))
    for (const column of ['latitude', 'longitude']) {
      // Re-running after a lost migration record must not fail on an existing column.
      if (!have.has(column)) {
        await sql.raw(`ALTER TABLE listings ADD COLUMN ${column} REAL`).execute(trx)
      }
    }
    await sql`CREATE INDEX IF NOT EXISTS listings_position
      ON listings (latitude, longitude)`.execute(trx)
    const rows = await sql<{ id: number; json: string | Uint8Array }>`
      SELECT id, json FROM listings`.execute(trx)
    for (const row of rows.rows) {
      const text =
        typeof row.json === 'string' ? row.json : inflateRawSync(row.json).toString('utf8')
      let location: { latitude?: unknown; longitude?: unknown } | undefined
      try {
        location = (JSON.parse(text) as { location?: typeof location }).location
      } catch {
        location = undefined
      }
      await sql`UPDATE listings SET latitude = ${coordinate(location?.latitude)},
          longitude = ${coordinate(location?.longitude)}
        WHERE id = ${row.id}`.execute(trx)
    }
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // SQLite refuses to drop an indexed column: the index goes first.
    await sql`DROP INDEX IF EXISTS listings_position`.execute(trx)
    await sql`ALTER TABLE listings DROP COLUMN longitude`.execute(trx)
    await sql`ALTER TABLE listings DROP COLUMN latitude`.execute(trx)
    await sql`DROP TABLE IF EXISTS bookings`.execute(trx)
  })
}
