import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openMirror } from '../../../src-main/db'
import { tempDir } from './fixtures'

let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

describe('mirror file layout', () => {
  it('creates new files with 16 KB pages and keeps the page size of existing ones', async () => {
    const t = tempDir()
    cleanup = t.cleanup
    const m = await openMirror(t.file)
    const own = new Database(m.file, { readonly: true })
    expect(own.pragma('page_size', { simple: true })).toBe(16384)
    own.close()
    await m.close()

    const old = `${t.dir}/old.db`
    const raw = new Database(old)
    raw.pragma('page_size = 4096')
    raw.exec('CREATE TABLE x (a)')
    raw.close()
    const reopened = await openMirror(old)
    const ownOld = new Database(old, { readonly: true })
    expect(ownOld.pragma('page_size', { simple: true })).toBe(4096)
    ownOld.close()
    expect(reopened.sync.counts().listings).toBe(0)
    await reopened.close()
  })
})
