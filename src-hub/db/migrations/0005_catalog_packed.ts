/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * Calendars and rates also held packed, as a desk's mirror stores them: `packed` is the line a
 * packed snapshot sends for the record (src-shared/calendar/packed-lines.ts), so a new desk's
 * first sync parses a few KB a listing instead of 40 KB and packs nothing (issue 22).
 *
 * NULL means "not packed yet": the sync's upsert sets it NULL whenever it rewrites a body (that
 * costs it nothing: the sync never parses a record), a pack pass after each sync run fills it
 * (src-hub/sync/pack.ts) and a snapshot packs any row still NULL on the fly. The partial index
 * is that pass's work list. Listings have no packed form (desks read them as JSON).
 *
 * Compression as 0004 chose for the bodies: lz4 where the server has it, else its default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ lz4: boolean }>`
    SELECT coalesce(bool_or('lz4' = ANY (enumvals)), false) AS lz4
    FROM pg_settings WHERE name = 'default_toast_compression'`.execute(db)
  for (const table of ['hub_availability', 'hub_rate']) {
    const t = sql.table(table)
    // Idempotent, as 0004: a migration interrupted before Kysely recorded it runs again.
    await sql`ALTER TABLE ${t} ADD COLUMN IF NOT EXISTS packed text`.execute(db)
    if (rows[0]?.lz4)
      await sql`ALTER TABLE ${t} ALTER COLUMN packed SET COMPRESSION lz4`.execute(db)
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_unpacked`)} ON ${t} (env, listing_id)
      WHERE packed IS NULL`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['hub_availability', 'hub_rate']) {
    await sql`DROP INDEX IF EXISTS ${sql.id(`${table}_unpacked`)}`.execute(db)
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS packed`.execute(db)
  }
}
