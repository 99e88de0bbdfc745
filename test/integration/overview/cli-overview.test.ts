import { join } from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { utcDateOf } from '@shared/domain/dates'
import { overviewCommand } from '../../../src-main/cli/commands/overview'
import { UsageError } from '../../../src-main/cli/args'
import { createOutput } from '../../../src-main/cli/output'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { tempDir } from '../../helpers/sync-fixtures'
import { runStaydesk } from '../cli/run-cli'
import { asFigures, directOverview, monthStart, sumOf, type Direct } from './direct'

/**
 * `staydesk overview`, run as its command module (the command line's table of commands names
 * it once wired) on a mirror synced by `staydesk sync` from the demo sandbox; figures checked
 * against the sandbox's own records.
 */
describe('staydesk overview', () => {
  let sandbox: SandboxHandle
  let db: string
  let direct: Map<number, Direct>
  const today = utcDateOf(Date.now())
  const dataDir = tempDir('staydesk-data-')

  /** Runs the command with `args`; its exit code and what it printed. */
  async function overview(...args: string[]): Promise<{ code: number; stdout: string }> {
    let stdout = ''
    const code = await overviewCommand(
      [...args, '--db', db],
      createOutput((s) => (stdout += s))
    )
    return { code, stdout }
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ listings: 40, seed: 5, log: () => undefined })
    db = join(tempDir('staydesk-cli-overview-'), 'mirror.sqlite')
    const sync = await runStaydesk(['sync', '--base-url', sandbox.url, '--db', db], {
      ...process.env,
      STAYDESK_DATA_DIR: dataDir,
      STAYDESK_TOKEN: 'demo-token'
    })
    expect(sync.code, sync.stderr).toBe(0)
    direct = directOverview(sandbox.store, today)
  })
  afterAll(async () => sandbox?.close())

  it('prints the twelve months, and --json the figures of the sandbox records', async () => {
    const ids = sandbox.store.listingIds()
    const text = await overview()
    expect(text.code).toBe(0)
    const lines = text.stdout.trim().split('\n')
    expect(lines[0]).toBe(
      `the whole portfolio, ${ids.length} listings, the next 12 months from ${today}`
    )
    expect(lines[1]).toMatch(/^month\s+unavailable\s+average rate/)
    expect(lines.filter((l) => /^\d{4}-\d{2}\s/.test(l))).toHaveLength(12)
    expect(text.stdout).not.toMatch(/occupied/i)

    const json = await overview('--json')
    const o = JSON.parse(json.stdout) as {
      months: { month: string; figures: unknown }[]
      totals: unknown
      listings: number
      gapNights: { nights: number }
    }
    expect(o.listings).toBe(ids.length)
    const all = Array.from({ length: 12 }, (_, m) => m)
    expect(o.totals).toEqual(asFigures(sumOf(direct, ids, all)))
    expect(o.months[3]).toEqual({
      month: monthStart(today, 3).slice(0, 7),
      figures: asFigures(sumOf(direct, ids, [3]))
    })
    expect(o.gapNights.nights).toBeGreaterThan(0)
  })

  it('--month and --csv print one month per listing, as the screen exports it', async () => {
    const month = monthStart(today, 2).slice(0, 7)
    const csv = await overview('--month', month, '--csv')
    expect(csv.code).toBe(0)
    const rows = parseCsv(csv.stdout, { columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(sandbox.store.listingIds().length)
    for (const row of rows) {
      const f = asFigures(sumOf(direct, [Number(row.listingId)], [2]))
      expect(row.month).toBe(month)
      expect(Number(row.unavailable)).toBe(f.unavailable)
      expect(Number(row.gapNights)).toBe(f.gapNights)
      expect(Math.round(Number(row.openValueEur) * 100)).toBe(f.openValueCents)
    }
    const regions = await overview('--month', month)
    expect(regions.stdout.split('\n')[1]).toMatch(/^region\s+listings\s+unavailable/)
  })

  it('names a wrong month or region as a usage error', async () => {
    await expect(overview('--month', '2026-13')).rejects.toThrow(UsageError)
    await expect(overview('--month', '2001-01')).rejects.toThrow(/not one of the overview's months/)
    await expect(overview('--region', 'Atlantis')).rejects.toThrow(/no listing .* "Atlantis"/)
    await expect(overview('--csv', '--json')).rejects.toThrow(/choose one/)
  })
})
