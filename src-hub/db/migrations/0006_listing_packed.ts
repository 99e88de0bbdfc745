/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * Listings also held packed (issue 22): `packed` is the listing's line in a packed snapshot, its
 * JSON as a desk stores it with that JSON and its pricing subset deflated
 * (src-main/db/listing-json.ts), so a new desk inflates instead of deflating 10,000 listings.
 * NULL means "not packed yet", as for 0005's calendars and rates, and the pack pass fills it.
 *
 * A rewritten body must lose its line: the sync's upsert nulls `packed` for calendars and rates
 * itself, and for listings this trigger does it (it fires only where the upsert writes a body,
 * which it does only when the body differs), so no desk ever gets a listing's old line.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ lz4: boolean }>`
    SELECT coalesce(bool_or('lz4' = ANY (enumvals)), false) AS lz4
    FROM pg_settings WHERE name = 'default_toast_compression'`.execute(db)
  // Idempotent, as 0004 and 0005: a migration interrupted before Kysely recorded it runs again.
  await sql`ALTER TABLE hub_listing ADD COLUMN IF NOT EXISTS packed text`.execute(db)
  if (rows[0]?.lz4)
    await sql`ALTER TABLE hub_listing ALTER COLUMN packed SET COMPRESSION lz4`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS hub_listing_unpacked ON hub_listing (env, listing_id)
    WHERE packed IS NULL`.execute(db)
  await sql`CREATE OR REPLACE FUNCTION hub_listing_unpack() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.packed := NULL;
      RETURN NEW;
    END $$`.execute(db)
  await sql`DROP TRIGGER IF EXISTS hub_listing_unpack ON hub_listing`.execute(db)
  await sql`CREATE TRIGGER hub_listing_unpack BEFORE UPDATE OF body ON hub_listing
    FOR EACH ROW EXECUTE FUNCTION hub_listing_unpack()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS hub_listing_unpack ON hub_listing`.execute(db)
  await sql`DROP FUNCTION IF EXISTS hub_listing_unpack()`.execute(db)
  await sql`DROP INDEX IF EXISTS hub_listing_unpacked`.execute(db)
  await sql`ALTER TABLE hub_listing DROP COLUMN IF EXISTS packed`.execute(db)
}
