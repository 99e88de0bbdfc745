import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openJournal } from '../../../src-main/journal'
import { cancelRecord, tempJournal } from './fixtures'

/**
 * The journal refuses changes in SQLite itself, not only in its code: another program, a
 * support script or a later StayDesk with a bug meets the same triggers.
 */

let t: ReturnType<typeof tempJournal>
let raw: Database.Database
let snapshot: () => unknown[]

beforeEach(async () => {
  t = tempJournal()
  const j = await openJournal(t.file)
  const id = j.sent(cancelRecord('BK-1'))
  j.answered(id, { outcome: 'done', message: 'Cancelled.' })
  j.sent(cancelRecord('BK-2'))
  j.close()
  raw = new Database(t.file)
  snapshot = () => raw.prepare('SELECT * FROM journal_records ORDER BY seq').all()
})
afterEach(() => {
  raw.close()
  t.cleanup()
})

const APPEND_ONLY = /the audit journal is append-only/

describe('the journal is append-only', () => {
  it('refuses an UPDATE through SQL and changes nothing', () => {
    const before = snapshot()
    expect(() => raw.prepare(`UPDATE journal_records SET outcome = 'refused'`).run()).toThrow(
      APPEND_ONLY
    )
    expect(() =>
      raw.prepare(`UPDATE journal_records SET sent_json = '{}' WHERE record = 'sent'`).run()
    ).toThrow(APPEND_ONLY)
    expect(snapshot()).toEqual(before)
  })

  it('refuses a DELETE through SQL and changes nothing', () => {
    const before = snapshot()
    expect(() => raw.prepare('DELETE FROM journal_records').run()).toThrow(APPEND_ONLY)
    expect(() => raw.prepare(`DELETE FROM journal_records WHERE seq = 1`).run()).toThrow(
      APPEND_ONLY
    )
    expect(snapshot()).toEqual(before)
  })

  it('refuses to overwrite a record by INSERT OR REPLACE or an upsert, and changes nothing', () => {
    const before = snapshot() as { write_id: string }[]
    const id = before[0].write_id
    expect(() =>
      raw
        .prepare(
          `INSERT OR REPLACE INTO journal_records (write_id, record, at, outcome)
          VALUES (?, 'answered', 9, 'refused')`
        )
        .run(id)
    ).toThrow(APPEND_ONLY)
    expect(() =>
      raw
        .prepare(
          `INSERT OR REPLACE INTO journal_records (seq, write_id, record, at, outcome)
          VALUES (1, 'other', 'answered', 9, 'refused')`
        )
        .run()
    ).toThrow(APPEND_ONLY)
    expect(() =>
      raw
        .prepare(
          `INSERT INTO journal_records (write_id, record, at, outcome)
          VALUES (?, 'answered', 9, 'refused')
          ON CONFLICT (write_id, record) DO UPDATE SET outcome = excluded.outcome`
        )
        .run(id)
    ).toThrow(APPEND_ONLY)
    expect(snapshot()).toEqual(before)
  })

  it('still accepts new records, so the journal goes on after a refused change', async () => {
    expect(() => raw.prepare('DELETE FROM journal_records').run()).toThrow(APPEND_ONLY)
    raw.close()
    const j = await openJournal(t.file)
    j.sent(cancelRecord('BK-3'))
    expect(j.list({}).total).toBe(3)
    j.close()
    raw = new Database(t.file)
  })
})
