/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * Writes settled by hand: when a write's outcome was unknown (or its answer never came), the
 * agent finds out (reads the booking later, asks the guest) and records what they found, with a
 * note, under whose name and when. A table of its own rather than a third kind of record, so
 * journal_records keeps exactly its sent and answered rows; append-only like them (the triggers
 * refuse UPDATE, DELETE and a second settlement of one write): what was settled stays settled.
 *
 * Only a write the journal holds can be settled (the foreign key's column is not unique in
 * journal_records, so the insert checks it with a trigger instead). No column may hold card data:
 * the note is refused before it gets here when it holds a card-like number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS journal_settlements (
      write_id TEXT PRIMARY KEY,
      at INTEGER NOT NULL,
      result TEXT NOT NULL CHECK (result IN ('done', 'not-done')),
      note TEXT NOT NULL,
      profile_id TEXT NOT NULL,
      profile_name TEXT NOT NULL,
      settled_by TEXT NOT NULL
    ) STRICT`.execute(trx)
    for (const [name, event, when] of [
      ['journal_settlements_no_update', 'UPDATE', ''],
      ['journal_settlements_no_delete', 'DELETE', ''],
      [
        'journal_settlements_no_replace',
        'INSERT',
        `WHEN EXISTS (SELECT 1 FROM journal_settlements WHERE write_id = NEW.write_id)`
      ]
    ]) {
      await sql
        .raw(
          `CREATE TRIGGER IF NOT EXISTS ${name} BEFORE ${event} ON journal_settlements ${when}
          BEGIN SELECT RAISE(ABORT, 'the audit journal is append-only'); END`
        )
        .execute(trx)
    }
    await sql
      .raw(
        `CREATE TRIGGER IF NOT EXISTS journal_settlements_known_write BEFORE INSERT
        ON journal_settlements WHEN NOT EXISTS (SELECT 1 FROM journal_records
          WHERE write_id = NEW.write_id AND record = 'sent')
        BEGIN SELECT RAISE(ABORT, 'the audit journal has no such write'); END`
      )
      .execute(trx)
  })
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS journal_settlements`.execute(trx)
  })
}
