/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * The catalog's bodies as text: the JSON exactly as the service sent it, where 0002 kept jsonb.
 *
 * jsonb made PostgreSQL parse every record on the way in (about 93 KB a listing across the
 * three resources, 932 MB of JSON at 10,000 listings) and print it again on every read, while
 * the sync never looks inside a body and the readers only ever read `body::text` (which keeps
 * working on a text column, and costs nothing there). A record is now unchanged when its text
 * is identical, a comparison that needs no parsing.
 *
 * Rows written before this migration hold jsonb's printing of the record (its key order and
 * spacing), which is not the service's text: compared as text, each would count as changed at
 * the next sync and every desk's next delta would carry the whole catalog once. They are marked
 * `reformatted`; for such a row alone the sync also compares the JSON's values (as 0002 did),
 * stores the service's text and keeps changed_at when only the printing differed, and clears
 * the mark. New rows are never marked (the column's default turns false after the backfill).
 *
 * Compression: lz4 where the server has it (Debian's PostgreSQL does; about ten times faster
 * than pglz at a similar size for these bodies), else the server's default (PGlite's WASM build
 * has only pglz). Existing rows keep their compression until rewritten.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ lz4: boolean }>`
    SELECT coalesce(bool_or('lz4' = ANY (enumvals)), false) AS lz4
    FROM pg_settings WHERE name = 'default_toast_compression'`.execute(db)
  for (const table of ['hub_listing', 'hub_availability', 'hub_rate']) {
    const t = sql.table(table)
    // Both steps are idempotent: a migration interrupted before Kysely recorded it runs again.
    await sql`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS reformatted boolean NOT NULL DEFAULT true`.execute(
      db
    )
    await sql`ALTER TABLE ${t} ALTER COLUMN reformatted SET DEFAULT false`.execute(db)
    await sql`ALTER TABLE ${t} ALTER COLUMN body TYPE text USING body::text`.execute(db)
    if (rows[0]?.lz4) await sql`ALTER TABLE ${t} ALTER COLUMN body SET COMPRESSION lz4`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['hub_listing', 'hub_availability', 'hub_rate']) {
    const t = sql.table(table)
    await sql`ALTER TABLE ${t} ALTER COLUMN body TYPE jsonb USING body::jsonb`.execute(db)
    await sql`ALTER TABLE ${t} ALTER COLUMN body SET COMPRESSION default`.execute(db)
    await sql`ALTER TABLE ${t} DROP COLUMN IF EXISTS reformatted`.execute(db)
  }
}
