/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * The catalog the hub syncs from the service, per environment (test, production): listings,
 * availability and rates keyed as the service keys them (a listing by its id, a calendar and a
 * rate record by their listingId), each record's JSON as the service sent it (jsonb).
 *
 * `changed_at` is the hub's own time the record last CHANGED, not when it was last read: a
 * re-read of an identical record (every delta overlaps the one before) leaves it alone, so a
 * desk's delta from the hub holds only what really changed. The (env, changed_at) index serves
 * those deltas; the primary key serves the full pages, which are ordered by listing id.
 *
 * Listing ids are bigint (the service's are numbers of unstated size); the hub reads them back
 * as numbers itself. The cursor of each env and resource is the desktop's (phase, the next page
 * of a full walk, the watermark of the deltas), committed with the page it covers. Records that
 * fail the shared schemas wait in the quarantine, with the zod path and code of the problem and
 * their JSON scrubbed of tokens and card-like numbers, and are not served. A lease per env lets
 * one sync run at a time across processes on one server (`serve` and a `sync` command); it
 * expires on its own when its holder dies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['hub_listing', 'hub_availability', 'hub_rate']) {
    await sql`CREATE TABLE IF NOT EXISTS ${sql.table(table)} (
      env text NOT NULL CHECK (env IN ('test', 'production')),
      listing_id bigint NOT NULL,
      body jsonb NOT NULL,
      changed_at timestamptz NOT NULL,
      PRIMARY KEY (env, listing_id)
    )`.execute(db)
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`${table}_delta`)}
      ON ${sql.table(table)} (env, changed_at)`.execute(db)
  }
  await sql`CREATE TABLE IF NOT EXISTS hub_sync_cursor (
    env text NOT NULL CHECK (env IN ('test', 'production')),
    resource text NOT NULL CHECK (resource IN ('listings', 'availability', 'rates')),
    phase text NOT NULL CHECK (phase IN ('full', 'delta')),
    next_url text,
    full_started_at bigint,
    delta_since bigint,
    pages_done integer NOT NULL DEFAULT 0,
    records_done integer NOT NULL DEFAULT 0,
    last_success_at timestamptz,
    last_error text,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (env, resource)
  )`.execute(db)
  await sql`CREATE TABLE IF NOT EXISTS hub_quarantine (
    env text NOT NULL CHECK (env IN ('test', 'production')),
    resource text NOT NULL CHECK (resource IN ('listings', 'availability', 'rates')),
    record_id text NOT NULL,
    path text NOT NULL,
    code text NOT NULL,
    raw text NOT NULL,
    first_seen timestamptz NOT NULL,
    last_seen timestamptz NOT NULL,
    PRIMARY KEY (env, resource, record_id)
  )`.execute(db)
  await sql`CREATE TABLE IF NOT EXISTS hub_sync_lease (
    env text PRIMARY KEY CHECK (env IN ('test', 'production')),
    holder text NOT NULL,
    expires_at timestamptz NOT NULL
  )`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'hub_sync_lease',
    'hub_quarantine',
    'hub_sync_cursor',
    'hub_rate',
    'hub_availability'
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db)
  }
  await sql`DROP TABLE IF EXISTS hub_listing`.execute(db)
}
