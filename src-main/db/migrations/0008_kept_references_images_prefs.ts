/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * What the property manager's desk keeps per profile besides the synced data:
 * - `listing_references`: the reference, URL and channel status this profile last set for each
 *   listing. The service stores them but has no endpoint to read them back, so this is the only
 *   record of the current values (an import is compared with it, an undo file made from it).
 * - `listing_images`: each listing image as fetched by main, so the listing page shows its
 *   pictures offline and the window never loads anything from the network.
 * - `prefs`: small per-profile screen settings (the portfolio's filters and sort), which are
 *   the profile's own: one profile's cities mean nothing on another.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS listing_references (
      listing_id INTEGER PRIMARY KEY,
      reference TEXT NOT NULL,
      url TEXT,
      status TEXT,
      set_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
    // An import checks that no two listings share a reference.
    await sql`CREATE INDEX IF NOT EXISTS listing_references_reference
      ON listing_references (reference)`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS listing_images (
      listing_id INTEGER NOT NULL,
      idx INTEGER NOT NULL,
      url TEXT NOT NULL,
      content_type TEXT NOT NULL,
      bytes BLOB NOT NULL,
      fetched_at INTEGER NOT NULL,
      PRIMARY KEY (listing_id, idx)
    ) STRICT, WITHOUT ROWID`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS prefs (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS prefs`.execute(trx)
    await sql`DROP TABLE IF EXISTS listing_images`.execute(trx)
    await sql`DROP TABLE IF EXISTS listing_references`.execute(trx)
  })
}
