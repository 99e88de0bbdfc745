import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { startSandbox } from '../../src-main/sandbox'
import { createApiClient } from '../../src-main/api'
import { openMirror } from '../../src-main/db'
import { syncAll } from '../../src-main/sync/engine'
import { quietDeltaFirst } from '../../src-main/sync/quiet-delta'
import type { SyncExecutor } from '../../src-main/sync/runner'
import { processSyncExecutor } from '../../src-main/sync/sync-process'
import type { Mirror, SyncCursor } from '../../src-main/db'
import { BENCH_TODAY } from './mirror-fixture'
import { fmt, median, ms, report } from './stats'
import { builtSyncHost, fetchOnly, TOKEN } from './sync-helpers'

function deltaSince(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true })
  try {
    const rows = db.prepare('SELECT resource, cursor FROM sync_state').all() as {
      resource: string
      cursor: string
    }[]
    return Object.fromEntries(
      rows.map((r) => [r.resource, (JSON.parse(r.cursor) as SyncCursor).deltaSince ?? 0])
    )
  } finally {
    db.close()
  }
}

/**
 * Delta sync after 1% of the listings changed (one sandbox churn step: new prices for 1% of
 * the listings, opened or closed days for another 1%) against fetching and parsing the same
 * delta pages. The sandbox runs in this thread so the benchmark can churn its store. Each
 * repetition churns twice: once for the engine run in this thread (its own cost), once for a
 * delta as the app runs it, in its own process from the built bundle (start-up included).
 */
export async function benchDelta(listings = 10_000, reps = 5): Promise<void> {
  const sandbox = await startSandbox({ listings, seed: 1, today: BENCH_TODAY })
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-bench-delta-'))
  const file = join(dir, 'mirror.db')
  const execute = processSyncExecutor(
    () => ({ baseUrl: sandbox.url, token: TOKEN, mirrorFile: file }),
    builtSyncHost()
  )
  const signal = new AbortController().signal
  const churn = () => {
    sandbox.churnNow()
    // Past the engine's 120 s overlap, so each delta holds this churn and not the last one.
    sandbox.store.advance(5 * 60_000)
  }
  try {
    let t = process.hrtime.bigint()
    await execute('bench', { full: true, onProgress: () => {}, signal })
    console.log(`  initial full sync (own process) ${fmt(ms(t) / 1000, 1)} s`)
    const mirror = await openMirror(file)
    const client = createApiClient({ baseUrl: sandbox.url, token: TOKEN })
    const syncMs: number[] = []
    const fetchMs: number[] = []
    const ratios: number[] = []
    const processMs: number[] = []
    for (let i = 0; i <= reps; i++) {
      churn()
      const b = await fetchOnly(sandbox.url, deltaSince(file))
      t = process.hrtime.bigint()
      const { results } = await syncAll(client, mirror, {})
      const a = ms(t)
      churn()
      t = process.hrtime.bigint()
      await execute('bench', { full: false, onProgress: () => {}, signal })
      const c = ms(t)
      const changed = results.map((r) => `${r.resource} ${r.records}/${r.changed}`)
      console.log(
        `  ${i === 0 ? 'warm-up' : `rep ${i}`}: delta ${fmt(a, 0)} ms (records/changed: ${changed.join(', ')}), fetch+parse ${fmt(b.ms, 0)} ms, own process ${fmt(c, 0)} ms`
      )
      if (i === 0) continue
      syncMs.push(a)
      fetchMs.push(b.ms)
      ratios.push(a / b.ms)
      processMs.push(c)
    }
    await client.close()
    report(
      'delta sync after 1% churn (in-thread)',
      `${fmt(median(syncMs), 0)} ms`,
      `fetch+parse ${fmt(median(fetchMs), 0)} ms`,
      median(ratios),
      '< 1 s',
      median(syncMs) < 1000
    )
    report(
      'delta sync after 1% churn (own process)',
      `${fmt(median(processMs), 0)} ms`,
      'incl. process start',
      undefined,
      '< 1 s',
      median(processMs) < 1000
    )
    await benchQuietDelta(sandbox, file, mirror, execute, reps)
    await mirror.close()
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A periodic delta with nothing to do, as the app runs it: the three page-0 probes from this
 * (main) process and the empty pages committed on its open mirror (quiet-delta.ts), trigger to
 * done. Baseline, side by side: fetching and parsing the same three empty delta pages with the
 * sync's client. Also, for the record, the same no-change delta in the sync process, which is
 * what every periodic delta cost before.
 */
async function benchQuietDelta(
  sandbox: Awaited<ReturnType<typeof startSandbox>>,
  file: string,
  mirror: Mirror,
  processExecute: SyncExecutor,
  reps: number
): Promise<void> {
  const target = () => ({ baseUrl: sandbox.url, token: TOKEN, mirrorFile: file })
  const outcomes: string[] = []
  const execute = quietDeltaFirst(target, processExecute, {
    mirrorOf: async () => mirror,
    onOutcome: (o) => outcomes.push(o)
  })
  const signal = new AbortController().signal
  const delta = (run: SyncExecutor) => run('bench', { full: false, onProgress: () => {}, signal })
  // Past the overlap of the last churn, so the deltas below find nothing.
  sandbox.store.advance(5 * 60_000)
  await delta(processExecute)
  const quietMs: number[] = []
  const fetchMs: number[] = []
  const processMs: number[] = []
  for (let i = 0; i <= reps * 2; i++) {
    const b = await fetchOnly(sandbox.url, deltaSince(file))
    let t = process.hrtime.bigint()
    const summary = await delta(execute)
    const a = ms(t)
    if (summary.errors.length > 0 || summary.results.some((r) => r.records > 0)) {
      throw new Error(`the no-change delta was not empty: ${JSON.stringify(summary)}`)
    }
    t = process.hrtime.bigint()
    await delta(processExecute)
    const c = ms(t)
    if (i === 0) continue
    quietMs.push(a)
    fetchMs.push(b.ms)
    processMs.push(c)
  }
  const quiet = outcomes.filter((o) => o === 'quiet').length
  console.log(
    `  no-change deltas: ${quietMs.map((v) => fmt(v, 0)).join(', ')} ms (${quiet} of ${outcomes.length} without the process); ` +
      `fetch+parse ${fetchMs.map((v) => fmt(v, 0)).join(', ')} ms; in the process ${processMs.map((v) => fmt(v, 0)).join(', ')} ms`
  )
  report(
    'no-change periodic delta, trigger to done',
    `${fmt(median(quietMs), 0)} ms`,
    `fetch+parse ${fmt(median(fetchMs), 0)} ms`,
    median(quietMs) / median(fetchMs),
    '< 200 ms',
    median(quietMs) < 200 && quiet === outcomes.length
  )
  report(
    'no-change delta in the sync process (before)',
    `${fmt(median(processMs), 0)} ms`,
    'incl. process start',
    median(processMs) / median(fetchMs),
    'informational',
    undefined
  )
}
