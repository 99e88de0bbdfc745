import Database from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import {
  JOURNAL_MIGRATIONS,
  JournalMigrationProvider
} from '../../../src-main/journal/migrations/index'

/**
 * The journal's migrations in the mirror's style (test/integration/db/migrations.test.ts):
 * migrate to N-1, insert rows, migrate to N, compare; each also goes down and up again.
 */

const names = Object.keys(JOURNAL_MIGRATIONS).sort()
let db: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- as migrations see it

function fresh() {
  db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) })
  return new Migrator({ db, provider: new JournalMigrationProvider(JOURNAL_MIGRATIONS) })
}
afterEach(async () => db?.destroy())

async function to(migrator: Migrator, name: string) {
  const { error } = await migrator.migrateTo(name)
  if (error) throw error
}
const objects = async (type: string) =>
  (
    await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = ${type}
      AND name NOT LIKE 'kysely%' AND name NOT LIKE 'sqlite%' ORDER BY name`.execute(db)
  ).rows.map((r) => r.name)

const sent = (id: string) => sql`INSERT INTO journal_records (write_id, record, at, profile_id,
    profile_name, profile_kind, profile_base_url, action, booking_id, sent_json)
  VALUES (${id}, 'sent', 5, 'p', 'P', 'demo', 'http://x', 'cancel', 'BK-1', '{}')`

describe('journal migrations', () => {
  it('are numbered and sort in apply order', () => {
    expect(names).toEqual(['0001_journal', '0002_settlements'])
  })

  it('0001 creates the records table, its indexes and the append-only triggers; down drops them', async () => {
    const m = fresh()
    await to(m, names[0])
    expect(await objects('table')).toEqual(['journal_records'])
    expect(await objects('index')).toEqual([
      'journal_booking_id',
      'journal_own_reference',
      'journal_records_write',
      'journal_sent_at',
      'journal_sent_profile'
    ])
    expect(await objects('trigger')).toEqual([
      'journal_records_no_delete',
      'journal_records_no_replace',
      'journal_records_no_update'
    ])
    await sent('w1').execute(db)
    await sql`INSERT INTO journal_records (write_id, record, at, outcome, message)
      VALUES ('w1', 'answered', 6, 'done', NULL)`.execute(db)
    // A sent row needs its profile and action; an answer needs its outcome.
    await expect(
      sql`INSERT INTO journal_records (write_id, record, at, action)
        VALUES ('w2', 'sent', 5, 'cancel')`.execute(db)
    ).rejects.toThrow(/CHECK constraint/)
    await expect(
      sql`INSERT INTO journal_records (write_id, record, at) VALUES ('w2', 'answered', 5)`.execute(
        db
      )
    ).rejects.toThrow(/CHECK constraint/)
    const { error } = await m.migrateDown()
    expect(error).toBeUndefined()
    expect(await objects('table')).toEqual([])
    expect(await objects('trigger')).toEqual([])
  })

  it('re-running a migration whose record was lost is harmless (IF NOT EXISTS) and keeps rows', async () => {
    const m = fresh()
    await to(m, names[0])
    await sent('w1').execute(db)
    await sql`DELETE FROM kysely_migration WHERE name = ${names[0]}`.execute(db)
    expect((await m.migrateToLatest()).error).toBeUndefined()
    expect((await sql`SELECT write_id FROM journal_records`.execute(db)).rows).toEqual([
      { write_id: 'w1' }
    ])
  })

  it('0002 adds settlements beside the records: one per known write, append-only; the rows of 0001 stay', async () => {
    const m = fresh()
    await to(m, names[0])
    await sent('w1').execute(db)
    await to(m, '0002_settlements')
    expect(await objects('table')).toEqual(['journal_records', 'journal_settlements'])
    expect((await sql`SELECT write_id FROM journal_records`.execute(db)).rows).toEqual([
      { write_id: 'w1' }
    ])
    const settle = (id: string, result = 'done') =>
      sql`INSERT INTO journal_settlements (write_id, at, result, note, profile_id, profile_name,
        settled_by) VALUES (${id}, 7, ${result}, 'Read it back: cancelled', 'p', 'P', 'ada')`
    await settle('w1').execute(db)
    // A write the journal does not hold, a second settlement, a change or a removal: refused.
    await expect(settle('w9').execute(db)).rejects.toThrow(/no such write/)
    await expect(settle('w1', 'not-done').execute(db)).rejects.toThrow(/append-only/)
    await expect(
      sql`UPDATE journal_settlements SET result = 'not-done'`.execute(db)
    ).rejects.toThrow(/append-only/)
    await expect(sql`DELETE FROM journal_settlements`.execute(db)).rejects.toThrow(/append-only/)
    await expect(settle('w2', 'maybe').execute(db)).rejects.toThrow(/CHECK constraint|no such/)
    const { error } = await m.migrateDown()
    expect(error).toBeUndefined()
    expect(await objects('table')).toEqual(['journal_records'])
    expect((await sql`SELECT write_id FROM journal_records`.execute(db)).rows).toEqual([
      { write_id: 'w1' }
    ])
  })

  it('no column could hold card data: only brand and last4 ever reach the file (P1)', async () => {
    const m = fresh()
    await to(m, names.at(-1)!)
    const names_: string[] = []
    for (const table of ['journal_records', 'journal_settlements']) {
      const columns = await sql<{ name: string }>`PRAGMA table_info(${sql.raw(table)})`.execute(db)
      names_.push(...columns.rows.map((c) => c.name))
    }
    expect(names_).toContain('sent_json')
    expect(names_.filter((n) => /pan|card_?num|cvc|cvv|security_?code|exp/i.test(n))).toEqual([])
  })
})
