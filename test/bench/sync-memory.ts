import { createApiClient } from '../../src-main/api'
import { openMirror } from '../../src-main/db'
import { syncAll } from '../../src-main/sync/engine'
import { fmt, report } from './stats'
import { collect, fetchOnly, mb, TOKEN } from './sync-helpers'

interface Peaks {
  rss: number
  heap: number
}

/** Samples RSS and heap on a timer and at every call of sample(). */
function peakTracker(): { peaks: Peaks; sample(): void; stop(): void } {
  const peaks: Peaks = { rss: 0, heap: 0 }
  const sample = () => {
    const m = process.memoryUsage()
    peaks.rss = Math.max(peaks.rss, m.rss)
    peaks.heap = Math.max(peaks.heap, m.heapUsed)
  }
  const timer = setInterval(sample, 20)
  return { peaks, sample, stop: () => clearInterval(timer) }
}

/**
 * Memory of one full sync run in this thread (the engine, client and mirror as the worker runs
 * them; a worker's heap cannot be read from outside it), against the fetch-and-parse baseline
 * in the same process. Heap after a full GC at availability page 10 and page 50 shows whether
 * anything grows with the number of pages. RSS is the whole process, sandbox thread included,
 * so it is reported as the rise over the value before the run.
 */
export async function benchSyncMemory(baseUrl: string, file: string): Promise<void> {
  collect()
  const rssBefore = process.memoryUsage().rss
  const base = peakTracker()
  await fetchOnly(baseUrl)
  base.stop()
  collect()

  const mirror = await openMirror(file)
  const client = createApiClient({ baseUrl, token: TOKEN })
  const heapAt: Record<number, number> = {}
  const run = peakTracker()
  try {
    await syncAll(client, mirror, {
      full: true,
      onProgress: (e) => {
        run.sample()
        if (e.type === 'page' && e.resource === 'availability' && e.mode === 'full') {
          if (e.pagesDone === 10 || e.pagesDone === 50) {
            collect()
            heapAt[e.pagesDone] = process.memoryUsage().heapUsed
          }
        }
      }
    })
  } finally {
    run.stop()
    await client.close()
    await mirror.close()
  }
  report(
    'sync peak heap (in-thread run)',
    `${fmt(mb(run.peaks.heap), 0)} MB`,
    `fetch+parse ${fmt(mb(base.peaks.heap), 0)} MB`,
    run.peaks.heap / base.peaks.heap,
    'informational',
    undefined
  )
  report(
    'sync peak RSS rise (process)',
    `${fmt(mb(run.peaks.rss - rssBefore), 0)} MB`,
    `fetch+parse ${fmt(mb(base.peaks.rss - rssBefore), 0)} MB`,
    (run.peaks.rss - rssBefore) / (base.peaks.rss - rssBefore),
    'informational',
    undefined
  )
  report(
    'heap after GC, availability page 50 vs 10',
    `${fmt(mb(heapAt[50]), 0)} MB`,
    `page 10 ${fmt(mb(heapAt[10]), 0)} MB`,
    heapAt[50] / heapAt[10],
    '~1 (no growth)',
    heapAt[50] / heapAt[10] < 1.15
  )
}
