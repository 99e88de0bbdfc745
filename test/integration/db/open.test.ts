import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { MirrorTooNewError, openMirror } from '../../../src-main/db'
import { openDatabase } from '../../../src-main/db/connection'
import { LATEST_MIGRATION, MIGRATIONS } from '../../../src-main/db/migrations/index'
import { tempDir } from './fixtures'

const dirs: (() => void)[] = []
function temp() {
  const t = tempDir()
  dirs.push(t.cleanup)
  return t
}
afterEach(() => dirs.splice(0).forEach((c) => c()))

describe('openMirror', () => {
  it('sets WAL, synchronous NORMAL, foreign keys and a busy timeout (D1)', async () => {
    const { file } = temp()
    // Pragmas of the connection itself (all but journal_mode), so read on the one connection.ts
    // opens: the mirror hands out no connection.
    const m = await openDatabase(file)
    expect(m.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(m.sqlite.pragma('synchronous', { simple: true })).toBe(1)
    expect(m.sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(m.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000)
    expect(m.recoveredFromCorruption).toBe(false)
    await m.kysely.destroy()
  })

  it('applies every migration once and re-opens without changes', async () => {
    const { file } = temp()
    await (await openMirror(file)).close()
    const m = await openMirror(file)
    const own = new Database(m.file, { readonly: true })
    const names = own.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all()
    own.close()
    expect(names).toEqual(Object.keys(MIGRATIONS).sort())
    expect(names.at(-1)).toBe(LATEST_MIGRATION)
    await m.close()
  })

  it('refuses a file migrated by a newer StayDesk, naming the migration', async () => {
    const { file } = temp()
    await (await openMirror(file)).close()
    const raw = new Database(file)
    raw
      .prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)')
      .run('0099_from_the_future', new Date().toISOString())
    raw.close()
    const err = await openMirror(file).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(MirrorTooNewError)
    expect((err as Error).message).toBe(
      'This mirror database was written by a newer version of StayDesk (migration ' +
        '0099_from_the_future); update StayDesk or choose another profile.'
    )
  })

  it('moves a corrupt file aside and starts a fresh mirror (D7)', async () => {
    const { dir, file } = temp()
    writeFileSync(file, Buffer.alloc(8192, 0x5a))
    const m = await openMirror(file, { now: () => 1_234 })
    expect(m.recoveredFromCorruption).toBe(true)
    expect(m.movedAsideTo).toBe(`${file}.corrupt-1234`)
    expect(existsSync(`${file}.corrupt-1234`)).toBe(true)
    expect(m.sync.counts().listings).toBe(0)
    expect(readdirSync(dir).filter((f) => f.includes('corrupt'))).toHaveLength(1)
    await m.close()
  })

  it('also recovers from a valid header with damaged pages', async () => {
    const { file } = temp()
    const m = await openMirror(file)
    const own = new Database(m.file)
    own.pragma('wal_checkpoint(TRUNCATE)')
    own.close()
    await m.close()
    const bytes = readFileSync(file)
    bytes.fill(0xff, 4096, bytes.length)
    writeFileSync(file, bytes)
    const again = await openMirror(file, { now: () => 5 })
    expect(again.recoveredFromCorruption).toBe(true)
    await again.close()
  })
})
