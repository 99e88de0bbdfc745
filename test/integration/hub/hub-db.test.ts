import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateHubDatabase, type HubDb } from '../../../src-hub/db/connect'
import { HUB_MIGRATIONS } from '../../../src-hub/db/migrations/index'
import { packedLine } from '@shared/calendar/packed-lines'
import { packCatalog } from '../../../src-hub/sync/pack'
import { listingLine } from '../../../src-main/api/snapshot'
import { unpackJson } from '../../../src-main/db/listing-json'
import { commitPage, type HubCursor } from '../../../src-hub/sync/store'
import { Authenticator, createToken, listTokens, revokeToken } from '../../../src-hub/tokens'
import { addUser, disableUser, listUsers, setUserRole } from '../../../src-hub/users'
import { dumpDatabase, HUB_DATABASES, openMigrated, useHubPlaces, type HubPlace } from './fixture'

const places = useHubPlaces()
const open: HubDb[] = []

afterEach(async () => {
  for (const hub of open.splice(0)) await hub.close()
})

async function migrated(place: HubPlace): Promise<HubDb> {
  const hub = await openMigrated(place)
  open.push(hub)
  return hub
}

const day = { available: true, checkInDay: true, checkOutDay: false, minStay: 2, maxStay: 14 }
const calendar = (listingId: number, minStay: number) =>
  JSON.stringify({ listingId, availability: { '2027-02-10': { ...day, minStay } } })
const cursor: HubCursor = {
  phase: 'full',
  nextUrl: null,
  fullStartedAt: 1_795_000_000,
  deltaSince: null,
  pagesDone: 1,
  recordsDone: 2,
  lastSuccessAt: null,
  lastError: null
}

/** A page of the service's calendars: 101 as held, 102 with another minimum stay. */
const secondPage = (seenAt: Date) => ({
  env: 'test' as const,
  resource: 'availability' as const,
  records: [
    { id: 101, json: calendar(101, 2) },
    { id: 102, json: calendar(102, 5) }
  ],
  quarantined: [],
  cursor,
  seenAt
})

