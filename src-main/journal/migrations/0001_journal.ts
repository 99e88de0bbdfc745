/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * The audit journal's one table: a row when a write is sent and a row when its answer arrives,
 * linked by the write's id, never changed afterwards. Two rows rather than one row updated so
 * that the table can refuse every UPDATE, DELETE and overwriting INSERT (the triggers below): what was recorded
 * stays as it was recorded, even if a later version of StayDesk has a bug.
 *
 * Booking ids and own references compare case-insensitively (COLLATE NOCASE, ASCII only) and
 * are indexed, as is the sent time, so the journal screen's filters stay fast on 100,000 writes.
 * No column may hold card data (reliability checklist P1): the request is kept as forJournal
 * made it, a card reduced to its brand and last four digits.
 *
 * Migrations import no app code: they are frozen in time. CREATE ... IF NOT EXISTS because
 * Kysely records a migration only after its transaction commits, so a crash in between re-runs it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS journal_records (
      seq INTEGER PRIMARY KEY,
      write_id TEXT NOT NULL,
      record TEXT NOT NULL CHECK (record IN ('sent', 'answered')),
      at INTEGER NOT NULL,
      profile_id TEXT,
      profile_name TEXT,
      profile_kind TEXT,
      profile_base_url TEXT,
      action TEXT,
      booking_id TEXT COLLATE NOCASE,
      listing_id INTEGER,
      own_reference TEXT COLLATE NOCASE,
      sent_json TEXT,
      received_json TEXT,
      outcome TEXT,
      message TEXT,
      CHECK (
        (record = 'sent' AND profile_id IS NOT NULL AND profile_name IS NOT NULL
          AND profile_kind IS NOT NULL AND profile_base_url IS NOT NULL AND action IS NOT NULL
          AND outcome IS NULL)
        OR (record = 'answered' AND outcome IS NOT NULL AND action IS NULL)
      )
    ) STRICT`.execute(trx)
    // One sent row and at most one answer per write; also the join from a write to its answer.
    await sql`CREATE UNIQUE INDEX IF NOT EXISTS journal_records_write
      ON journal_records (write_id, record)`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS journal_sent_at
      ON journal_records (at) WHERE record = 'sent'`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS journal_sent_profile
      ON journal_records (profile_id, at) WHERE record = 'sent'`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS journal_booking_id
      ON journal_records (booking_id)`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS journal_own_reference
      ON journal_records (own_reference)`.execute(trx)
    // INSERT OR REPLACE and upserts would overwrite a record without an UPDATE, and the DELETE
    // of a replaced row fires triggers only where recursive_triggers is on: so an insert that
    // meets an existing record (same write and kind, or same seq) is refused before it can.
    for (const [name, event, when] of [
      ['journal_records_no_update', 'UPDATE', ''],
      ['journal_records_no_delete', 'DELETE', ''],
      [
        'journal_records_no_replace',
        'INSERT',
        `WHEN EXISTS (SELECT 1 FROM journal_records WHERE seq = NEW.seq
          OR (write_id = NEW.write_id AND record = NEW.record))`
      ]
    ]) {
      await sql
        .raw(
          `CREATE TRIGGER IF NOT EXISTS ${name} BEFORE ${event} ON journal_records ${when}
          BEGIN SELECT RAISE(ABORT, 'the audit journal is append-only'); END`
        )
        .execute(trx)
    }
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS journal_records`.execute(trx)
  })
}
