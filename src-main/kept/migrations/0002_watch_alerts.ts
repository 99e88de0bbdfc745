/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * The portfolio watch's alerts (issue 23), in the kept store because a dismissal is the user's
 * decision, which no resync of the mirror may undo:
 * - `watch_alerts`: one row per alert. `dedupe_key` names what it is about (kind, listing or
 *   booking, nights, values); while the situation lasts (`ended_at` NULL) the watch finds the
 *   same key again and only updates `last_seen`, so an alert never repeats, dismissed or not.
 *   Once the situation ends (the night closed again, the price moved on) the row keeps its
 *   status, and the same situation coming back later is a new alert: hence the key is unique
 *   only among rows that have not ended. `change_*` is the change as the history recorded it.
 * - `watch_state`: the watch's own bookkeeping per profile store (the last history row a pass
 *   read, when it last ran, the guardrails a manager set), as JSON values under a name.
 * Nights are a JSON array of YYYY-MM-DD; values are integer cents or nights.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS watch_alerts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'seen', 'dismissed')),
      listing_id INTEGER NOT NULL,
      booking_id TEXT,
      nights TEXT NOT NULL,
      first_night TEXT NOT NULL,
      old_value INTEGER,
      new_value INTEGER,
      limit_value INTEGER,
      change_seen_at INTEGER,
      change_old TEXT,
      change_new TEXT,
      dedupe_key TEXT NOT NULL,
      first_seen INTEGER NOT NULL,
      last_seen INTEGER NOT NULL,
      ended_at INTEGER
    ) STRICT`.execute(trx)
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS watch_alerts_open_key
      ON watch_alerts (dedupe_key) WHERE ended_at IS NULL`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS watch_alerts_status
      ON watch_alerts (status, first_seen)`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS watch_alerts_listing
      ON watch_alerts (listing_id, ended_at)`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS watch_state (
      name TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT`.execute(trx)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS watch_state`.execute(trx)
    await sql`DROP TABLE IF EXISTS watch_alerts`.execute(trx)
  })
}
