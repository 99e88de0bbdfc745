import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk, type Ran } from './run-cli'

const TODAY = '2026-11-23'

describe('staydesk CLI', () => {
  let sandbox: SandboxHandle
  let db: string
  let env: NodeJS.ProcessEnv

  /** Runs the CLI as a user would; never throws, returns exit code and output. */
  const cli = (...args: string[]): Promise<Ran> => runStaydesk(args, env)
  const json = (r: Ran) => JSON.parse(r.stdout)

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 220, seed: 9, today: TODAY })
    db = join(tempDir('staydesk-cli-'), 'mirror.sqlite')
    env = {
      ...process.env,
      STAYDESK_TOKEN: 'demo-token',
      STAYDESK_DATA_DIR: tempDir('staydesk-data-')
    }
    const synced = await cli('sync', '--base-url', sandbox.url, '--db', db, '--json')
    expect(synced.code, synced.stderr).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await sandbox?.close()
  })

  it('sync --json reports every resource; a second sync is a delta', async () => {
    const r = await cli('sync', '--base-url', sandbox.url, '--db', db, '--json')
    expect(r.code).toBe(0)
    const out = json(r)
    expect(out.ok).toBe(true)
    expect(out.results.map((x: { mode: string }) => x.mode)).toEqual(['delta', 'delta', 'delta'])
  })

  it('status shows counts and data age per resource, offline', async () => {
    const out = json(await cli('status', '--db', db, '--json'))
    expect(
      out.resources.map((x: { resource: string; records: number }) => [x.resource, x.records])
    ).toEqual([
      ['listings', 220],
      ['availability', 220],
      ['rates', 220]
    ])
    for (const r of out.resources) expect(r.dataAgeMs).toBeGreaterThanOrEqual(0)
    const human = await cli('status', '--db', db)
    expect(human.stdout).toMatch(/availability\s+\S+\s+\d+ s ago\s+220/)
  })

  it('listings --search finds by city from the mirror', async () => {
    const all = json(await cli('listings', '--db', db, '--json', '--limit', '500'))
    expect(all.total).toBe(220)
    const city = all.items.find((l: { city: string | null }) => l.city)?.city as string
    const found = json(await cli('listings', '--db', db, '--json', '--search', city.toLowerCase()))
    expect(found.items.length).toBeGreaterThan(0)
    for (const l of found.items)
      expect(JSON.stringify(l).toLowerCase()).toContain(city.toLowerCase())
  })

  it('available gives bookable listings with estimates, and --explain the reason for each miss', async () => {
    const from = '2027-02-10'
    const to = '2027-02-17'
    const out = json(
      await cli(
        'available',
        '--db',
        db,
        '--json',
        '--from',
        from,
        '--to',
        to,
        '--adults',
        '2',
        '--today',
        TODAY,
        '--explain'
      )
    )
    expect(out.bookable.length).toBeGreaterThan(0)
    expect(out.bookable.length + out.misses.length).toBe(220)
    for (const b of out.bookable.slice(0, 5)) {
      expect(b.listingId).toEqual(expect.any(Number))
      expect(b.estimate === null || typeof b.estimate === 'number').toBe(true)
    }
    expect(out.misses[0].reasons[0]).toMatchObject({
      code: expect.any(String),
      message: expect.any(String)
    })
  })

  it('the offline estimate and the live quote agree to the cent', async () => {
    const avail = json(
      await cli(
        'available',
        '--db',
        db,
        '--json',
        '--from',
        '2027-03-03',
        '--to',
        '2027-03-10',
        '--adults',
        '2',
        '--today',
        TODAY
      )
    )
    const listing = avail.bookable.find((b: { estimate: number | null }) => b.estimate !== null)
    const args = [
      'quote',
      String(listing.listingId),
      '--from',
      '2027-03-03',
      '--to',
      '2027-03-10',
      '--adults',
      '2'
    ]
    const live = json(await cli(...args, '--base-url', sandbox.url, '--json'))
    const offline = json(await cli(...args, '--db', db, '--offline', '--today', TODAY, '--json'))
    expect(live.total).toBe(offline.total)
    expect(live.total).toBe(listing.estimate)
    const expected =
      live.cleaningFeeBasis === 'mandatory' ? live.rentalRate + live.cleaning : live.rentalRate
    expect(live.total).toBeCloseTo(expected, 2)
  })

  it('calendar shows every day of the month with flags and prices', async () => {
    const all = json(await cli('listings', '--db', db, '--json', '--limit', '1'))
    const cal = json(
      await cli('calendar', String(all.items[0].id), '--month', '2027-02', '--db', db, '--json')
    )
    expect(cal.days).toHaveLength(28)
    expect(cal.days[0]).toMatchObject({ date: '2027-02-01', priceCents: expect.any(Number) })
  })

  it('booking show and cancel over the service', async () => {
    const avail = json(
      await cli(
        'available',
        '--db',
        db,
        '--json',
        '--from',
        '2027-04-05',
        '--to',
        '2027-04-09',
        '--adults',
        '2',
        '--today',
        TODAY
      )
    )
    const created = await fetch(`${sandbox.url}/v1/booking`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-token', 'content-type': 'application/json' },
      body: JSON.stringify({
        listingId: avail.bookable[0].listingId,
        from: '2027-04-05',
        to: '2027-04-09',
        adults: 2,
        guest: { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.com' }
      })
    }).then((r) => r.json() as Promise<{ bookingId: string; status: string }>)
    const shown = json(
      await cli(
        'booking',
        'show',
        created.bookingId,
        '--channel',
        'DEMO',
        '--base-url',
        sandbox.url,
        '--json'
      )
    )
    expect(shown).toMatchObject({
      source: 'live',
      booking: { id: created.bookingId, status: created.status }
    })
    const cancel = [
      'booking',
      'cancel',
      created.bookingId,
      '--by',
      'pm',
      '--reason',
      'owner',
      '--message',
      'Sorry',
      '--channel',
      'DEMO',
      '--base-url',
      sandbox.url,
      '--db',
      db
    ]
    const cancelled = await cli(...cancel)
    expect(cancelled.code, cancelled.stderr).toBe(0)
    expect(cancelled.stdout).toContain('cancelledByPm')
    // The service refuses a second cancellation; the command says so, with where it stands.
    const again = await cli(...cancel)
    expect(again.code).toBe(1)
    expect(again.stdout).toContain(`booking ${created.bookingId} is cancelledByPm`)
    expect(again.stderr.trim().split('\n')).toHaveLength(1)
  })

  it.each([
    [['frobnicate'], /unknown command "frobnicate"/],
    [['available', '--db', 'x.sqlite', '--to', '2027-01-02'], /--from is required/],
    [
      ['available', '--db', 'x.sqlite', '--from', '2027-02-30', '--to', '2027-03-02'],
      /--from: "2027-02-30" is not a date/
    ],
    [['quote', '12', '--from', '2027-01-01', '--to', '2027-01-05'], /--adults is required/],
    [['calendar', '12', '--month', '2027-13', '--db', 'x'], /--month: "2027-13" is not YYYY-MM/],
    [['booking', 'cancel', 'SB1', '--by', 'owner'], /--by must be "guest" or "pm"/],
    [['sync', '--token', 'abc'], /Unknown option '--token'/]
  ])('usage error %j exits 2 with one line on stderr', async (args, message) => {
    const r = await cli(...(args as string[]))
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('failures exit 1 with one clear line and never show the token', async () => {
    const missing = await cli(
      'booking',
      'show',
      'SB99999999',
      '--channel',
      'DEMO',
      '--base-url',
      sandbox.url
    )
    expect(missing.code).toBe(1)
    expect(missing.stderr.trim().split('\n')).toHaveLength(1)
    env = { ...env, STAYDESK_TOKEN: 'wrong-canary-token-4711' }
    const denied = await cli('sync', '--base-url', sandbox.url, '--db', db)
    env = { ...env, STAYDESK_TOKEN: 'demo-token' }
    expect(denied.code).toBe(1)
    expect(denied.stderr).toMatch(/token|unauthori|access/i)
    expect(denied.stderr + denied.stdout).not.toContain('wrong-canary-token-4711')
  })

  it('takes the token from --token-file, and says so when there is none', async () => {
    const noToken = { ...env }
    delete noToken.STAYDESK_TOKEN
    const saved = env
    env = noToken
    const file = join(tempDir('staydesk-token-'), 'token')
    writeFileSync(file, 'demo-token\n')
    const withFile = await cli('status', '--db', db, '--json')
    const synced = await cli(
      'sync',
      '--base-url',
      sandbox.url,
      '--db',
      db,
      '--token-file',
      file,
      '--json'
    )
    const none = await cli('sync', '--base-url', sandbox.url, '--db', db)
    const missingFile = await cli(
      'sync',
      '--base-url',
      sandbox.url,
      '--db',
      db,
      '--token-file',
      `${file}.nope`
    )
    env = saved
    expect(withFile.code).toBe(0) // offline commands need no token at all
    expect(synced.code, synced.stderr).toBe(0)
    expect(json(synced).ok).toBe(true)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('STAYDESK_TOKEN')
    // A token file that can't be read is a failure (1), not a usage error (2).
    expect(missingFile.code).toBe(1)
    expect(missingFile.stderr).toContain('does not exist')
  })
})
