import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSandboxInWorker } from '../../src-main/sandbox/worker'
import { processSyncExecutor } from '../../src-main/sync/sync-process'
import { BENCH_TODAY } from './mirror-fixture'
import { fmt, median, ms, report } from './stats'
import { builtSyncHost, collect, fetchOnly, idle, loopDelayDuring, mb, TOKEN } from './sync-helpers'
import { benchSyncMemory } from './sync-memory'

/**
 * Full sync of a 10,000-listing sandbox as the app runs it (sandbox in a worker thread, the
 * sync in its own process from the built bundle, a worker thread per resource there) against
 * fetching and parsing the same pages with the same client in this thread. A and B alternate;
 * each full sync takes seconds, so `pairs` (default 3) pairs follow one warm-up pair. The main
 * thread's event-loop delay is sampled during each sync and during an idle spell of the same
 * length, each after a full GC (the baseline leaves this thread's heap full of parsed pages).
 */
export async function benchSync(listings = 10_000, pairs = 3): Promise<void> {
  const started = process.hrtime.bigint()
  const sandbox = await startSandboxInWorker({ listings, seed: 1, today: BENCH_TODAY })
  console.log(`sandbox with ${listings} listings ready in ${fmt(ms(started) / 1000, 1)} s`)
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-bench-sync-'))
  let file = ''
  const peakRss: number[] = []
  let lastPeak = 0
  const execute = processSyncExecutor(
    () => ({ baseUrl: sandbox.url, token: TOKEN, mirrorFile: file }),
    builtSyncHost(),
    { onStats: (stats) => (lastPeak = stats.peakRss) }
  )
  const syncMs: number[] = []
  const fetchMs: number[] = []
  const ratios: number[] = []
  const eldSync: number[] = []
  const eldIdle: number[] = []
  const eldRatios: number[] = []
  try {
    for (let i = 0; i <= pairs; i++) {
      file = join(dir, `mirror-${i}.db`)
      collect()
      const t = process.hrtime.bigint()
      const { p99, value: summary } = await loopDelayDuring(() =>
        execute('bench', { full: true, onProgress: () => {}, signal: new AbortController().signal })
      )
      const a = ms(t)
      if (summary.errors.length > 0)
        throw new Error(`sync failed: ${JSON.stringify(summary.errors)}`)
      collect()
      const quiet = await loopDelayDuring(() => idle(Math.min(a, 5000)))
      const b = await fetchOnly(sandbox.url)
      const records = summary.results.reduce((n, r) => n + r.records, 0)
      console.log(
        `  ${i === 0 ? 'warm-up' : `pair ${i}`}: sync ${fmt(a / 1000, 2)} s (${records} records), ` +
          `fetch+parse ${fmt(b.ms / 1000, 2)} s (${b.pages} pages), peak RSS ${fmt(mb(lastPeak), 0)} MB, loop p99 ${fmt(p99, 1)} ms vs idle ${fmt(quiet.p99, 1)} ms`
      )
      if (i === 0) continue
      peakRss.push(lastPeak)
      syncMs.push(a)
      fetchMs.push(b.ms)
      ratios.push(a / b.ms)
      eldSync.push(p99)
      eldIdle.push(quiet.p99)
      eldRatios.push(p99 / quiet.p99)
      rmSync(file, { force: true })
    }
    report(
      `full sync ${listings} (own process) vs fetch+parse`,
      `${fmt(median(syncMs) / 1000, 2)} s`,
      `fetch+parse ${fmt(median(fetchMs) / 1000, 2)} s`,
      median(ratios),
      '<= 1.3',
      median(ratios) <= 1.3
    )
    report(
      'main-thread loop delay p99 during sync',
      `${fmt(median(eldSync), 2)} ms`,
      `idle ${fmt(median(eldIdle), 2)} ms`,
      median(eldRatios),
      '<= 2',
      median(eldRatios) <= 2
    )
    // The process's own high-water mark (getrusage), all its threads; the memory goes back to
    // the system when the process ends with the sync.
    report(
      'sync process peak RSS (whole process)',
      `${fmt(mb(median(peakRss)), 0)} MB`,
      `runs ${peakRss.map((b) => fmt(mb(b), 0)).join(', ')} MB`,
      undefined,
      '< 400 MB',
      mb(median(peakRss)) < 400
    )
    await benchSyncMemory(sandbox.url, join(dir, 'memory.db'))
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
  const desk = Number(process.env.STAYDESK_BENCH_DESK_LISTINGS ?? 0)
  if (desk > listings) await deskSync(desk, median(syncMs), median(peakRss), listings)
}

/**
 * STAYDESK_BENCH_DESK_LISTINGS (opt-in: a 50,000-listing sandbox takes minutes and gigabytes
 * to make and serve): one full sync of a desk that size in its own process, its peak RSS held to
 * the same ceiling as at 10,000 (issue 22: under 500 MB at 50,000) and its time to linear growth.
 */
async function deskSync(listings: number, smallMs: number, smallPeak: number, small: number) {
  const sandbox = await startSandboxInWorker({ listings, seed: 1, today: BENCH_TODAY })
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-bench-sync-'))
  let peak = 0
  const execute = processSyncExecutor(
    () => ({ baseUrl: sandbox.url, token: TOKEN, mirrorFile: join(dir, 'mirror.db') }),
    builtSyncHost(),
    { onStats: (stats) => (peak = stats.peakRss) }
  )
  try {
    const t = process.hrtime.bigint()
    const summary = await execute('bench', {
      full: true,
      onProgress: () => {},
      signal: new AbortController().signal
    })
    const took = ms(t)
    if (summary.errors.length > 0) throw new Error(`sync failed: ${JSON.stringify(summary.errors)}`)
    const scale = listings / small
    report(
      `full sync ${listings} (own process) vs ${small}`,
      `${fmt(took / 1000, 1)} s`,
      `${small}: ${fmt(smallMs / 1000, 1)} s`,
      took / smallMs,
      `<= ${fmt(scale * 1.25, 2)} (linear)`,
      took / smallMs <= scale * 1.25
    )
    report(
      `sync process peak RSS, ${listings}`,
      `${fmt(mb(peak), 0)} MB`,
      `${small}: ${fmt(mb(smallPeak), 0)} MB`,
      peak / smallPeak,
      '< 500 MB',
      mb(peak) < 500
    )
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
