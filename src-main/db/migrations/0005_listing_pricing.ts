/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * The fields of a listing that pricing reads, as deflated JSON (a few hundred bytes), so the
 * availability search can price thousands of results without inflating and parsing each 4 KB
 * listing. NULL for rows written before this migration: readers fall back to `json`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const columns = await sql<{ name: string }>`PRAGMA table_info(listings)`.execute(trx)
    // Re-running after a lost migration record must not fail on the existing column.
    if (!columns.rows.some((c) => c.name === 'pricing')) {
      await sql`ALTER TABLE listings ADD COLUMN pricing BLOB`.execute(trx)
    }
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE listings DROP COLUMN pricing`.execute(trx)
  })
}
