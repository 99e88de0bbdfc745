import Database from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openMirror } from '../../../src-main/db'
import { KeptTooNewError, openKeptDatabase } from '../../../src-main/kept'
import {
  KEPT_MIGRATIONS,
  KEPT_MIGRATION_TABLES,
  KeptMigrationProvider
} from '../../../src-main/kept/migrations/index'
import { tempDir } from './fixtures'

/** The kept store's own migrations, in the style of the mirror's (migrations.test.ts). */

const names = Object.keys(KEPT_MIGRATIONS).sort()
let db: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- as migrations see it
const dirs: (() => void)[] = []

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
  dirs.splice(0).forEach((c) => c())
})

const tables = async () =>
  (
    await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
      AND name NOT LIKE 'kept_migration%' AND name NOT LIKE 'sqlite%' ORDER BY name`.execute(db)
  ).rows.map((r) => r.name)

describe('kept store migrations', () => {
  it('are numbered and sort in apply order', () => {
    expect(names).toEqual(['0001_kept_references_bookings', '0002_watch_alerts'])
  })

  it('0001 creates kept references and bookings with the indexes the lists use, and runs twice harmlessly', async () => {
    const m = fresh()
    expect((await m.migrateTo(names[0])).error).toBeUndefined()
    expect(await tables()).toEqual(['bookings', 'listing_references'])
    const indexes = (
      await sql<{ name: string }>`SELECT name FROM sqlite_master
        WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`.execute(db)
    ).rows.map((r) => r.name)
    expect(indexes).toEqual([
      'bookings_check_in',
      'bookings_fetched_at',
      'bookings_listing_id',
      'bookings_own_reference',
      'bookings_status',
      'listing_references_reference'
    ])
    await sql`INSERT INTO listing_references VALUES (1, 'OUR-1', NULL, 'active', 9)`.execute(db)
    await sql`INSERT INTO bookings (id, status, check_in, check_out, json, fetched_at)
      VALUES ('BK-1', 'confirmed', '2026-04-10', '2026-04-17', '{"id":"BK-1"}', 7)`.execute(db)
    await expect(
      sql`INSERT INTO bookings (id, status, check_in, check_out, json, fetched_at)
        VALUES ('BK-2', 'confirmed', '2026-04-10', '2026-04-17', '{}', 'yesterday')`.execute(db)
    ).rejects.toThrow(/cannot store TEXT value in INTEGER column/)

    await sql`DELETE FROM kept_migration WHERE name = ${names[0]}`.execute(db)
    expect((await m.migrateTo(names[0])).error).toBeUndefined()
    expect((await sql`SELECT reference FROM listing_references`.execute(db)).rows).toEqual([
      { reference: 'OUR-1' }
    ])
    expect((await m.migrateDown()).error).toBeUndefined()
    expect(await tables()).toEqual([])
  })

  it('a kept store migrated by a newer StayDesk is refused, naming the file and the migration', async () => {
    const t = tempDir()
    dirs.push(t.cleanup)
    const file = `${t.dir}/mirror.kept.sqlite`
    const store = await openKeptDatabase(file)
    store
      .prepare('INSERT INTO kept_migration (name, timestamp) VALUES (?, ?)')
      .run('0099_from_the_future', new Date().toISOString())
    store.close()
    const err = await openMirror(t.file).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeptTooNewError)
    expect((err as Error).message).toBe(
      `The kept references and bookings ${file} were written by a newer version of StayDesk ` +
        '(migration 0099_from_the_future); update StayDesk or choose another profile.'
    )
  })
})
