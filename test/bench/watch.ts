import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BookingDetails, BookingRequest } from '@shared/api'
import { addDays } from '@shared/domain/dates'
import { DEFAULT_GUARDRAILS } from '@shared/watch/alert.schema'
import { createApiClient } from '../../src-main/api'
import { openMirror, type Mirror } from '../../src-main/db'
import { runWatchPass } from '../../src-main/features/watch/pass'
import { WatchStore } from '../../src-main/features/watch/store'
import { startSandbox, type SandboxHandle } from '../../src-main/sandbox'
import { syncAll } from '../../src-main/sync/engine'
import { BENCH_TODAY } from './mirror-fixture'
import { fmt, median, ms, report } from './stats'
import { TOKEN } from './sync-helpers'

/**
 * The portfolio watch's pass after a delta sync of a 1% churn at 10,000 listings (issue 23:
 * under 10% of the delta itself), side by side with that very delta, in this thread on the same
 * mirror: each repetition churns, syncs the delta, then runs the pass the app runs after it
 * (the history rows since the last pass and the listings they name, plus the kept bookings).
 * The first pass after the full sync, which scans every listing, is printed for the record.
 * About a hundred bookings made after the full sync are kept, as a desk keeps what it opens, so
 * the pass's double-booking check and its price at booking (re-priced when their listing
 * changes) are part of the figure.
 */
const CALLER = { token: TOKEN, channel: 'DEMO', merchantOfRecord: 'service' as const }
const GUEST = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', country: 'GB' }
const CARD = { number: '4242 4242 4242 4242', cvc: '123', expiration: '12/30' }

/** A week for two adults booked at the service on up to `count` listings, each read and kept. */
function keepBookings(sandbox: SandboxHandle, mirror: Mirror, count: number): number {
  const store = sandbox.store
  let kept = 0
  for (const listingId of store.listingIds()) {
    if (kept === count) break
    for (let lead = 30; lead < 120; lead += 7) {
      const from = addDays(BENCH_TODAY, lead)
      const req = { listingId, from, to: addDays(from, 7), adults: 2 }
      if ('reasons' in store.quote(req)) continue
      const { bookingId } = store.createBooking(
        CALLER,
        BookingRequest.parse({ ...req, guest: GUEST, creditCard: CARD })
      )
      const booking = BookingDetails.parse(store.readBooking(bookingId, CALLER.channel))
      mirror.bookings.keep(booking, { fetchedAt: Date.now(), listingId })
      kept++
      break
    }
  }
  return kept
}

export async function benchWatch(listings = 10_000, reps = 5): Promise<void> {
  const sandbox = await startSandbox({ listings, seed: 1, today: BENCH_TODAY })
  const dir = mkdtempSync(join(tmpdir(), 'staydesk-bench-watch-'))
  const client = createApiClient({ baseUrl: sandbox.url, token: TOKEN })
  try {
    const mirror = await openMirror(join(dir, 'mirror.db'))
    let t = process.hrtime.bigint()
    await syncAll(client, mirror, {})
    console.log(`  initial full sync (in-thread) ${fmt(ms(t) / 1000, 1)} s`)
    console.log(`  ${keepBookings(sandbox, mirror, 100)} bookings made and kept`)
    // Their nights, booked at the service after the full sync, reach the mirror by a delta.
    sandbox.store.advance(5 * 60_000)
    await syncAll(client, mirror, {})
    const store = await WatchStore.open(mirror.file, mirror.keptFile)
    const pass = () =>
      runWatchPass(store, { now: Date.now(), today: BENCH_TODAY, rules: DEFAULT_GUARDRAILS })
    t = process.hrtime.bigint()
    const first = await pass()
    const fullMs = ms(t)
    console.log(
      `  first pass (every listing): ${fmt(fullMs, 0)} ms, ${first.listings} listings, ${first.added.length} alerts`
    )
    const deltaMs: number[] = []
    const watchMs: number[] = []
    const ratios: number[] = []
    for (let i = 0; i <= reps; i++) {
      sandbox.churnNow()
      // Past the engine's 120 s overlap, so each delta holds this churn and not the last one.
      sandbox.store.advance(5 * 60_000)
      t = process.hrtime.bigint()
      const { results } = await syncAll(client, mirror, {})
      const d = ms(t)
      t = process.hrtime.bigint()
      const p = await pass()
      const w = ms(t)
      const changed = results.map((r) => `${r.resource} ${r.changed}`).join(', ')
      console.log(
        `  ${i === 0 ? 'warm-up' : `rep ${i}`}: delta ${fmt(d, 0)} ms (changed: ${changed}), watch pass ${fmt(w, 1)} ms (${p.changes} history rows, ${p.listings} listings, full: ${p.full})`
      )
      if (i === 0) continue
      deltaMs.push(d)
      watchMs.push(w)
      ratios.push(w / d)
    }
    report(
      'watch pass after a 1% churn delta',
      `${fmt(median(watchMs), 1)} ms`,
      `delta ${fmt(median(deltaMs), 0)} ms`,
      median(ratios),
      '< 10% of the delta',
      median(ratios) < 0.1
    )
    report(
      'first watch pass after a full sync',
      `${fmt(fullMs, 0)} ms`,
      `${listings.toLocaleString('en')} listings`,
      undefined,
      'informational',
      undefined
    )
    store.close()
    await mirror.close()
  } finally {
    await client.close()
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
