import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createApiClient } from '../../src-main/api'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { forkSyncHost } from '../helpers/fork-sync-host'
import type { SpawnSyncHost } from '../../src-main/sync/sync-host-protocol'
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

/**
 * The sync process as the app ships it: the bundle `npm run bench` builds first (electron-vite
 * build). From source, every sync would also pay for tsx compiling the sync code in the process
 * and in each worker (about 0.6 s), which the app never does. STAYDESK_BENCH_OUT names another
 * build folder (`npx electron-vite build --outDir out-sync`), so a benchmark can run on its own
 * build while others use out/.
 */
export function builtSyncHost(): SpawnSyncHost {
  const out = resolve(import.meta.dirname, '../..', process.env.STAYDESK_BENCH_OUT ?? 'out')
  const chunks = join(out, 'main/chunks')
  const host = readdirSync(chunks).find((f) => /^sync-host-.*\.js$/.test(f))
  if (!host)
    throw new Error(`no sync-host bundle in ${chunks}: run "npx electron-vite build" first`)
  return forkSyncHost(join(chunks, host))
}
