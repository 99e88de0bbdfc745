import { OverviewInput } from '@shared/overview/overview.schema'
import { OverviewQuery, overviewSource } from '../../src-main/db/queries/overview'
import { gaps, overview } from '../../src-main/features/overview/overview'
import { overviewOf } from '../../src-main/features/overview/source'
import { buildMirror, BENCH_TODAY } from './mirror-fixture'
import { fmt, median, ms, report } from './stats'

const REPS = 9
const WARMUP = 2

function time(fn: () => unknown): number {
  const t = process.hrtime.bigint()
  fn()
  return ms(t)
}

/**
 * The portfolio overview at 10,000 listings (issue 23: under 200 ms from the mirror). Each
 * figure beside a plain read of the same columns in the same run:
 * - the first answer after a sync's commit: every listing's twelve months and gap runs worked
 *   out again (db/queries/overview.ts), read from the packed columns (overviewRows) and, as the
 *   app reads them until a mirror group offers those rows, through the mirror's public reads
 *   (features/overview/source.ts);
 * - every answer until the next commit: sums and a slice of the kept arrays (the screen's
 *   filters, sorts and pages, the gap list).
 */
export async function benchOverview(): Promise<void> {
  const f = await buildMirror(10_000, 1, { keepStore: false })
  try {
    const plain = f.raw
      .prepare(
        `SELECT l.id, l.region, a.flags, a.min_stay, a.max_stay, r.prices FROM listings l
         LEFT JOIN availability a ON a.listing_id = l.id LEFT JOIN rates r ON r.listing_id = l.id`
      )
      .raw()
    const source = overviewSource(f.raw)
    let fast = new OverviewQuery(source, () => '')
    const input = OverviewInput.parse({})
    const cold: number[] = []
    const scans: number[] = []
    const ratios: number[] = []
    for (let i = 0; i < WARMUP + REPS; i++) {
      // A new query: every listing worked out, as on the first read after opening a mirror.
      fast = new OverviewQuery(source, () => '')
      const a = time(() => overview(fast.get(BENCH_TODAY), input))
      const b = time(() => plain.all())
      if (i < WARMUP) continue
      cold.push(a)
      scans.push(b)
      ratios.push(a / b)
    }
    report(
      'overview, first read, 10,000',
      `${fmt(median(cold), 1)} ms`,
      `plain read ${fmt(median(scans), 1)} ms`,
      median(ratios),
      'median < 200 ms',
      median(cold) < 200
    )

    const data = fast.get(BENCH_TODAY)
    const months = data.span.months
    const region = [...data.regions.keys()].find((r) => r !== null) ?? undefined
    const asks = [
      input,
      OverviewInput.parse({ month: months[3] }),
      OverviewInput.parse({ region, sort: 'gapNights', descending: true }),
      OverviewInput.parse({ month: months[1], sort: 'openValue', offset: 5000 })
    ]
    const warm: number[] = []
    const warmScans: number[] = []
    const warmRatios: number[] = []
    for (let i = 0; i < WARMUP + REPS * 2; i++) {
      const a = time(() => {
        overview(fast.get(BENCH_TODAY), asks[i % asks.length])
        gaps(fast.get(BENCH_TODAY), { offset: 0, limit: 100 })
      })
      const b = time(() => plain.all())
      if (i < WARMUP) continue
      warm.push(a)
      warmScans.push(b)
      warmRatios.push(a / b)
    }
    report(
      'overview + gaps, kept figures, 10,000',
      `${fmt(median(warm), 1)} ms`,
      `plain read ${fmt(median(warmScans), 1)} ms`,
      median(warmRatios),
      'median < 200 ms',
      median(warm) < 200
    )
    const nights = data.gaps.reduce((n, g) => n + g.to - g.from, 0)
    console.log(`  ${data.gaps.length} gap runs, ${nights} gap nights in the next 90 days`)

    // A delta of 1 %: 100 listings' calendars change (a night closes), committed as a sync would.
    const delta: number[] = []
    const deltaScans: number[] = []
    const deltaRatios: number[] = []
    const mirrorQuery = new OverviewQuery(overviewSource(f.raw), () => f.mirror.sync.dataStamp())
    mirrorQuery.get(BENCH_TODAY)
    for (let i = 0; i < WARMUP + REPS; i++) {
      const records = f.ids.slice(i * 100, i * 100 + 100).map((id) => {
        const r = f.mirror.calendars.availability(id)!
        const day = Object.keys(r.availability).find(
          (d) => d > BENCH_TODAY && r.availability[d].available
        )
        if (day) r.availability[day] = { ...r.availability[day], available: false }
        return r
      })
      f.mirror.sync.commitPage({
        resource: 'availability',
        records,
        quarantined: [],
        cursor: null,
        seenAt: Date.now(),
        recordHistory: false
      })
      const a = time(() => overview(mirrorQuery.get(BENCH_TODAY), input))
      const b = time(() => plain.all())
      if (i < WARMUP) continue
      delta.push(a)
      deltaScans.push(b)
      deltaRatios.push(a / b)
    }
    report(
      'overview, first after a 1 % delta, 10,000',
      `${fmt(median(delta), 1)} ms`,
      `plain read ${fmt(median(deltaScans), 1)} ms`,
      median(deltaRatios),
      'median < 200 ms',
      median(delta) < 200
    )

    // The app's reader today: the mirror's public reads, each listing's records packed again.
    const viaMirror = overviewOf(f.mirror)
    const publicReads: number[] = []
    const publicScans: number[] = []
    const publicRatios: number[] = []
    for (let i = 0; i < 2; i++) {
      // A commit moves the mirror's data stamp: a one-row write through the raw connection.
      f.raw.prepare('UPDATE sync_state SET updated_at = updated_at + 1').run()
      const a = time(() => overview(viaMirror.get(BENCH_TODAY), input))
      const b = time(() => plain.all())
      publicReads.push(a)
      publicScans.push(b)
      publicRatios.push(a / b)
    }
    report(
      'overview, first after a commit, public reads',
      `${fmt(median(publicReads), 1)} ms`,
      `plain read ${fmt(median(publicScans), 1)} ms`,
      median(publicRatios),
      'informational',
      undefined
    )
  } finally {
    await f.close()
  }
}
