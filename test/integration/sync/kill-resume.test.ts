import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { createApiClient, type ApiClient } from '../../../src-main/api'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { openMirror, type Mirror } from '../../../src-main/db'
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox'
import { SYNC_RESOURCES } from '@shared/ipc/sync.schema'
import { expectMirrorEqualsService, tempDir } from '../../helpers/sync-fixtures'
import { mulberry32 } from '../../../src-main/sandbox/state/prng'

/**
 * Checklist D2/D3/D5: a child process runs the real sync against the sandbox and is SIGKILLed
 * at seeded random moments; after every kill the mirror must be intact, hold everything its
 * cursor claims, keep every page the child reported as committed, and never move backwards.
 */

const ROOT = resolve(import.meta.dirname, '../../..')
const CHILD = join(ROOT, 'test/helpers/sync-child.ts')
const TOKEN = 'kill-nine-token'
const TODAY = '2026-11-23'
const LISTINGS = 400
const PAGE_SIZE = 200
const ROUNDS = 10

const TABLE: Record<SyncResourceName, { table: string; id: string }> = {
  listings: { table: 'listings', id: 'id' },
  availability: { table: 'availability', id: 'listing_id' },
  rates: { table: 'rates', id: 'listing_id' }
}

/** How far a resource's cursor is: the full walk's next page, then the delta phase. */
interface Progress {
  phase: 'none' | 'full' | 'delta'
  /** Full pages committed (the page number in nextUrl); all pages once in delta. */
  pages: number
}

const RANK = { none: 0, full: 1, delta: 2 } as const

function behind(a: Progress, b: Progress): boolean {
  return RANK[a.phase] < RANK[b.phase] || (a.phase === b.phase && a.pages < b.pages)
}

/**
 * The cursor invariant: whatever the cursor says was done is in the tables. Returns every
 * violation found (empty when the mirror is consistent) and where each cursor stands.
 */
function checkCursorInvariant(
  mirror: Mirror,
  ids: readonly number[]
): { violations: string[]; progress: Record<SyncResourceName, Progress> } {
  const violations: string[] = []
  const progress = {} as Record<SyncResourceName, Progress>
  const allPages = Math.ceil(ids.length / PAGE_SIZE)
  for (const resource of SYNC_RESOURCES) {
    const { table, id } = TABLE[resource]
    const own = new Database(mirror.file, { readonly: true })
    const present = new Set(own.prepare(`SELECT ${id} FROM ${table}`).pluck().all() as number[])
    own.close()
    const state = mirror.sync.cursor(resource)
    let required = 0
    if (state === undefined) {
      progress[resource] = { phase: 'none', pages: 0 }
      if (present.size > 0) violations.push(`${resource}: rows without a cursor`)
    } else if (state.phase === 'delta') {
      progress[resource] = { phase: 'delta', pages: allPages }
      required = ids.length
    } else {
      const match = state.nextUrl ? /\/(\d+)$/.exec(new URL(state.nextUrl).pathname) : null
      const pages = match ? Number(match[1]) : 0
      if (state.nextUrl && !match) violations.push(`${resource}: odd nextUrl ${state.nextUrl}`)
      if ((state.pagesDone ?? 0) !== pages) {
        violations.push(`${resource}: pagesDone ${state.pagesDone} but next page is ${pages}`)
      }
      progress[resource] = { phase: 'full', pages }
      required = pages * PAGE_SIZE
    }
    const missing = ids.slice(0, required).filter((x) => !present.has(x))
    if (missing.length > 0) {
      violations.push(
        `${resource}: cursor at ${JSON.stringify(progress[resource])} but ${missing.length} ` +
          `records it covers are missing (first ${missing[0]})`
      )
    }
  }
  return { violations, progress }
}

interface ChildRun {
  code: number | null
  signal: NodeJS.Signals | null
  /** Progress events the child printed: each one was written after its page's commit. */
  pages: { resource: SyncResourceName; mode: 'full' | 'delta'; pagesDone: number }[]
  done: boolean
  stderr: string
  stdout: string
  ms: number
  readyMs: number | undefined
}

