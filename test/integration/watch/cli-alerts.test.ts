import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import type { Alert } from '@shared/watch/alert.schema'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk, type Ran } from '../cli/run-cli'

interface Listed {
  mirror: string
  today: string
  added: number
  total: number
  counts: { new: number; seen: number; dismissed: number }
  items: Alert[]
}

/**
 * `staydesk alerts` as a scheduler runs it after `staydesk sync`: offline, no token; the alerts
 * a delta brings are the ones the sandbox's own change implies, a second run adds nothing, and
 * mistakes in the command line are usage errors (exit 2).
 */
describe('staydesk alerts', () => {
  let sandbox: SandboxHandle
  let db: string
  let id: number
  let night: string
  let was: number
  const today = utcDateOf(Date.now())
  const env: NodeJS.ProcessEnv = { ...process.env, STAYDESK_DATA_DIR: tempDir('staydesk-data-') }
  const cli = (...args: string[]) => runStaydesk([...args, '--db', db], env)
  const sync = () =>
    runStaydesk(['sync', '--base-url', sandbox.url, '--db', db], {
      ...env,
      STAYDESK_TOKEN: 'demo-token'
    })
  const json = (r: Ran): Listed => {
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout) as Listed
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 20, seed: 12, log: () => undefined })
    db = join(tempDir('staydesk-cli-alerts-'), 'mirror.sqlite')
    const full = await sync()
    expect(full.code, full.stderr).toBe(0)
  }, 120_000)
  afterAll(async () => {
    await sandbox?.close()
  })

  it('finds nothing on a portfolio whose open nights are all priced above the floor', async () => {
    // The records themselves: every open night from today on has a rate of EUR 30 or more.
    for (const lid of sandbox.store.listingIds()) {
      const rates = sandbox.store.rates(lid)!.rate
      const last = Object.keys(rates).sort().at(-1)!
      for (const [d, day] of Object.entries(sandbox.store.availability(lid)!.availability)) {
        if (day.available && d >= today && d <= last) expect(rates[d]).toBeGreaterThanOrEqual(30)
      }
    }
    const r = await cli('alerts')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout.trim()).toBe('no open alerts')
  }, 120_000)

  it('after a delta, lists the price drop and the floor the changed night implies', async () => {
    id = sandbox.store.listingIds()[4]
    const days = sandbox.store.availability(id)!.availability
    const rates = sandbox.store.rates(id)!.rate
    night = Object.keys(rates)
      .sort()
      .find((d) => d > addDays(today, 20) && days[d]?.available && days[addDays(d, -1)]?.available)!
    was = rates[night]
    sandbox.store.setNightlyRate(id, night, 19)
    const delta = await sync()
    expect(delta.code, delta.stderr).toBe(0)

    const listed = json(await cli('alerts', '--json'))
    expect(listed).toMatchObject({ mirror: db, today, added: 2, total: 2 })
    const facts = listed.items.map((a) => [a.kind, a.listingId, a.nights, a.oldValue, a.newValue])
    expect(facts).toEqual(
      expect.arrayContaining([
        ['price-drop', id, [night], eurToCents(was), 1900],
        ['price-floor', id, [night], null, 1900]
      ])
    )
    expect(listed.items.every((a) => a.status === 'new' && a.change !== undefined)).toBe(true)
    expect(listed.items.find((a) => a.kind === 'price-drop')?.change).toMatchObject({
      old: was,
      new: 19
    })

    const table = await cli('alerts', '--kind', 'price-drop')
    expect(table.code, table.stderr).toBe(0)
    const lines = table.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^first seen\s+kind\s+status\s+reason$/)
    expect(lines[1]).toMatch(
      new RegExp(`^${today} \\d\\d:\\d\\d:\\d\\d UTC\\s+Price drop\\s+new\\s+`)
    )
    expect(lines[1]).toContain(`(${id}): the price of `)
    expect(lines[1]).toContain('to €19.00 a night, more than the 30% limit')
    expect(lines.at(-1)).toBe('1 alert, newest first')
  }, 120_000)

  it('a second run adds nothing; filters by status and by the day first seen', async () => {
    expect(json(await cli('alerts', '--json'))).toMatchObject({ added: 0, total: 2 })
    expect((await cli('alerts', '--status', 'dismissed')).stdout.trim()).toBe('no dismissed alerts')
    const later = await cli('alerts', '--since', addDays(today, 1), '--kind', 'no-rate')
    expect(later.stdout.trim()).toBe(
      `no open alerts of kind no-rate, first seen since ${addDays(today, 1)}`
    )
  }, 120_000)

  it('overview is wired beside it: the same mirror, offline, all 20 listings', async () => {
    const r = await cli('overview', '--json')
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ mirror: db, listings: 20 })
  }, 120_000)

  it('usage errors exit 2 naming the option; a missing mirror exits 1', async () => {
    const bad = await cli('alerts', '--kind', 'prices')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--kind: "prices" is not one of double-booking, price-drop')
    expect((await cli('alerts', '--since', '2027-02-30')).code).toBe(2)
    expect((await cli('alerts', 'extra')).code).toBe(2)
    const missing = join(tempDir('staydesk-cli-alerts-none-'), 'none.sqlite')
    const r = await runStaydesk(['alerts', '--db', missing], env)
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`no mirror at ${missing}`)
    expect(existsSync(missing)).toBe(false)
  }, 120_000)
})
