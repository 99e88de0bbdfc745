/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * The hub's people and their personal tokens. One SQL text for both databases: PostgreSQL
 * servers and the embedded PGlite run the same statements.
 *
 * Times are timestamptz: both drivers (pg and PGlite) return them as Date, psql and pg_dump
 * show them readably, and later parts compare them in SQL (`now() - interval '5 seconds'`). Ids
 * are integers drawn by identity columns: both drivers return int4 as a number (int8 comes
 * back as a string from pg), and a token's id is typed in `tokens revoke <id>`.
 *
 * A user's name is unique whatever its case ("Ana" and "ana" would be one person on a journal
 * line). A token row holds only the scrypt hash of its secret, with the salt and the scrypt
 * parameters written into the hash text (src-hub/tokens.ts), so that they can change later
 * without a migration. Users and tokens are disabled or revoked, never deleted: the journal
 * will name them.
 *
 * Migrations import no app code: the role names are written out here, as they were when this
 * ran. IF NOT EXISTS because a migration interrupted before Kysely recorded it runs again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS hub_user (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    role text NOT NULL CHECK (role IN ('viewer', 'agent', 'manager', 'admin')),
    created_at timestamptz NOT NULL DEFAULT now(),
    disabled_at timestamptz
  )`.execute(db)
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS hub_user_name ON hub_user (lower(name))`.execute(db)
  await sql`CREATE TABLE IF NOT EXISTS hub_token (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id integer NOT NULL REFERENCES hub_user (id),
    secret_hash text NOT NULL,
    label text,
    created_at timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS hub_token_user ON hub_token (user_id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS hub_token`.execute(db)
  await sql`DROP TABLE IF EXISTS hub_user`.execute(db)
}
