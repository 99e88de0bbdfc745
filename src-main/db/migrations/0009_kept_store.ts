/* eslint-disable @typescript-eslint/no-explicit-any -- Kysely migrations take Kysely<any>: frozen in time, never typed by today's schema */
import { sql, type Kysely } from 'kysely'

/**
 * Kept references and bookings leave the mirror for the kept store, a file beside it that a
 * rebuild of a damaged mirror never touches (src-main/kept). The store is attached to this
 * connection as `kept` before the mirror migrates (db/connection.ts), so the rows an older
 * mirror holds are copied over here, once: first the copy, committed in the kept file, then
 * the drop, each in its own transaction (a transaction over two WAL files is not atomic as a
 * whole). A crash between the two re-runs the copy, and INSERT OR IGNORE keeps what the kept
 * store already holds, so nothing is doubled or overwritten. After this the kept store is the
 * one place these facts live; the mirror keeps only what a sync can bring back.
 *
 * Without the store attached (a mirror in memory holds its kept tables itself), tables with
 * rows are refused rather than dropped.
 */
const BOOKING_COLUMNS = `id, own_reference, status, payment_status, guest_name, guest_key,
  check_in, check_out, listing_id, total_cents, expires_at, json, fetched_at`
const REFERENCE_COLUMNS = 'listing_id, reference, url, status, set_at'

async function mirrorTables(db: Kysely<any>): Promise<string[]> {
  const rows = await sql<{ name: string }>`SELECT name FROM main.sqlite_master
    WHERE type = 'table' AND name IN ('bookings', 'listing_references')`.execute(db)
  return rows.rows.map((r) => r.name)
}

async function keptAttached(db: Kysely<any>): Promise<boolean> {
  const rows = await sql<{ name: string }>`PRAGMA database_list`.execute(db)
  return rows.rows.some((r) => r.name === 'kept')
}

export async function up(db: Kysely<any>): Promise<void> {
  const present = await mirrorTables(db)
  if (present.length === 0) return
  if (await keptAttached(db)) {
    await db.transaction().execute(async (trx) => {
      if (present.includes('listing_references')) {
        await sql
          .raw(
            `INSERT OR IGNORE INTO kept.listing_references (${REFERENCE_COLUMNS})
             SELECT ${REFERENCE_COLUMNS} FROM main.listing_references ORDER BY listing_id`
          )
          .execute(trx)
      }
      // In rowid order: the recent list breaks ties of one read time by it.
      if (present.includes('bookings')) {
        await sql
          .raw(
            `INSERT OR IGNORE INTO kept.bookings (${BOOKING_COLUMNS})
             SELECT ${BOOKING_COLUMNS} FROM main.bookings ORDER BY rowid`
          )
          .execute(trx)
      }
    })
  } else {
    for (const table of present) {
      const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM main.${sql.table(
        table
      )}`.execute(db)
      if (rows.rows[0].n > 0) {
        throw new Error(`main.${table} holds kept rows and no kept store is attached to take them`)
      }
    }
  }
  await db.transaction().execute(async (trx) => {
    await sql`DROP TABLE IF EXISTS main.bookings`.execute(trx)
    await sql`DROP TABLE IF EXISTS main.listing_references`.execute(trx)
  })
}

/** The mirror's tables as 0007 and 0008 made them, refilled from the kept store when attached. */
export async function down(db: Kysely<any>): Promise<void> {
  const attached = await keptAttached(db)
  await db.transaction().execute(async (trx) => {
    await sql`CREATE TABLE IF NOT EXISTS main.listing_references (
      listing_id INTEGER PRIMARY KEY,
      reference TEXT NOT NULL,
      url TEXT,
      status TEXT,
      set_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
    await sql`CREATE INDEX IF NOT EXISTS main.listing_references_reference
      ON listing_references (reference)`.execute(trx)
    await sql`CREATE TABLE IF NOT EXISTS main.bookings (
      id TEXT PRIMARY KEY,
      own_reference TEXT,
      status TEXT NOT NULL,
      payment_status TEXT,
      guest_name TEXT,
      guest_key TEXT,
      check_in TEXT NOT NULL,
      check_out TEXT NOT NULL,
      listing_id INTEGER,
      total_cents INTEGER,
      expires_at TEXT,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    ) STRICT`.execute(trx)
    for (const [name, columns] of [
      ['bookings_fetched_at', 'fetched_at'],
      ['bookings_status', 'status, fetched_at'],
      ['bookings_own_reference', 'own_reference'],
      ['bookings_listing_id', 'listing_id'],
      ['bookings_check_in', 'check_in']
    ]) {
      await sql.raw(`CREATE INDEX IF NOT EXISTS main.${name} ON bookings (${columns})`).execute(trx)
    }
    if (attached) {
      await sql
        .raw(
          `INSERT OR IGNORE INTO main.listing_references (${REFERENCE_COLUMNS})
           SELECT ${REFERENCE_COLUMNS} FROM kept.listing_references`
        )
        .execute(trx)
      await sql
        .raw(
          `INSERT OR IGNORE INTO main.bookings (${BOOKING_COLUMNS})
           SELECT ${BOOKING_COLUMNS} FROM kept.bookings ORDER BY rowid`
        )
        .execute(trx)
    }
  })
}
