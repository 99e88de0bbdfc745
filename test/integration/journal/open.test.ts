import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../src-main/errors'
import { JournalDamagedError, JournalTooNewError, openJournal } from '../../../src-main/journal'
import { openJournalDatabase } from '../../../src-main/journal/connection'
import { JOURNAL_MIGRATIONS, LATEST_JOURNAL_MIGRATION } from '../../../src-main/journal/migrations'
import { cancelRecord, tempJournal } from './fixtures'

const dirs: (() => void)[] = []
function temp() {
  const t = tempJournal()
  dirs.push(t.cleanup)
  return t
}
afterEach(() => dirs.splice(0).forEach((c) => c()))

async function refusal(file: string): Promise<AppError> {
  const err = await openJournal(file).catch((e: unknown) => e)
  expect(err).toBeInstanceOf(AppError)
  expect((err as AppError).code).toBe('database')
  return err as AppError
}

describe('openJournal', () => {
  it('sets WAL, synchronous FULL, foreign keys and a busy timeout', async () => {
    const { file } = temp()
    const sqlite = await openJournalDatabase(file)
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2)
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000)
    sqlite.close()
  })

  it('applies its own migrations once, apart from the mirror, and reopening keeps every entry', async () => {
    const { file } = temp()
    const j = await openJournal(file)
    const first = j.sent(cancelRecord('BK-1'))
    j.answered(first, { outcome: 'done', received: { status: 'cancelled' } })
    const second = j.sent(cancelRecord('BK-2'))
    const before = j.list({})
    j.close()

    const again = await openJournal(file)
    expect(again.list({})).toEqual(before)
    expect(before.items.map((e) => [e.id, e.outcome])).toEqual([
      [second, 'pending'],
      [first, 'done']
    ])
    // The write left pending by the last session can still be answered.
    again.answered(second, { outcome: 'unknown', message: 'No answer came.' })
    expect(again.list({ outcome: 'unknown' }).total).toBe(1)
    again.close()

    const raw = new Database(file, { readonly: true })
    expect(raw.prepare('SELECT name FROM kysely_migration').pluck().all()).toEqual(
      Object.keys(JOURNAL_MIGRATIONS).sort()
    )
    expect(Object.keys(JOURNAL_MIGRATIONS).sort().at(-1)).toBe(LATEST_JOURNAL_MIGRATION)
    raw.close()
  })

  it('refuses a file migrated by a newer StayDesk, naming the file and the migration', async () => {
    const { file } = temp()
    ;(await openJournal(file)).close()
    const raw = new Database(file)
    raw
      .prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)')
      .run('0099_from_the_future', new Date().toISOString())
    raw.close()
    const err = await refusal(file)
    expect(err).toBeInstanceOf(JournalTooNewError)
    expect(err.message).toBe(
      `The audit journal ${file} was written by a newer version of StayDesk (migration ` +
        '0099_from_the_future); update StayDesk to record writes in it.'
    )
  })

  it('refuses a file that is not a database and leaves it exactly as it was', async () => {
    const { dir, file } = temp()
    const junk = Buffer.alloc(8192, 0x5a)
    writeFileSync(file, junk)
    const err = await refusal(file)
    expect(err).toBeInstanceOf(JournalDamagedError)
    expect(err.message).toBe(
      `The audit journal ${file} is damaged and could not be read; StayDesk left it as it is. ` +
        'Keep a copy for support, and move it elsewhere to start a new journal.'
    )
    expect(readFileSync(file).equals(junk)).toBe(true)
    expect(readdirSync(dir)).toEqual(['audit-journal.sqlite'])
  })

  it('refuses a journal with damaged pages, keeps its bytes and builds nothing in its place', async () => {
    const { dir, file } = temp()
    const j = await openJournal(file)
    for (let i = 0; i < 200; i++) j.sent(cancelRecord(`BK-${i}`))
    j.close()
    const bytes = readFileSync(file)
    bytes.fill(0xff, 4096, bytes.length)
    writeFileSync(file, bytes)
    const err = await refusal(file)
    expect(err).toBeInstanceOf(JournalDamagedError)
    expect(err.message).toContain(file)
    expect(readFileSync(file).equals(bytes)).toBe(true)
    expect(readdirSync(dir).filter((f) => f.includes('corrupt'))).toEqual([])
    // A second attempt says the same: the file was not "repaired" by the first.
    expect((await refusal(file)).message).toBe(err.message)
  })

  it('reports a folder it cannot create the file in as a sentence naming the file', async () => {
    const { dir } = temp()
    const file = join(dir, 'missing', 'audit-journal.sqlite')
    const err = await refusal(file)
    expect(err.message).toBe(
      `The audit journal ${file} could not be opened; writes to the service are not possible ` +
        'until it can be.'
    )
    expect(existsSync(join(dir, 'missing'))).toBe(false)
    mkdirSync(join(dir, 'missing'))
    ;(await openJournal(file)).close()
  })
})
