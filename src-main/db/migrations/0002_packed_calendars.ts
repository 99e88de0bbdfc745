/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * Availability and rates, one packed row per listing (see packed-days.ts, packed-rates.ts and
 * docs/performance-notes.md for the measurement behind the layout). No foreign key to listings:
 * the three resources sync independently and a calendar may arrive before its listing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS availability (
      listing_id INTEGER PRIMARY KEY,
      base_day INTEGER NOT NULL,
      flags BLOB NOT NULL,
      stay_width INTEGER NOT NULL,
      min_stay BLOB NOT NULL,
      max_stay BLOB NOT NULL,
      extra TEXT,
      seen_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS rates (
      listing_id INTEGER PRIMARY KEY,
      base_day INTEGER NOT NULL,
      prices BLOB NOT NULL,
      rules TEXT NOT NULL,
      exact TEXT,
      seen_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS rates`.execute(trx)
    await sql`DROP TABLE IF EXISTS availability`.execute(trx)
  })
}
