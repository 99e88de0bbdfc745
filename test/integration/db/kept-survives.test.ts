import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openMirror, type Mirror } from '../../../src-main/db'
import { MIGRATIONS } from '../../../src-main/db/migrations/index'
import { KeptDamagedError } from '../../../src-main/kept'
import { makeBooking } from './booking-fixtures'
import { cursor, makeListing, tempDir } from './fixtures'

/**
 * What the desk kept (references the service can't return, bookings it read) survives a
 * damaged mirror: openMirror is the path the app (features/profiles/active-mirror.ts), the command line and the
 * sync take, and it moves a file failing quick_check aside and builds a new one. The kept store
 * beside it is left alone and attached to the new mirror.
 */

const dirs: (() => void)[] = []
function temp() {
  const t = tempDir()
  dirs.push(t.cleanup)
  return t
}
afterEach(() => dirs.splice(0).forEach((c) => c()))

const LISTINGS = [1, 2, 3, 4, 5].map((id) => makeListing(id))

function sync(m: Mirror) {
  m.sync.commitPage({
    resource: 'listings',
    records: LISTINGS,
    quarantined: [],
    cursor: cursor(1),
    seenAt: 1,
    recordHistory: false
  })
}

/** 4 references and 23 bookings, 2 made here (own reference, listing). */
function keepEverything(m: Mirror) {
  m.kept.keepReferences(
    [
      { listingId: 1, reference: 'CASA-1', url: 'https://channel.example.com/1', status: 'active' },
      { listingId: 2, reference: 'CASA-2' },
      { listingId: 3, reference: 'CASA-3', status: 'building' },
      { listingId: 4, reference: 'CASA-4' }
    ],
    1_000
  )
  for (let i = 0; i < 23; i++) {
    const meta =
      i < 2 ? { listingId: 5, ownReference: `OWN-${i}`, expiresAt: '2026-03-02T10:00:00.000Z' } : {}
    m.bookings.keep(makeBooking(`BK-${100 + i}`, i < 2 ? { status: 'pendingPayment' } : {}), {
      fetchedAt: 2_000 + i,
      ...meta
    })
  }
}

function everythingKept(m: Mirror) {
  return {
    references: m.kept.references(),
    bookings: m.bookings.recent({ limit: 100 }),
    own: m.bookings.idByReference('OWN-1'),
    one: m.bookings.get('BK-110')?.booking
  }
}

/** Garbage over the whole file, as a disk error or a bad copy leaves it. */
function damage(file: string) {
  writeFileSync(file, Buffer.alloc(readFileSync(file).length, 0x5a))
}

describe('kept data and a damaged mirror', () => {
  it('keeps every reference and booking when the mirror is moved aside and rebuilt', async () => {
    const { dir, file } = temp()
    const m = await openMirror(file)
    sync(m)
    keepEverything(m)
    const before = everythingKept(m)
    expect(before.references).toHaveLength(4)
    expect(before.bookings.total).toBe(23)
    await m.close()

    damage(file)
    const rebuilt = await openMirror(file, { now: () => 77 })
    expect(rebuilt.recoveredFromCorruption).toBe(true)
    expect(existsSync(`${file}.corrupt-77`)).toBe(true)
    expect(rebuilt.sync.counts().listings).toBe(0)
    const after = everythingKept(rebuilt)
    expect(after.references).toEqual(before.references)
    expect(after.bookings.total).toBe(23)
    expect(after.own).toBe('BK-101')
    expect(after.one).toEqual(before.one)
    // The listing names come back with the next sync; until then the bookings list without them.
    expect(after.bookings.items.map((b) => ({ ...b, listingName: null }))).toEqual(
      before.bookings.items.map((b) => ({ ...b, listingName: null }))
    )
    sync(rebuilt)
    expect(everythingKept(rebuilt).bookings).toEqual(before.bookings)
    expect(
      rebuilt.bookings.watchList('2026-03-01', Date.parse('2026-03-01T10:00:00Z')).awaitingPayment
    ).toHaveLength(2)
    await rebuilt.close()
    expect(readdirSync(dir).filter((f) => f.includes('kept.sqlite.corrupt'))).toEqual([])
  })

  it('copies what an older mirror kept into the kept store on the first open, and keeps it through a rebuild', async () => {
    const { file } = temp()
    const upTo0008 = Object.fromEntries(
      Object.entries(MIGRATIONS).filter(([name]) => name < '0009')
    )
    // The mirror as the previous version left it: the kept tables in the mirror file itself.
    const old = await openMirror(file, { migrations: upTo0008 })
    sync(old)
    keepEverything(old)
    const before = everythingKept(old)
    const ownOld = new Database(old.file, { readonly: true })
    expect(ownOld.prepare('SELECT count(*) FROM main.bookings').pluck().get()).toBe(23)
    ownOld.close()
    await old.close()

    const upgraded = await openMirror(file)
    expect(everythingKept(upgraded)).toEqual(before)
    const own = new Database(upgraded.file, { readonly: true })
    const mirrorTables = own
      .prepare(`SELECT name FROM main.sqlite_master WHERE type = 'table'`)
      .pluck()
      .all()
    own.close()
    expect(mirrorTables).not.toContain('bookings')
    expect(mirrorTables).not.toContain('listing_references')
    await upgraded.close()

    damage(file)
    const rebuilt = await openMirror(file)
    expect(rebuilt.recoveredFromCorruption).toBe(true)
    sync(rebuilt)
    expect(everythingKept(rebuilt)).toEqual(before)
    await rebuilt.close()
  })

  it('refuses a damaged kept store, naming it and leaving it as it is', async () => {
    const { file } = temp()
    await (await openMirror(file)).close()
    const keptFile = file.replace(/\.db$/, '.kept.sqlite')
    writeFileSync(keptFile, Buffer.alloc(8192, 0x5a))
    const err = await openMirror(file).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeptDamagedError)
    expect((err as Error).message).toBe(
      `The file of kept references and bookings ${keptFile} is damaged and could not be read; ` +
        'StayDesk left it as it is. Keep a copy for support, and move it elsewhere to start ' +
        'without the references and bookings it held.'
    )
    expect(readFileSync(keptFile).equals(Buffer.alloc(8192, 0x5a))).toBe(true)
  })

  it('keeps the store beside the mirror, and a mirror in memory keeps its own', async () => {
    const { dir, file } = temp()
    const m = await openMirror(file)
    expect(m.keptFile).toBe(join(dir, 'mirror.kept.sqlite'))
    await m.close()
    const memory = await openMirror(':memory:')
    expect(memory.keptFile).toBe(':memory:')
    keepEverything(memory)
    expect(everythingKept(memory).bookings.total).toBe(23)
    await memory.close()
  })
})