function runChild(baseUrl: string, dbFile: string, killAfterReadyMs?: number): Promise<ChildRun> {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx/esm', CHILD, baseUrl, dbFile], {
    cwd: ROOT,
    env: {
      ...process.env,
      STAYDESK_TOKEN: TOKEN,
      TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json')
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  let readyMs: number | undefined
  let timer: NodeJS.Timeout | undefined
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    if (readyMs === undefined && stdout.includes('"ready"')) {
      // Timed from the child's "ready" (its modules loaded), so start-up jitter doesn't matter.
      readyMs = performance.now() - started
      if (killAfterReadyMs !== undefined) {
        timer = setTimeout(() => child.kill('SIGKILL'), killAfterReadyMs)
      }
    }
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const lines = stdout
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { type: string } & ChildRun['pages'][number])
      resolvePromise({
        code,
        signal,
        pages: lines.filter((l) => l.type === 'page'),
        done: lines.some((l) => l.type === 'done'),
        stderr,
        stdout,
        ms: performance.now() - started,
        readyMs
      })
    })
  })
}

describe('sync killed with SIGKILL at random moments (D2, D5)', () => {
  let sandbox: SandboxHandle
  let client: ApiClient
  let dir: string

  beforeAll(async () => {
    sandbox = await startSandbox({
      listings: LISTINGS,
      seed: 9,
      today: TODAY,
      callers: [{ token: TOKEN, channel: 'KILL', merchantOfRecord: 'service' }]
    })
    client = createApiClient({ baseUrl: sandbox.url, token: TOKEN })
    dir = tempDir('staydesk-kill-')
  })
  afterAll(async () => {
    await client?.close()
    await sandbox?.close()
  })

  it('resumes after every kill without losing or reordering committed pages, then equals the service', async () => {
    const t0 = performance.now()
    const ids = sandbox.store.listingIds()
    // Measure one uninterrupted run (it also warms the sandbox's page cache), so the kill times
    // can be spread over a real sync: from the child's start to the end of its work.
    const measured = await runChild(sandbox.url, join(dir, 'measure.sqlite'))
    expect(measured.code, measured.stdout + measured.stderr).toBe(0)
    const work = measured.ms - (measured.readyMs ?? 0)
    const random = mulberry32(20261123).next

    // A mirror whose full walk completed only has deltas left; the next rounds then start a
    // new mirror file (an "epoch"), so most kills hit a full walk, as on a first install.
    let epoch = 0
    let file = join(dir, `mirror-${epoch}.sqlite`)
    let previous: Record<SyncResourceName, Progress> | undefined
    const log: string[] = []
    let interruptedMidWalk = 0
    for (let round = 0; round < ROUNDS; round++) {
      // Kills anywhere in the first 80% of a whole sync's work: a fresh mirror is always cut
      // short; a resumed one, with less left to do, sometimes finishes first (also checked).
      const killAfter = Math.round(random() * work * 0.8)
      const run = await runChild(sandbox.url, file, killAfter)
      expect(run.signal === 'SIGKILL' || run.code === 0, run.stderr).toBe(true)

      const mirror = await openMirror(file)
      try {
        expect(mirror.recoveredFromCorruption, `round ${round}: moved aside as corrupt`).toBe(false)
        const own = new Database(mirror.file, { readonly: true })
        expect(own.pragma('integrity_check', { simple: true })).toBe('ok')
        own.close()
        const { violations, progress } = checkCursorInvariant(mirror, ids)
        expect(violations, `round ${round}`).toEqual([])

        for (const resource of SYNC_RESOURCES) {
          const start: Progress = previous?.[resource] ?? { phase: 'none', pages: 0 }
          // The cursor never moves backwards across kills.
          expect(
            behind(progress[resource], start),
            `round ${round}: ${resource} went from ${JSON.stringify(start)} to ${JSON.stringify(progress[resource])}`
          ).toBe(false)
          // Every page the child reported as committed survived the kill.
          const reported = run.pages.filter((p) => p.resource === resource)
          const fullPages = Math.max(
            0,
            ...reported.filter((p) => p.mode === 'full').map((p) => p.pagesDone)
          )
          let floor = start
          if (reported.some((p) => p.mode === 'delta')) floor = { phase: 'delta', pages: 0 }
          else if (fullPages > 0 && start.phase !== 'delta') {
            floor = { phase: 'full', pages: start.pages + fullPages }
          }
          expect(
            behind(progress[resource], floor),
            `round ${round}: ${resource} at ${JSON.stringify(progress[resource])}, child reported ${JSON.stringify(floor)}`
          ).toBe(false)
          if (progress[resource].phase === 'full' && progress[resource].pages > 0) {
            interruptedMidWalk++
          }
        }
        log.push(
          `round ${round} (epoch ${epoch}): kill@ready+${killAfter}ms ${run.signal ?? `exit ${run.code}`} ` +
            `(ready ${Math.round(run.readyMs ?? -1)}ms, closed ${Math.round(run.ms)}ms, pages ${run.pages.length}) ` +
            SYNC_RESOURCES.map((r) => `${r}=${progress[r].phase}:${progress[r].pages}`).join(' ')
        )
        previous = progress
      } finally {
        await mirror.close()
      }
      if (round < ROUNDS - 1 && SYNC_RESOURCES.every((r) => previous?.[r].phase === 'delta')) {
        epoch++
        file = join(dir, `mirror-${epoch}.sqlite`)
        previous = undefined
      }
    }

    // The harness did what it is for: some kills left a full walk half done.
    expect(interruptedMidWalk, log.join('\n')).toBeGreaterThan(0)

    const last = await runChild(sandbox.url, file)
    expect(last.code, last.stdout + last.stderr).toBe(0)
    const mirror = await openMirror(file)
    try {
      for (const r of SYNC_RESOURCES) {
        expect(mirror.sync.cursor(r)).toMatchObject({ phase: 'delta', lastError: null })
      }
      await expectMirrorEqualsService(mirror, client)
    } finally {
      await mirror.close()
    }
    if (process.env.STAYDESK_TEST_VERBOSE) {
      console.log(
        `measured ${Math.round(measured.ms)}ms (ready at ${Math.round(measured.readyMs ?? 0)}ms), ` +
          `rounds ${Math.round(performance.now() - t0)}ms`
      )
      console.log(log.join('\n'))
    }
  }, 90_000)

  it('the invariant check catches a cursor that ran ahead of its data (D3 control)', async () => {
    const mirror = await openMirror(join(dir, 'control.sqlite'))
    try {
      const ids = sandbox.store.listingIds()
      expect(checkCursorInvariant(mirror, ids).violations).toEqual([])
      // "Cursor first": the cursor says page 0 is in, but no page ever landed.
      mirror.sync.setCursor('listings', {
        phase: 'full',
        nextUrl: `${sandbox.url}/v1/listings/1`,
        pagesDone: 1,
        recordsDone: 200
      })
      mirror.sync.setCursor('rates', { phase: 'delta', deltaSince: 1 })
      // A pagesDone that disagrees with the next link is caught too.
      mirror.sync.setCursor('availability', {
        phase: 'full',
        nextUrl: `${sandbox.url}/v1/availability/0`,
        pagesDone: 1
      })
      const { violations, progress } = checkCursorInvariant(mirror, ids)
      expect(violations).toEqual([
        expect.stringContaining('listings: cursor at {"phase":"full","pages":1} but 200 records'),
        'availability: pagesDone 1 but next page is 0',
        expect.stringContaining(`rates: cursor at {"phase":"delta","pages":2} but ${ids.length}`)
      ])
      // And a cursor that went backwards is told apart from one that held or moved on.
      expect(behind({ phase: 'full', pages: 0 }, progress.listings)).toBe(true)
      expect(behind(progress.listings, progress.listings)).toBe(false)
      expect(behind({ phase: 'full', pages: 5 }, progress.rates)).toBe(true)
    } finally {
      await mirror.close()
    }
  })
})
