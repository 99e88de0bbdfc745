import Database from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import {
  KEPT_MIGRATIONS,
  KEPT_MIGRATION_TABLES,
  KeptMigrationProvider
} from '../../../src-main/kept/migrations/index'

/** The kept store's 0002 (the watch's alerts), in the style of kept-migrations.test.ts. */

let db: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- as migrations see it

function fresh() {
  db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) })
  return new Migrator({
    db,
    provider: new KeptMigrationProvider(KEPT_MIGRATIONS),
    ...KEPT_MIGRATION_TABLES
  })
}
afterEach(async () => {
  await db?.destroy()
})

const insert = (key: string, ended: number | null = null) =>
  sql`INSERT INTO watch_alerts (kind, listing_id, nights, first_night, dedupe_key, first_seen,
      last_seen, ended_at)
    VALUES ('no-rate', 7, '["2027-08-14"]', '2027-08-14', ${key}, 1, 1, ${ended})`.execute(db)

describe('kept store migration 0002_watch_alerts', () => {
  it('comes after 0001 and adds the alerts and the watch state, keeping what 0001 holds', async () => {
    const m = fresh()
    expect((await m.migrateTo('0001_kept_references_bookings')).error).toBeUndefined()
    await sql`INSERT INTO listing_references VALUES (1, 'OUR-1', NULL, 'active', 9)`.execute(db)
    expect((await m.migrateToLatest()).error).toBeUndefined()
    const tables = (
      await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
        AND name NOT LIKE 'kept_migration%' AND name NOT LIKE 'sqlite%' ORDER BY name`.execute(db)
    ).rows.map((r) => r.name)
    expect(tables).toEqual(['bookings', 'listing_references', 'watch_alerts', 'watch_state'])
    expect((await sql`SELECT reference FROM listing_references`.execute(db)).rows).toEqual([
      { reference: 'OUR-1' }
    ])
  })

  it('one open alert per key; an ended one leaves room for the same situation coming back', async () => {
    const m = fresh()
    expect((await m.migrateToLatest()).error).toBeUndefined()
    await insert('no-rate|7|2027-08-14')
    await expect(insert('no-rate|7|2027-08-14')).rejects.toThrow(/UNIQUE constraint failed/)
    await sql`UPDATE watch_alerts SET ended_at = 5`.execute(db)
    await insert('no-rate|7|2027-08-14')
    await expect(
      sql`UPDATE watch_alerts SET status = 'gone' WHERE id = 1`.execute(db)
    ).rejects.toThrow(/CHECK constraint failed/)
  })

  it('runs twice harmlessly and goes down cleanly', async () => {
    const m = fresh()
    expect((await m.migrateToLatest()).error).toBeUndefined()
    await insert('k')
    await sql`DELETE FROM kept_migration WHERE name = '0002_watch_alerts'`.execute(db)
    expect((await m.migrateToLatest()).error).toBeUndefined()
    expect((await sql`SELECT count(*) AS n FROM watch_alerts`.execute(db)).rows).toEqual([{ n: 1 }])
    expect((await m.migrateDown()).error).toBeUndefined()
    const left = (
      await sql<{ name: string }>`SELECT name FROM sqlite_master
        WHERE type = 'table' AND name LIKE 'watch%'`.execute(db)
    ).rows
    expect(left).toEqual([])
  })
})
