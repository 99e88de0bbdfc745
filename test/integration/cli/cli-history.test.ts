import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { eurToCents, formatEur } from '@shared/domain/money'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk, type Ran } from './run-cli'

interface Change {
  listingId: number
  listingName: string | null
  kind: string
  key: string
  before: string
  after: string
  seenAt: number
  what: string
}

/**
 * `staydesk history`: what a delta sync saw change in the offline copy, read back from the
 * mirror alone (no token), checked against the night the sandbox's own store was changed.
 */
describe('staydesk history', () => {
  let sandbox: SandboxHandle
  let db: string
  let id: number
  let other: number
  let night: string
  let was: number
  const today = utcDateOf(Date.now())
  const env: NodeJS.ProcessEnv = { ...process.env, STAYDESK_DATA_DIR: tempDir('staydesk-data-') }
  const cli = (...args: string[]) => runStaydesk([...args, '--db', db], env)
  const json = (r: Ran): { total: number; items: Change[] } => {
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout)
  }
  const usage = (r: Ran, message: string) => {
    expect(r.code).toBe(2)
    expect(r.stderr.trim().split('\n')).toHaveLength(1)
    expect(r.stderr).toContain(message)
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 20, seed: 12, log: () => undefined })
    db = join(tempDir('staydesk-cli-history-'), 'mirror.sqlite')
    const sync = () =>
      runStaydesk(['sync', '--base-url', sandbox.url, '--db', db], {
        ...env,
        STAYDESK_TOKEN: 'demo-token'
      })
    const full = await sync()
    expect(full.code, full.stderr).toBe(0)
    // One night's price changed on the service, then found by a delta sync.
    id = sandbox.store.listingIds()[4]
    night = Object.keys(sandbox.store.rates(id)!.rate).sort()[30]
    was = sandbox.store.rates(id)!.rate[night]
    sandbox.store.setNightlyRate(id, night, was + 17)
    // And another listing's, so the portfolio's history holds more than one change.
    other = sandbox.store.listingIds()[7]
    sandbox.store.setNightlyRate(other, night, sandbox.store.rates(other)!.rate[night] + 5)
    const delta = await sync()
    expect(delta.code, delta.stderr).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await sandbox?.close()
  })

  it('shows the changed night with its price before and after, without a token', async () => {
    const before = formatEur(eurToCents(was))
    const after = formatEur(eurToCents(was + 17))
    const { total, items } = json(await cli('history', String(id), '--json'))
    expect(total).toBe(1)
    expect(items[0]).toMatchObject({
      listingId: id,
      kind: 'price',
      key: night,
      what: `Price of ${night}`,
      before,
      after
    })
    expect(utcDateOf(items[0].seenAt)).toBe(today)
    const name = items[0].listingName!
    expect(name).toBeTruthy()

    const table = await cli('history', String(id))
    expect(table.code, table.stderr).toBe(0)
    const lines = table.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^seen at\s+listing\s+what\s+before → after$/)
    expect(lines[1]).toMatch(new RegExp(`^${today} \\d\\d:\\d\\d:\\d\\d UTC\\s+${id} `))
    expect(lines[1]).toContain(`${id} ${name}`)
    expect(lines[1]).toMatch(new RegExp(`Price of ${night}\\s+\\${before} → \\${after}$`))
    expect(lines.at(-1)).toBe('1 change, newest first')
  }, 120_000)

  it('filters by kind and by the night a change is about', async () => {
    const prices = json(await cli('history', '--kind', 'price', '--date', night, '--json'))
    expect(prices.items.map((c) => c.listingId).sort()).toEqual([id, other].sort())
    for (const c of prices.items) expect([c.kind, c.key]).toEqual(['price', night])

    const days = json(await cli('history', String(id), '--kind', 'availability', '--json'))
    expect(days).toEqual({ mirror: db, total: 0, items: [] })
  }, 120_000)

  it('filters by the day a change was seen, and says how many are left out', async () => {
    const seenToday = json(
      await cli('history', String(id), '--since', today, '--until', today, '--json')
    )
    expect(seenToday.items.map((c) => c.key)).toEqual([night])

    const tomorrow = await cli('history', String(id), '--since', addDays(today, 1))
    expect(tomorrow.code).toBe(0)
    expect(tomorrow.stdout.trim()).toBe(`no changes recorded for listing ${id} that match`)

    const one = await cli('history', '--limit', '1', '--until', today)
    expect(one.code, one.stderr).toBe(0)
    const lines = one.stdout.trim().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[2]).toMatch(/^1 of 2 changes, newest first \(--limit up to 1000 shows more\)$/)
  }, 120_000)

  it('says so for a listing the copy does not have', async () => {
    const r = await cli('history', '999999')
    expect(r.code).toBe(0)
    expect(r.stdout.trim()).toBe('no changes recorded: listing 999999 is not in the offline copy')
  })

  it('names the bad listing id, kind or date as a usage error', async () => {
    usage(await cli('history', '12a'), 'LISTING: "12a" is not a listing id')
    usage(
      await cli('history', '--kind', 'prices'),
      '--kind: "prices" is not one of price, availability, listing'
    )
    usage(await cli('history', '--since', '2027-02-30'), '--since: "2027-02-30" is not a date')
    usage(
      await cli('history', '--since', '2027-02-10', '--until', '2027-02-01'),
      '--until: must not be before --since'
    )
  }, 120_000)
})
