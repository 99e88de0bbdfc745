/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * Quarantined records (reliability checklist 6: path and code only, redacted raw JSON) with
 * per-resource counters that survive eviction, and the change history a support agent reads
 * ("what did this cost yesterday?"). History rows are pruned by age and count, oldest first, so
 * the id order is the age order and the count check is max(id) - min(id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS quarantine (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      resource TEXT NOT NULL,
      record_id TEXT,
      path TEXT NOT NULL,
      code TEXT NOT NULL,
      raw TEXT NOT NULL,
      first_seen INTEGER NOT NULL,
      last_seen INTEGER NOT NULL,
      count INTEGER NOT NULL DEFAULT 1
    ) STRICT`.execute(trx)
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS quarantine_record
      ON quarantine (resource, record_id) WHERE record_id IS NOT NULL`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS quarantine_last_seen ON quarantine (last_seen)`.execute(
      trx
    )
    await sql`CREATE TABLE IF NOT EXISTS quarantine_counters (
      resource TEXT PRIMARY KEY,
      total INTEGER NOT NULL DEFAULT 0,
      evicted INTEGER NOT NULL DEFAULT 0,
      cleared INTEGER NOT NULL DEFAULT 0
    ) STRICT`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS history (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      listing_id INTEGER NOT NULL,
      resource TEXT NOT NULL,
      key TEXT NOT NULL,
      old TEXT,
      new TEXT,
      seen_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS history_listing
      ON history (listing_id, resource, key, seen_at)`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS history_seen_at ON history (seen_at)`.execute(trx)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS history`.execute(trx)
    await sql`DROP TABLE IF EXISTS quarantine_counters`.execute(trx)
    await sql`DROP TABLE IF EXISTS quarantine`.execute(trx)
  })
}
