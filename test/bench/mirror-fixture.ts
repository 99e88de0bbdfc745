import Database from 'better-sqlite3'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openMirror, type Mirror } from '../../src-main/db'
import type { CommitPage } from '../../src-main/db'
import { createSandboxStore } from '../../src-main/sandbox/state/store'
import type { SandboxStore } from '../../src-main/sandbox/types'
import { ms } from './stats'

export const BENCH_TODAY = '2026-11-23'
const PAGE = 200

export interface MirrorFixture {
  mirror: Mirror
  /**
   * The bench's own connection on the mirror's file (the mirror hands out none), set as
   * connection.ts sets the app's for speed: the raw statements the figures are compared with.
   */
  raw: Database.Database
  /** The generated portfolio the mirror was filled from; dropped with `keepStore: false`. */
  store: SandboxStore | undefined
  /** The portfolio's listing ids, ascending. */
  ids: readonly number[]
  file: string
  /** Per-resource write time of each page, ms. */
  pageMs: Record<CommitPage['resource'], number[]>
  /** Bytes of the main file after a WAL checkpoint (TRUNCATE). */
  fileBytes(): number
  close(): Promise<void>
}

/**
 * A mirror filled straight from the sandbox's generated portfolio through commitPage, page by
 * page as a sync would (minus HTTP and parsing, which the sync benchmark covers). With
 * `keepStore: false` the portfolio is let go once written: at 50,000 listings it is a gigabyte
 * of heap that the app's main process never holds, and every full collection would walk it.
 */
export async function buildMirror(
  listings: number,
  seed = 1,
  opts: { keepStore?: boolean } = {}
): Promise<MirrorFixture> {
  const store = createSandboxStore({
    listings,
    seed,
    today: BENCH_TODAY,
    callers: [{ token: 'demo-token', channel: 'DEMO', merchantOfRecord: 'service' }]
  })
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-bench-'))
  const file = join(dir, 'mirror.db')
  const mirror = await openMirror(file)
  const raw = new Database(file)
  raw.pragma('synchronous = NORMAL')
  raw.pragma('cache_size = -65536')
  raw.pragma('mmap_size = 1073741824')
  const ids = store.listingIds()
  const pageMs: MirrorFixture['pageMs'] = { listings: [], availability: [], rates: [] }
  for (let i = 0; i < ids.length; i += PAGE) {
    const slice = ids.slice(i, i + PAGE)
    const base = { quarantined: [], seenAt: Date.now(), recordHistory: false }
    const cursor = { phase: 'full' as const, nextUrl: null }
    const pages: CommitPage[] = [
      { ...base, cursor, resource: 'listings', records: slice.map((id) => store.listing(id)!) },
      {
        ...base,
        cursor,
        resource: 'availability',
        records: slice.map((id) => store.availability(id)!)
      },
      { ...base, cursor, resource: 'rates', records: slice.map((id) => store.rates(id)!) }
    ]
    for (const page of pages) {
      const t = process.hrtime.bigint()
      mirror.sync.commitPage(page)
      pageMs[page.resource].push(ms(t))
    }
  }
  return {
    mirror,
    raw,
    store: opts.keepStore === false ? undefined : store,
    ids,
    file,
    pageMs,
    fileBytes() {
      raw.pragma('wal_checkpoint(TRUNCATE)')
      return statSync(file).size
    },
    async close() {
      raw.close()
      await mirror.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