describe.each(HUB_DATABASES)('the hub database (%s)', (kind) => {
  it('applies its migrations, then again applies none and keeps what it holds', async () => {
    const place = await places.place(kind)
    const hub = await place.open()
    expect(await migrateHubDatabase(hub.db)).toEqual(Object.keys(HUB_MIGRATIONS))
    await addUser(hub.db, 'ana', 'agent')
    expect(await migrateHubDatabase(hub.db)).toEqual([])
    await hub.close()

    const again = await migrated(place)
    expect(await migrateHubDatabase(again.db)).toEqual([])
    expect((await listUsers(again.db)).map((u) => [u.name, u.role])).toEqual([['ana', 'agent']])
    const tables = await sql<{ name: string }>`SELECT table_name AS name
      FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(
      again.db
    )
    expect(tables.rows.map((r) => r.name)).toEqual([
      'hub_availability',
      'hub_journal',
      'hub_kept_booking',
      'hub_listing',
      'hub_quarantine',
      'hub_rate',
      'hub_sync_cursor',
      'hub_sync_lease',
      'hub_token',
      'hub_user',
      'kysely_migration',
      'kysely_migration_lock'
    ])
  })

  it('refuses a database migrated by a newer hub, naming the migration', async () => {
    const place = await places.place(kind)
    const hub = await migrated(place)
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('0099_future', '2030-01-01')`.execute(
      hub.db
    )
    await expect(migrateHubDatabase(hub.db)).rejects.toThrow(
      /migrated by a newer StayDesk Hub \(migration 0099_future\)/
    )
  })

  it('keeps user names unique whatever their case, and checks roles in the database too', async () => {
    const { db } = await migrated(await places.place(kind))
    await addUser(db, 'Ana', 'viewer')
    await expect(addUser(db, 'ana', 'admin')).rejects.toThrow(
      'a user named "Ana" is already on this hub'
    )
    await expect(addUser(db, 'with space', 'viewer')).rejects.toThrow(/user name "with space"/)
    await expect(
      sql`INSERT INTO hub_user (name, role) VALUES ('eve', 'owner')`.execute(db)
    ).rejects.toThrow(/check constraint/)
    expect((await setUserRole(db, 'ANA', 'manager')).role).toBe('manager')
    await expect(setUserRole(db, 'nobody', 'agent')).rejects.toThrow('no user named "nobody"')
  })

  it('verifies a token it made, refuses a wrong secret, a revoked token and a disabled user', async () => {
    const { db } = await migrated(await places.place(kind))
    await addUser(db, 'ana', 'agent')
    await addUser(db, 'bo', 'viewer')
    const ana = await createToken(db, 'ana', 'laptop')
    const bo = await createToken(db, 'bo')
    expect(ana.token).toMatch(/^sdh_\d+_[A-Za-z0-9_-]{43}$/)
    const auth = new Authenticator(db)

    const ok = await auth.authenticate(ana.token)
    expect(ok).toEqual({
      ok: true,
      identity: expect.objectContaining({ name: 'ana', role: 'agent', tokenId: ana.id })
    })
    // Again, from the remembered secret: still the same answer.
    expect((await auth.authenticate(ana.token)).ok).toBe(true)
    expect((await listTokens(db, 'ana'))[0].last_used_at).toBeInstanceOf(Date)

    // Ana's id with Bo's secret, a changed last character, a token of no row, not a token.
    const wrong = [
      `sdh_${ana.id}_${bo.token.split('_').slice(2).join('_')}`,
      ana.token.slice(0, -1) + (ana.token.endsWith('A') ? 'B' : 'A'),
      `sdh_999_${'x'.repeat(43)}`,
      'demo-token'
    ]
    for (const token of wrong) expect((await auth.authenticate(token)).ok, token).toBe(false)
    // A fresh authenticator (no remembered secrets) refuses the wrong secret through scrypt.
    expect((await new Authenticator(db).authenticate(wrong[1])).ok).toBe(false)

    await revokeToken(db, ana.id)
    expect(await auth.authenticate(ana.token)).toEqual({
      ok: false,
      message: expect.stringMatching(/^This hub token was revoked on /)
    })
    expect((await auth.authenticate(bo.token)).ok).toBe(true)
    await disableUser(db, 'bo')
    expect(await auth.authenticate(bo.token)).toEqual({
      ok: false,
      message: expect.stringMatching(/^bo's access to this hub was disabled on /)
    })
    await expect(revokeToken(db, 4242)).rejects.toThrow('no token 4242 on this hub')
    await expect(createToken(db, 'carl')).rejects.toThrow('no user named "carl"')
  })

  it('keeps only a hash: neither the token nor its secret is anywhere in the database', async () => {
    const place = await places.place(kind)
    const hub = await place.open()
    await migrateHubDatabase(hub.db)
    await addUser(hub.db, 'ana', 'admin')
    const { token } = await createToken(hub.db, 'ana', 'desk 1')
    const secret = token.split('_').slice(2).join('_')
    const [row] = await hub.db.selectFrom('hub_token').selectAll().execute()
    expect(row.secret_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(row.secret_hash).not.toContain(secret)
    await hub.close()

    const text = await dumpDatabase(place)
    expect(text).toContain('desk 1')
    expect(text).toContain(row.secret_hash.split('$')[5])
    expect(text).not.toContain(secret)
    expect(text).not.toContain(token)
    // Each token has its own salt: two tokens never share a hash.
    const again = await migrated(place)
    await createToken(again.db, 'ana')
    const hashes = await again.db.selectFrom('hub_token').select('secret_hash').execute()
    expect(new Set(hashes.map((h) => h.secret_hash.split('$')[4])).size).toBe(2)
  })
})

describe.each(HUB_DATABASES)('the catalog held as jsonb before 0004_catalog_text (%s)', (kind) => {
  const before = Object.fromEntries(
    Object.entries(HUB_MIGRATIONS).filter(([name]) => name < '0004')
  )
  const held = (db: HubDb['db']) =>
    sql<{ id: string; body: string; changed_at: Date }>`
      SELECT listing_id::text AS id, body::text AS body, changed_at FROM hub_availability
      ORDER BY listing_id`
      .execute(db)
      .then((r) => r.rows)

  it('survives it, and the next sync takes the service text without moving an unchanged record', async () => {
    const hub = await (await places.place(kind)).open()
    open.push(hub)
    expect(await migrateHubDatabase(hub.db, before)).toEqual([
      '0001_users_tokens',
      '0002_catalog',
      '0003_journal'
    ])
    const then = new Date('2026-11-01T10:00:00Z')
    for (const id of [101, 102]) {
      await sql`INSERT INTO hub_availability (env, listing_id, body, changed_at)
        VALUES ('test', ${id}, ${calendar(id, 2)}::jsonb, ${then})`.execute(hub.db)
    }

    expect(await migrateHubDatabase(hub.db)).toEqual([
      '0004_catalog_text',
      '0005_catalog_packed',
      '0006_listing_packed'
    ])
    // Kept: the same records (as jsonb printed them) and the times they last changed.
    const kept = await held(hub.db)
    expect(kept.map((r) => [r.id, JSON.parse(r.body), r.changed_at])).toEqual([
      ['101', JSON.parse(calendar(101, 2)), then],
      ['102', JSON.parse(calendar(102, 2)), then]
    ])
    expect(kept[0].body).not.toBe(calendar(101, 2))

    // The service sends 101 unchanged and 102 with another minimum stay.
    const seenAt = new Date('2026-11-26T03:00:00Z')
    const page = secondPage(seenAt)
    expect(await commitPage(hub.db, page)).toEqual({ changed: 1 })
    expect(await held(hub.db)).toEqual([
      { id: '101', body: calendar(101, 2), changed_at: then },
      { id: '102', body: calendar(102, 5), changed_at: seenAt }
    ])
    // Read again as sent: nothing is written, nothing counts as changed.
    expect(await commitPage(hub.db, { ...page, seenAt: new Date() })).toEqual({ changed: 0 })
    expect((await held(hub.db)).map((r) => r.changed_at)).toEqual([then, seenAt])
  })
})

describe.each(HUB_DATABASES)('the catalog packed by 0005_catalog_packed (%s)', (kind) => {
  const before = Object.fromEntries(
    Object.entries(HUB_MIGRATIONS).filter(([name]) => name < '0005')
  )
  const rates = (listingId: number) =>
    JSON.stringify({ listingId, rate: { '2027-02-10': 99.5 }, securityDeposit: 100 })
  const held = (db: HubDb['db']) =>
    sql<{ id: string; packed: string | null }>`
      SELECT listing_id::text AS id, packed FROM hub_availability ORDER BY listing_id`
      .execute(db)
      .then((r) => r.rows)

  it('adds an unpacked column to a held catalog; the pack pass fills it and a rewritten body is unpacked again', async () => {
    const hub = await (await places.place(kind)).open()
    open.push(hub)
    expect(await migrateHubDatabase(hub.db, before)).toHaveLength(4)
    const then = new Date('2026-11-01T10:00:00Z')
    for (const id of [101, 102]) {
      await sql`INSERT INTO hub_availability (env, listing_id, body, changed_at)
        VALUES ('test', ${id}, ${calendar(id, 2)}, ${then})`.execute(hub.db)
      await sql`INSERT INTO hub_rate (env, listing_id, body, changed_at)
        VALUES ('test', ${id}, ${rates(id)}, ${then})`.execute(hub.db)
    }
    // A calendar that is not valid (the sync never keeps one) is kept as its record.
    await sql`INSERT INTO hub_availability (env, listing_id, body, changed_at)
      VALUES ('test', 103, '{"listingId":103,"availability":[]}', ${then})`.execute(hub.db)

    expect(await migrateHubDatabase(hub.db)).toEqual(['0005_catalog_packed', '0006_listing_packed'])
    expect(await held(hub.db)).toEqual([
      { id: '101', packed: null },
      { id: '102', packed: null },
      { id: '103', packed: null }
    ])
    // Only this environment's rows; calendars and rates both.
    expect(await packCatalog(hub.db, 'production')).toEqual({ packed: 0 })
    expect(await packCatalog(hub.db, 'test')).toEqual({ packed: 5 })
    expect(await held(hub.db)).toEqual([
      { id: '101', packed: packedLine('availability', calendar(101, 2)) },
      { id: '102', packed: packedLine('availability', calendar(102, 2)) },
      { id: '103', packed: '{"listingId":103,"availability":[]}' }
    ])
    const { rows } = await sql<{ packed: string }>`
      SELECT packed FROM hub_rate WHERE listing_id = 101`.execute(hub.db)
    expect(rows[0].packed).toBe(packedLine('rates', rates(101)))

    // The sync rewrites 102 with another minimum stay: unpacked until the next pass.
    const page = secondPage(new Date('2026-11-26T03:00:00Z'))
    expect(await commitPage(hub.db, page)).toEqual({ changed: 1 })
    expect((await held(hub.db)).map((r) => r.packed === null)).toEqual([false, true, false])
    expect(await packCatalog(hub.db, 'test')).toEqual({ packed: 1 })
    expect((await held(hub.db))[1].packed).toBe(packedLine('availability', calendar(102, 5)))
  })
})

describe.each(HUB_DATABASES)('listings packed by 0006_listing_packed (%s)', (kind) => {
  const before = Object.fromEntries(
    Object.entries(HUB_MIGRATIONS).filter(([name]) => name < '0006')
  )
  const listing = (id: number, maxGuest: number) =>
    JSON.stringify({ maxGuest, id, referenceNumber: `R${id}`, legacyNote: 'dropped by the schema' })
  const listingsPage = (maxGuest: number) => ({
    ...secondPage(new Date('2026-11-26T03:00:00Z')),
    resource: 'listings' as const,
    records: [
      { id: 201, json: listing(201, 4) },
      { id: 202, json: listing(202, maxGuest) }
    ]
  })
  const held = (db: HubDb['db']) =>
    sql<{ id: string; packed: string | null }>`
      SELECT listing_id::text AS id, packed FROM hub_listing ORDER BY listing_id`
      .execute(db)
      .then((r) => r.rows)

  it('adds an unpacked column to held listings; the pack pass fills it and a rewritten body is unpacked by the trigger', async () => {
    const hub = await (await places.place(kind)).open()
    open.push(hub)
    expect(await migrateHubDatabase(hub.db, before)).toHaveLength(5)
    expect(await commitPage(hub.db, listingsPage(4))).toEqual({ changed: 2 })
    expect(await migrateHubDatabase(hub.db)).toEqual(['0006_listing_packed'])
    expect(await held(hub.db)).toEqual([
      { id: '201', packed: null },
      { id: '202', packed: null }
    ])
    expect(await packCatalog(hub.db, 'test')).toEqual({ packed: 2 })
    const lines = await held(hub.db)
    expect(lines.map((r) => r.packed)).toEqual([
      listingLine(listing(201, 4)),
      listingLine(listing(202, 4))
    ])
    // The JSON a desk stores: the schema's output, without the key it does not know.
    const { deflated } = JSON.parse(lines[0].packed!) as { deflated: string }
    expect(JSON.parse(unpackJson(Buffer.from(deflated, 'base64')))).toEqual({
      id: 201,
      referenceNumber: 'R201',
      maxGuest: 4
    })

    // Read again unchanged: the line stays. 202 rewritten: unpacked until the next pass.
    expect(await commitPage(hub.db, listingsPage(4))).toEqual({ changed: 0 })
    expect((await held(hub.db)).map((r) => r.packed === null)).toEqual([false, false])
    expect(await commitPage(hub.db, listingsPage(6))).toEqual({ changed: 1 })
    expect((await held(hub.db)).map((r) => r.packed === null)).toEqual([false, true])
    expect(await packCatalog(hub.db, 'test')).toEqual({ packed: 1 })
    expect((await held(hub.db))[1].packed).toBe(listingLine(listing(202, 6)))
  })
})
