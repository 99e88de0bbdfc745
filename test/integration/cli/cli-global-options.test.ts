import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk, runUntil, type Ran } from './run-cli'

const TODAY = '2026-11-23'
const STAY = ['--from', '2027-02-10', '--to', '2027-02-17', '--adults', '2']

/** Every command, with the global options in front of it and behind it, gives the same answer. */
describe('staydesk: global options before or after the command', () => {
  let sandbox: SandboxHandle
  let db: string
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    STAYDESK_TOKEN: 'demo-token',
    STAYDESK_DATA_DIR: tempDir('staydesk-data-')
  }
  const cli = (...args: string[]) => runStaydesk(args, env)
  const json = (r: Ran) => {
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout)
  }
  let listingId: string

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 40, seed: 3, today: TODAY })
    db = join(tempDir('staydesk-cli-'), 'mirror.sqlite')
    // Globals first, as `staydesk --base-url U --db F sync` is typed.
    const synced = json(await cli('--base-url', sandbox.url, '--db', db, '--json', 'sync'))
    expect(synced.ok).toBe(true)
    const listings = json(await cli('listings', '--limit', '1', '--db', db, '--json'))
    listingId = String(listings.items[0].id)
  }, 120_000)
  afterAll(async () => {
    await sandbox?.close()
  })

  it('sync: before and after', async () => {
    const after = json(await cli('sync', '--base-url', sandbox.url, '--db', db, '--json'))
    expect(after.results.map((r: { mode: string }) => r.mode)).toEqual(['delta', 'delta', 'delta'])
  })

  it('status: the same resources and counts from either position', async () => {
    const counts = (r: Ran) =>
      json(r).resources.map((x: { resource: string; records: number }) => [x.resource, x.records])
    const before = counts(await cli('--db', db, '--json', 'status'))
    const after = counts(await cli('status', '--db', db, '--json'))
    const mixed = counts(await cli('--json', 'status', `--db=${db}`))
    expect(before).toEqual([
      ['listings', 40],
      ['availability', 40],
      ['rates', 40]
    ])
    expect(after).toEqual(before)
    expect(mixed).toEqual(before)
  })

  it('listings: globals in front, its own options after it', async () => {
    const before = json(await cli('--db', db, '--json', 'listings', '--limit', '5'))
    const after = json(await cli('listings', '--limit', '5', '--db', db, '--json'))
    expect(before.items).toHaveLength(5)
    expect(before).toEqual(after)
  })

  it('available and calendar', async () => {
    const before = json(
      await cli('--db', db, '--today', TODAY, '--json', 'available', ...STAY, '--explain')
    )
    const after = json(
      await cli('available', ...STAY, '--explain', '--db', db, '--today', TODAY, '--json')
    )
    expect(before.bookable.length + before.misses.length).toBe(40)
    expect(before).toEqual(after)
    const cal = [listingId, '--month', '2027-02']
    const calBefore = json(await cli('--db', db, '--json', 'calendar', ...cal))
    expect(calBefore.days).toHaveLength(28)
    expect(calBefore).toEqual(json(await cli('calendar', ...cal, '--db', db, '--json')))
  })

  it('quote, live and offline', async () => {
    const live = json(await cli('--base-url', sandbox.url, '--json', 'quote', listingId, ...STAY))
    expect(live).toEqual(
      json(await cli('quote', listingId, ...STAY, '--base-url', sandbox.url, '--json'))
    )
    const offline = json(
      await cli('--db', db, '--today', TODAY, '--json', 'quote', listingId, ...STAY, '--offline')
    )
    expect(offline.total).toBe(live.total)
  })

  it('booking show: the subcommand and id stay first for the command', async () => {
    const id = sandbox.demoBookings[0].id
    const forms = [
      ['--channel', 'DEMO', '--base-url', sandbox.url, '--json', 'booking', 'show', id],
      ['booking', '--json', 'show', id, '--channel', 'DEMO', '--base-url', sandbox.url],
      ['booking', 'show', '--channel', 'DEMO', id, '--base-url', sandbox.url, '--json']
    ]
    const shown = await Promise.all(forms.map((args) => cli(...args)))
    for (const r of shown) expect(json(r)).toMatchObject({ source: 'live', booking: { id } })
  })

  it('booking cancel with the globals in front', async () => {
    const [first, second] = sandbox.demoBookings.filter((b) => b.status === 'confirmed')
    const own = ['--by', 'pm', '--reason', 'owner', '--message', 'Sorry']
    const before = await cli(
      '--base-url',
      sandbox.url,
      '--channel',
      'DEMO',
      '--db',
      db,
      'booking',
      'cancel',
      first.id,
      ...own
    )
    expect(before.code, before.stderr).toBe(0)
    expect(before.stdout).toContain(`Booking ${first.id} is now cancelledByPm`)
    const after = await cli(
      'booking',
      'cancel',
      second.id,
      ...own,
      '--base-url',
      sandbox.url,
      '--channel',
      'DEMO',
      '--db',
      db
    )
    expect(after.code, after.stderr).toBe(0)
    expect(after.stdout).toContain(`Booking ${second.id} is now cancelledByPm`)
  })

  it('sandbox: global options in front reach the sandbox', async () => {
    const r = await runUntil(
      ['--channel', 'ABCD', '--today', TODAY, 'sandbox', '--listings', '5', '--port', '0'],
      env,
      /token demo-token: channel ABCD/
    )
    expect(r.stdout).toMatch(/sandbox listening on http:\/\/127\.0\.0\.1:\d+/)
    expect(r.stdout).toContain(`listings 5, seed 1, today ${TODAY}`)
    expect(r.stdout).toContain('token demo-token: channel ABCD')
  })

  it('help from either position', async () => {
    const forms = [['--help', 'status'], ['status', '--help'], ['-h'], ['booking', '-h']]
    const runs = await Promise.all(forms.map((args) => cli(...args)))
    runs.forEach((r, i) => {
      expect(r.code, forms[i].join(' ')).toBe(0)
      expect(r.stdout).toContain('global options (before or after the command)')
    })
  })

  it.each([
    [['--search', 'lucca', 'listings'], /--search is not a global option: give the command first/],
    [['--limit=3', 'listings'], /--limit is not a global option/],
    [['status', '--db'], /--db/],
    [['--json', 'status', '--today'], /--today/],
    [['--db', 'x.sqlite', 'frobnicate'], /unknown command "frobnicate"/]
  ])('usage error %j exits 2 with one line', async (args, message) => {
    const r = await cli(...args)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
  })
})
