import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createApiClient } from '../../src-main/api'
import { SYNC_RESOURCES } from '../../src-main/sync/engine'
import { ms } from './stats'

export const TOKEN = 'demo-token'

/**
 * The baseline of the sync benchmarks: the same client (gzip, same settings) walks the same
 * Link chains, three at once as syncAll does, and only receives and JSON.parses the pages.
 */
export async function fetchOnly(
  baseUrl: string,
  since?: Partial<Record<(typeof SYNC_RESOURCES)[number], number>>
): Promise<{ ms: number; pages: number; records: number }> {
  const client = createApiClient({ baseUrl, token: TOKEN })
  let pages = 0
  let records = 0
  const t = process.hrtime.bigint()
  try {
    await Promise.all(
      SYNC_RESOURCES.map(async (r) => {
        const opts = since ? { since: since[r] } : {}
        for await (const page of client.pages(r, opts)) {
          pages++
          records += page.items.length
        }
      })
    )
    return { ms: ms(t), pages, records }
  } finally {
    await client.close()
  }
}

/** p99 of the main thread's event-loop delay while `run` runs, in ms. */
export async function loopDelayDuring<T>(
  run: () => Promise<T>
): Promise<{ p99: number; value: T }> {
  const h = monitorEventLoopDelay({ resolution: 2 })
  h.enable()
  try {
    const value = await run()
    return { p99: h.percentile(99) / 1e6, value }
  } finally {
    h.disable()
  }
}

export const idle = (msToWait: number) => new Promise((r) => setTimeout(r, msToWait))

let gcFn: (() => void) | undefined

/** A full GC before reading the heap, so a reading is live data rather than collector slack. */
export function collect(): void {
  if (!gcFn) {
    setFlagsFromString('--expose-gc')
    gcFn = runInNewContext('gc') as () => void
  }
  gcFn()
}

export const mb = (bytes: number) => bytes / 1e6
