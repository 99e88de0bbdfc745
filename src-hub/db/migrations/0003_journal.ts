/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * The team's shared journal of writes, the bookings desks read or wrote (kept), and the one
 * sequence that orders both for the desks' event polls (src-hub/events).
 *
 * hub_journal: one row per write, inserted and committed before the request leaves, completed
 * when its answer comes. `outcome` is `sending` in between; a hub that dies there leaves the row
 * `sending`, and the next start (or a live hub's sweep, on a server) makes it `unknown`, never
 * sends it again. The unique partial index lets one write per target be on its way per
 * environment (two agents cancelling one booking send one cancellation), in SQL, so it holds
 * across several hub processes on one server. `request` holds any card reduced to brand and
 * last four digits; never a number or a CVC.
 *
 * hub_kept_booking: a booking as last read by any desk (details minus card data), with the
 * columns the search uses, lower-cased.
 *
 * `seq` (bigint, from hub_event_seq) is taken again at every change of a row, under one advisory
 * lock so that changes commit in the order of their numbers: a desk asking `since=<seq>` never
 * skips one committed late.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE IF NOT EXISTS hub_event_seq AS bigint`.execute(db)
  await sql`CREATE TABLE IF NOT EXISTS hub_journal (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    env text NOT NULL CHECK (env IN ('test', 'production')),
    user_id integer NOT NULL REFERENCES hub_user (id),
    action text NOT NULL CHECK (action IN ('create', 'pay', 'cancel', 'reference', 'references')),
    target text NOT NULL,
    booking_id text,
    listing_id integer,
    own_reference text,
    request jsonb NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now(),
    answered_at timestamptz,
    status integer,
    answer jsonb,
    message text,
    outcome text NOT NULL DEFAULT 'sending'
      CHECK (outcome IN ('sending', 'done', 'refused', 'unknown', 'not-sent')),
    settled_at timestamptz,
    settled_by integer REFERENCES hub_user (id),
    settled_result text CHECK (settled_result IN ('done', 'not-done')),
    settled_note text,
    seq bigint NOT NULL
  )`.execute(db)
  await sql`CREATE UNIQUE INDEX IF NOT EXISTS hub_journal_in_flight
    ON hub_journal (env, target) WHERE outcome = 'sending'`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS hub_journal_env_id ON hub_journal (env, id)`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS hub_journal_booking ON hub_journal (env, booking_id)`.execute(
    db
  )
  await sql`CREATE INDEX IF NOT EXISTS hub_journal_seq ON hub_journal (seq)`.execute(db)
  await sql`CREATE TABLE IF NOT EXISTS hub_kept_booking (
    env text NOT NULL CHECK (env IN ('test', 'production')),
    booking_id text NOT NULL,
    own_reference text,
    listing_id integer,
    check_in text,
    check_out text,
    status text,
    guest_name text,
    guest_email text,
    details jsonb,
    kept_at timestamptz NOT NULL DEFAULT now(),
    kept_by integer NOT NULL REFERENCES hub_user (id),
    seq bigint NOT NULL,
    PRIMARY KEY (env, booking_id)
  )`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS hub_kept_booking_ref
    ON hub_kept_booking (env, lower(own_reference) text_pattern_ops)`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS hub_kept_booking_name
    ON hub_kept_booking (env, lower(guest_name) text_pattern_ops)`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS hub_kept_booking_email
    ON hub_kept_booking (env, lower(guest_email) text_pattern_ops)`.execute(db)
  await sql`CREATE INDEX IF NOT EXISTS hub_kept_booking_seq ON hub_kept_booking (seq)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS hub_kept_booking`.execute(db)
  await sql`DROP TABLE IF EXISTS hub_journal`.execute(db)
  await sql`DROP SEQUENCE IF EXISTS hub_event_seq`.execute(db)
}
