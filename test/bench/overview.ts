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
 * `reps` runs of `prepare` then `measured`, each beside `baseline` in the same turn (the first
 * `warmup` dropped), printed as one line with the median ratio; `target` ms when it has one.
 */
function sideBySide(
  name: string,
  runs: { reps: number; warmup: number },
  prepare: (i: number) => void,
  measured: () => unknown,
  baseline: () => unknown,
  target?: number
): void {
  const a: number[] = []
  const b: number[] = []
  const ratios: number[] = []
  for (let i = 0; i < runs.warmup + runs.reps; i++) {
    prepare(i)
    const x = time(measured)
    const y = time(baseline)
    if (i < runs.warmup) continue
    a.push(x)
    b.push(y)
    ratios.push(x / y)
  }
  report(
    name,
    `${fmt(median(a), 1)} ms`,
    `plain read ${fmt(median(b), 1)} ms`,
    median(ratios),
    target === undefined ? 'informational' : `median < ${target} ms`,
    target === undefined ? undefined : median(a) < target
  )
}

/**
 * The portfolio overview at 10,000 listings (issue 23: under 200 ms from the mirror), each
 * figure beside a plain read of the calendars' and rates' columns in the same run:
 * - the first read (a new query: every listing's twelve months and gap runs worked out, read
 *   from the packed columns by overviewSource);
 * - the first read after a delta of 1 % (100 listings' calendars committed): only those
 *   listings worked out again;
 * - reads while the data holds: the screen's filters, sorts and pages and the gap list, sums and
 *   slices of the kept figures;
 * - the stop-gap the app uses until a mirror group offers overviewSource's rows: the mirror's
 *   public reads (features/overview/source.ts), every listing after every commit.
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
    const scan = () => plain.all()
    const runs = { reps: REPS, warmup: WARMUP }
    const source = overviewSource(f.raw)
    const input = OverviewInput.parse({})

    let fresh = new OverviewQuery(source, () => '')
    sideBySide(
      'overview, first read, 10,000',
      runs,
      () => (fresh = new OverviewQuery(source, () => '')),
      () => overview(fresh.get(BENCH_TODAY), input),
      scan,
      200
    )

    const kept = new OverviewQuery(source, () => f.mirror.sync.dataStamp())
    kept.get(BENCH_TODAY)
    sideBySide(
      'overview, first after a 1 % delta, 10,000',
      runs,
      (i) => {
        // 100 listings' calendars change (a night closes), committed as a sync would.
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
      },
      () => overview(kept.get(BENCH_TODAY), input),
      scan,
      200
    )

    const data = kept.get(BENCH_TODAY)
    const months = data.span.months
    const region = [...data.regions.keys()].find((r) => r !== null) ?? undefined
    const asks = [
      input,
      OverviewInput.parse({ month: months[3] }),
      OverviewInput.parse({ region, sort: 'gapNights', descending: true }),
      OverviewInput.parse({ month: months[1], sort: 'openValue', offset: 5000 })
    ]
    let ask = asks[0]
    sideBySide(
      'overview + gaps, kept figures, 10,000',
      { reps: REPS * 2, warmup: WARMUP },
      (i) => (ask = asks[i % asks.length]),
      () => {
        overview(kept.get(BENCH_TODAY), ask)
        gaps(kept.get(BENCH_TODAY), { offset: 0, limit: 100 })
      },
      scan,
      200
    )
    const nights = data.gaps.reduce((n, g) => n + g.to - g.from, 0)
    console.log(`  ${data.gaps.length} gap runs, ${nights} gap nights in the next 90 days`)

    const viaMirror = overviewOf(f.mirror)
    sideBySide(
      'overview, first read through the mirror',
      { reps: 1, warmup: 0 },
      // A commit moves the mirror's data stamp: a one-row write through the raw connection.
      () => f.raw.prepare('UPDATE sync_state SET updated_at = updated_at + 1').run(),
      () => overview(viaMirror.get(BENCH_TODAY), input),
      scan
    )
  } finally {
    await f.close()
  }
}
