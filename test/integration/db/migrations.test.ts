import { deflateRawSync } from 'node:zlib'
import Database from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, StaticMigrationProvider } from '../../../src-main/db/migrations/index'
import { openKeptDatabase } from '../../../src-main/kept'
import { tempDir } from './fixtures'

/**
 * Signal style: migrate to N-1, insert rows, migrate to N, compare. Each migration also goes
 * down and up again so `down` is known to work.
 */

const names = Object.keys(MIGRATIONS).sort()
let db: Kysely<any> // eslint-disable-line @typescript-eslint/no-explicit-any -- as migrations see it

function fresh() {
  db = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) })
  return new Migrator({ db, provider: new StaticMigrationProvider(MIGRATIONS) })
}
afterEach(async () => db?.destroy())

async function to(migrator: Migrator, name: string) {
  const { error } = await migrator.migrateTo(name)
  if (error) throw error
}
const tables = async () =>
  (
    await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'
      AND name NOT LIKE 'kysely%' AND name NOT LIKE 'sqlite%' ORDER BY name`.execute(db)
  ).rows.map((r) => r.name)

describe('migrations', () => {
  it('are numbered and sort in apply order', () => {
    expect(names).toEqual([
      '0001_listings_sync_state',
      '0002_packed_calendars',
      '0003_quarantine_history',
      '0004_listing_json_any',
      '0005_listing_pricing',
      '0006_listing_places',
      '0007_kept_bookings',
      '0008_kept_references_images_prefs',
      '0009_kept_store'
    ])
  })

  it('0001 creates listings and sync_state', async () => {
    const m = fresh()
    await to(m, names[0])
    expect(await tables()).toEqual(['listings', 'sync_state'])
    await sql`INSERT INTO listings (id, name, search_text, json, seen_at)
      VALUES (1, 'a', '1', '{"id":1}', 5)`.execute(db)
    await sql`INSERT INTO sync_state VALUES ('listings', '{"phase":"full"}', 5)`.execute(db)
    const { error } = await m.migrateDown()
    expect(error).toBeUndefined()
    expect(await tables()).toEqual([])
  })

  it('0002 adds packed availability and rates, keeping listings and cursors', async () => {
    const m = fresh()
    await to(m, names[0])
    await sql`INSERT INTO listings (id, name, search_text, json, seen_at)
      VALUES (1, 'a', '1', '{"id":1}', 5)`.execute(db)
    await sql`INSERT INTO sync_state VALUES ('listings', '{"phase":"delta"}', 5)`.execute(db)
    await to(m, names[1])
    expect(await tables()).toEqual(['availability', 'listings', 'rates', 'sync_state'])
    expect((await sql`SELECT id, json FROM listings`.execute(db)).rows).toEqual([
      { id: 1, json: '{"id":1}' }
    ])
    expect((await sql`SELECT cursor FROM sync_state`.execute(db)).rows).toEqual([
      { cursor: '{"phase":"delta"}' }
    ])
    await sql`INSERT INTO availability VALUES (1, 20000, x'07', 1, x'01', x'02', NULL, 5)`.execute(
      db
    )
    await sql`INSERT INTO rates VALUES (1, 20000, x'10270000', '{}', NULL, 5)`.execute(db)
    await m.migrateDown()
    expect(await tables()).toEqual(['listings', 'sync_state'])
  })

  it('0003 adds quarantine and history, keeping calendars', async () => {
    const m = fresh()
    await to(m, names[1])
    await sql`INSERT INTO availability VALUES (1, 20000, x'07', 1, x'01', x'02', NULL, 5)`.execute(
      db
    )
    await to(m, names[2])
    expect(await tables()).toEqual([
      'availability',
      'history',
      'listings',
      'quarantine',
      'quarantine_counters',
      'rates',
      'sync_state'
    ])
    const rows = (await sql<{ flags: Uint8Array }>`SELECT flags FROM availability`.execute(db)).rows
    expect([...rows[0].flags]).toEqual([7])
    await sql`INSERT INTO quarantine (resource, record_id, path, code, raw, first_seen, last_seen)
      VALUES ('rates', '1', 'rate', 'invalid_type', '{}', 1, 1)`.execute(db)
    await expect(
      sql`INSERT INTO quarantine (resource, record_id, path, code, raw, first_seen, last_seen)
        VALUES ('rates', '1', 'rate', 'invalid_type', '{}', 1, 1)`.execute(db)
    ).rejects.toThrow(/UNIQUE/)
    await m.migrateDown()
    expect(await tables()).not.toContain('history')
  })

  it('0004 lets listings.json hold compressed JSON, keeping rows, indexes and plain JSON', async () => {
    const m = fresh()
    await to(m, names[2])
    await sql`INSERT INTO listings (id, name, search_text, city, json, seen_at)
      VALUES (1, 'a', '1', 'Split', '{"id":1}', 5)`.execute(db)
    await to(m, names[3])
    expect((await sql`SELECT id, city, json FROM listings`.execute(db)).rows).toEqual([
      { id: 1, city: 'Split', json: '{"id":1}' }
    ])
    const indexes = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE type = 'index' AND tbl_name = 'listings' ORDER BY name`.execute(db)
    expect(indexes.rows.map((r) => r.name)).toContain('listings_city')
    expect(indexes.rows).toHaveLength(8)
    const packed = deflateRawSync('{"id":2}')
    await sql`INSERT INTO listings (id, name, search_text, json, seen_at)
      VALUES (2, 'b', '2', ${packed}, 5)`.execute(db)
    const { error } = await m.migrateDown()
    expect(error).toBeUndefined()
    expect((await sql`SELECT id, json FROM listings ORDER BY id`.execute(db)).rows).toEqual([
      { id: 1, json: '{"id":1}' },
      { id: 2, json: '{"id":2}' }
    ])
    await expect(
      sql`INSERT INTO listings (id, name, search_text, json, seen_at)
        VALUES (3, 'c', '3', ${packed}, 5)`.execute(db)
    ).rejects.toThrow(/cannot store BLOB/)
  })

  it('0005 adds the pricing column, null for existing rows, and runs twice harmlessly', async () => {
    const m = fresh()
    await to(m, names[3])
    await sql`INSERT INTO listings (id, name, search_text, json, seen_at)
      VALUES (1, 'a', '1', '{"id":1}', 5)`.execute(db)
    await to(m, names[4])
    expect((await sql`SELECT id, pricing FROM listings`.execute(db)).rows).toEqual([
      { id: 1, pricing: null }
    ])
    await sql`DELETE FROM kysely_migration WHERE name = ${names[4]}`.execute(db)
    expect((await m.migrateTo(names[4])).error).toBeUndefined()
    expect((await m.migrateDown()).error).toBeUndefined()
    const columns = await sql<{ name: string }>`PRAGMA table_info(listings)`.execute(db)
    expect(columns.rows.map((c) => c.name)).not.toContain('pricing')
  })

  it('0006 fills the place columns of existing rows, plain and deflated, and runs twice harmlessly', async () => {
    const m = fresh()
    await to(m, names[4])
    const spain = {
      id: 1,
      location: {
        city: 'Córdoba',
        region: 'Andalucía',
        country: 'España',
        en: { country: 'Spain' }
      }
    }
    const austria = {
      id: 2,
      location: { city: 'Hallstatt', country: 'Österreich', en: { country: 'Austria' } }
    }
    await sql`INSERT INTO listings (id, name, search_text, json, seen_at)
      VALUES (1, 'a', '1', ${JSON.stringify(spain)}, 5),
             (2, 'b', '2', ${deflateRawSync(JSON.stringify(austria))}, 5),
             (3, 'c', '3', '{"id":3}', 5)`.execute(db)
    await to(m, names[5])
    const rows = async () =>
      (
        await sql`SELECT id, country_en, country_keys, region_en, region_keys, city_en, city_keys
          FROM listings ORDER BY id`.execute(db)
      ).rows
    const expected = [
      {
        id: 1,
        country_en: 'Spain',
        country_keys: 'espana\nspain',
        region_en: null,
        region_keys: 'andalucia',
        city_en: null,
        city_keys: 'cordoba'
      },
      {
        id: 2,
        country_en: 'Austria',
        country_keys: 'osterreich\naustria',
        region_en: null,
        region_keys: null,
        city_en: null,
        city_keys: 'hallstatt'
      },
      {
        id: 3,
        country_en: null,
        country_keys: null,
        region_en: null,
        region_keys: null,
        city_en: null,
        city_keys: null
      }
    ]
    expect(await rows()).toEqual(expected)
    await sql`DELETE FROM kysely_migration WHERE name = ${names[5]}`.execute(db)
    expect((await m.migrateTo(names[5])).error).toBeUndefined()
    expect(await rows()).toEqual(expected)
    expect((await m.migrateDown()).error).toBeUndefined()
    const columns = await sql<{ name: string }>`PRAGMA table_info(listings)`.execute(db)
    expect(columns.rows.map((c) => c.name).filter((c) => /_(en|keys)$/.test(c))).toEqual([])
  })

  it('0007 adds kept bookings and fills listing coordinates, plain and deflated, and runs twice harmlessly', async () => {
    const m = fresh()
    await to(m, names[5])
    const split = { id: 1, location: { city: 'Split', latitude: 43.5081, longitude: 16.4402 } }
    const rovinj = { id: 2, location: { latitude: 45.0812, longitude: 13.6387 } }
    const asText = { id: 4, location: { latitude: '45.5', longitude: 'east' } }
    await sql`INSERT INTO listings (id, name, search_text, json, seen_at)
      VALUES (1, 'a', '1', ${JSON.stringify(split)}, 5),
             (2, 'b', '2', ${deflateRawSync(JSON.stringify(rovinj))}, 5),
             (3, 'c', '3', '{"id":3}', 5),
             (4, 'd', '4', ${JSON.stringify(asText)}, 5),
             (5, 'e', '5', 'not json', 5)`.execute(db)
    await to(m, names[6])
    expect(await tables()).toContain('bookings')
    const rows = async () =>
      (await sql`SELECT id, latitude, longitude FROM listings ORDER BY id`.execute(db)).rows
    const expected = [
      { id: 1, latitude: 43.5081, longitude: 16.4402 },
      { id: 2, latitude: 45.0812, longitude: 13.6387 },
      { id: 3, latitude: null, longitude: null },
      { id: 4, latitude: 45.5, longitude: null },
      { id: 5, latitude: null, longitude: null }
    ]
    expect(await rows()).toEqual(expected)
    const indexes = async (table: string) =>
      (
        await sql<{ name: string }>`SELECT name FROM sqlite_master
          WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL ORDER BY name`.execute(
          db
        )
      ).rows.map((r) => r.name)
    expect(await indexes('bookings')).toEqual([
      'bookings_check_in',
      'bookings_fetched_at',
      'bookings_listing_id',
      'bookings_own_reference',
      'bookings_status'
    ])
    expect(await indexes('listings')).toContain('listings_position')
    await sql`INSERT INTO bookings (id, status, check_in, check_out, json, fetched_at)
      VALUES ('BK-1', 'confirmed', '2026-04-10', '2026-04-17', '{"id":"BK-1"}', 7)`.execute(db)
    await expect(
      sql`INSERT INTO bookings (id, status, check_in, check_out, json, fetched_at)
        VALUES ('BK-2', 'confirmed', '2026-04-10', '2026-04-17', '{}', 'yesterday')`.execute(db)
    ).rejects.toThrow(/cannot store TEXT value in INTEGER column/)

    await sql`DELETE FROM kysely_migration WHERE name = ${names[6]}`.execute(db)
    expect((await m.migrateTo(names[6])).error).toBeUndefined()
    expect(await rows()).toEqual(expected)
    expect((await sql`SELECT id FROM bookings`.execute(db)).rows).toEqual([{ id: 'BK-1' }])

    expect((await m.migrateDown()).error).toBeUndefined()
    expect(await tables()).not.toContain('bookings')
    const columns = await sql<{ name: string }>`PRAGMA table_info(listings)`.execute(db)
    expect(columns.rows.map((c) => c.name)).not.toContain('latitude')
    expect(await indexes('listings')).not.toContain('listings_position')
  })

  it('0008 adds kept references, images and prefs, keeps earlier data, and runs twice harmlessly', async () => {
    const m = fresh()
    await to(m, names[6])
    await sql`INSERT INTO listings (id, name, search_text, json, seen_at)
      VALUES (1, 'a', '1', '{"id":1}', 5)`.execute(db)
    await to(m, names[7])
    expect(await tables()).toEqual(
      expect.arrayContaining(['listing_images', 'listing_references', 'prefs'])
    )
    await sql`INSERT INTO listing_references VALUES (1, 'OUR-1', NULL, 'active', 9)`.execute(db)
    await sql`INSERT INTO listing_images VALUES (1, 0, 'http://x/1.svg', 'image/svg+xml', x'3c73', 9)`.execute(
      db
    )
    await sql`INSERT INTO prefs VALUES ('listings.view', '{}', 9)`.execute(db)
    await expect(
      sql`INSERT INTO listing_images VALUES (1, 0, 'http://x/1b.svg', 'image/png', x'00', 10)`.execute(
        db
      )
    ).rejects.toThrow(/UNIQUE/)
    await sql`DELETE FROM kysely_migration WHERE name = ${names[7]}`.execute(db)
    expect((await m.migrateTo(names[7])).error).toBeUndefined()
    expect((await sql`SELECT reference FROM listing_references`.execute(db)).rows).toEqual([
      { reference: 'OUR-1' }
    ])
    expect((await m.migrateDown()).error).toBeUndefined()
    expect(await tables()).not.toContain('listing_references')
    expect((await sql`SELECT id FROM listings`.execute(db)).rows).toEqual([{ id: 1 }])
  })

  it('0009 copies kept references and bookings into the attached kept store once, then drops them from the mirror', async () => {
    const t = tempDir()
    try {
      const keptFile = `${t.dir}/kept.sqlite`
      const store = await openKeptDatabase(keptFile)
      // A reference set after an earlier copy: the kept store's value wins over the mirror's.
      store.prepare(`INSERT INTO listing_references VALUES (3, 'KEPT-3', NULL, 'active', 20)`).run()
      store.close()
      const m = fresh()
      await to(m, names[7])
      await sql`INSERT INTO listing_references VALUES (1, 'OUR-1', 'https://x.example/1', 'active', 9),
        (2, 'OUR-2', NULL, NULL, 9), (3, 'OLD-3', NULL, NULL, 9)`.execute(db)
      for (const [id, fetched] of [
        ['BK-2', 7],
        ['BK-1', 7],
        ['BK-3', 8]
      ] as const) {
        await sql`INSERT INTO bookings (id, own_reference, status, check_in, check_out, json, fetched_at)
          VALUES (${id}, ${`R-${id}`}, 'confirmed', '2026-04-10', '2026-04-17', ${`{"id":"${id}"}`}, ${fetched})`.execute(
          db
        )
      }
      await sql`ATTACH DATABASE ${keptFile} AS kept`.execute(db)
      await to(m, names[8])

      expect(await tables()).not.toContain('bookings')
      expect(await tables()).not.toContain('listing_references')
      const references = async () =>
        (
          await sql`SELECT listing_id, reference, url, status, set_at FROM kept.listing_references
            ORDER BY listing_id`.execute(db)
        ).rows
      const expectedReferences = [
        {
          listing_id: 1,
          reference: 'OUR-1',
          url: 'https://x.example/1',
          status: 'active',
          set_at: 9
        },
        { listing_id: 2, reference: 'OUR-2', url: null, status: null, set_at: 9 },
        { listing_id: 3, reference: 'KEPT-3', url: null, status: 'active', set_at: 20 }
      ]
      expect(await references()).toEqual(expectedReferences)
      // In the mirror's rowid order, which breaks ties of one read time in the recent list.
      const bookings = async () =>
        (
          await sql`SELECT id, own_reference, fetched_at FROM kept.bookings ORDER BY rowid`.execute(
            db
          )
        ).rows
      const expectedBookings = [
        { id: 'BK-2', own_reference: 'R-BK-2', fetched_at: 7 },
        { id: 'BK-1', own_reference: 'R-BK-1', fetched_at: 7 },
        { id: 'BK-3', own_reference: 'R-BK-3', fetched_at: 8 }
      ]
      expect(await bookings()).toEqual(expectedBookings)

      // Down puts the tables back, refilled; up again (a crash between copy and drop re-runs
      // the copy) neither doubles nor overwrites what the kept store holds.
      expect((await m.migrateDown()).error).toBeUndefined()
      expect((await sql`SELECT count(*) AS n FROM main.bookings`.execute(db)).rows).toEqual([
        { n: 3 }
      ])
      await sql`UPDATE main.listing_references SET reference = 'STALE' WHERE listing_id = 1`.execute(
        db
      )
      await to(m, names[8])
      expect(await references()).toEqual(expectedReferences)
      expect(await bookings()).toEqual(expectedBookings)
      await sql`DELETE FROM kysely_migration WHERE name = ${names[8]}`.execute(db)
      expect((await m.migrateTo(names[8])).error).toBeUndefined()
      expect(await bookings()).toEqual(expectedBookings)
      await sql`DETACH DATABASE kept`.execute(db)
    } finally {
      t.cleanup()
    }
  })

  it('0009 refuses to drop kept rows when no kept store is attached, and drops empty tables', async () => {
    const m = fresh()
    await to(m, names[7])
    await sql`INSERT INTO listing_references VALUES (1, 'OUR-1', NULL, NULL, 9)`.execute(db)
    const { error } = await m.migrateTo(names[8])
    expect(String(error)).toMatch(/main.listing_references holds kept rows/)
    expect(await tables()).toContain('listing_references')
    await sql`DELETE FROM listing_references`.execute(db)
    expect((await m.migrateTo(names[8])).error).toBeUndefined()
    expect(await tables()).not.toContain('listing_references')
  })

  it('re-running a migration whose record was lost is harmless (IF NOT EXISTS)', async () => {
    const m = fresh()
    await to(m, names[2])
    await sql`DELETE FROM kysely_migration WHERE name = ${names[2]}`.execute(db)
    const { error } = await m.migrateToLatest()
    expect(error).toBeUndefined()
  })
})
