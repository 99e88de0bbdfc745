import { addDays } from '@shared/domain/dates'
import { timelineRows } from '../../src-main/features/calendar/calendar'
import { BENCH_TODAY, type MirrorFixture } from './mirror-fixture'
import { fmt, median, ms, percentile, report } from './stats'

/**
 * A desk's mirror at a large portfolio beside one at 10,000 listings, each query run on both in
 * turn (so a busier machine slows both alike) and reported as the median ratio of the pairs,
 * held to linear growth: `scale` times the listings may cost at most 1.25 times `scale`. A
 * ratio above that is something that grows faster than the portfolio.
 */

const WORDS = ['garmisch', 'zandvoort', 'texel']
const MONTHS = ['2026-12', '2027-03', '2027-07', '2027-11']

function time(fn: () => unknown): number {
  const t = process.hrtime.bigint()
  fn()
  return ms(t)
}

interface Pairs {
  small: number[]
  large: number[]
  ratios: number[]
}

/** Runs `a(i)` then `b(i)` for each i; the first `warmup` pairs are not kept. */
function pairs(n: number, warmup: number, a: (i: number) => unknown, b: (i: number) => unknown) {
  const out: Pairs = { small: [], large: [], ratios: [] }
  for (let i = 0; i < warmup + n; i++) {
    const x = time(() => a(i))
    const y = time(() => b(i))
    if (i < warmup) continue
    out.small.push(x)
    out.large.push(y)
    out.ratios.push(y / x)
  }
  return out
}

export async function benchDeskSize(
  small: MirrorFixture,
  large: MirrorFixture,
  stays: { from: string; to: string; adults: number; today: string }[]
): Promise<void> {
  const scale = large.ids.length / small.ids.length
  const sizes = `${large.ids.length.toLocaleString('en')} vs ${small.ids.length.toLocaleString('en')}`
  const line = (name: string, p: Pairs, digits = 1, target?: string, pass?: boolean) => {
    report(
      `${name}, ${sizes}`,
      `${fmt(median(p.large), digits)} ms`,
      `${small.ids.length.toLocaleString('en')}: ${fmt(median(p.small), digits)} ms`,
      median(p.ratios),
      target ?? `<= ${fmt(scale * 1.25, 2)} (linear)`,
      pass ?? median(p.ratios) <= scale * 1.25
    )
  }
  const fileRatio = large.fileBytes() / small.fileBytes()
  report(
    `DB file after checkpoint, ${sizes}`,
    `${fmt(large.fileBytes() / 1e6, 1)} MB`,
    `${fmt(small.fileBytes() / 1e6, 1)} MB`,
    fileRatio,
    `<= ${fmt(scale * 1.25, 2)} (linear)`,
    fileRatio <= scale * 1.25
  )

  // A commit (an empty page: the caches cannot know it changed nothing) empties the search's
  // caches, so the next search reads every calendar again: what the first search after a sync
  // costs.
  const commit = (f: MirrorFixture) =>
    f.mirror.sync.commitPage({
      resource: 'listings',
      records: [],
      quarantined: [],
      cursor: { phase: 'full', nextUrl: null },
      seenAt: Date.now(),
      recordHistory: false
    })
  const firstAfter = (f: MirrorFixture) => () => {
    commit(f)
    const t = process.hrtime.bigint()
    f.mirror.calendars.available(stays[0])
    return ms(t)
  }
  const first: Pairs = { small: [], large: [], ratios: [] }
  for (let i = 0; i < 4; i++) {
    const x = firstAfter(small)()
    const y = firstAfter(large)()
    if (i === 0) continue
    first.small.push(x)
    first.large.push(y)
    first.ratios.push(y / x)
  }
  line('search, first after a commit', first, 0)

  const search = pairs(
    24,
    stays.length,
    (i) => small.mirror.calendars.available(stays[i % stays.length]),
    (i) => large.mirror.calendars.available(stays[i % stays.length])
  )
  line('availability search 7 nights', search)
  console.log(
    `  p95 ${fmt(percentile(search.large, 95), 1)} ms at ${large.ids.length.toLocaleString('en')}; ` +
      `bookable ${small.mirror.calendars.available(stays[0]).bookable.length} / ` +
      `${large.mirror.calendars.available(stays[0]).bookable.length}`
  )

  // Every prefix of each word, as typed; the table asks for its first 100 rows and the count.
  const prefixes = WORDS.flatMap((w) => Array.from(w, (_, i) => w.slice(0, i + 1)))
  const keystroke = (f: MirrorFixture, i: number) =>
    f.mirror.listings.search({ text: prefixes[i % prefixes.length], limit: 100, offset: 0 })
  const typing = pairs(
    prefixes.length * 2,
    prefixes.length,
    (i) => keystroke(small, i),
    (i) => keystroke(large, i)
  )
  line('listings keystroke search', typing, 2)

  const monthOf = (f: MirrorFixture, i: number) =>
    f.mirror.calendars.month(f.ids[(i * 997) % f.ids.length], MONTHS[i % MONTHS.length])
  const months = pairs(
    31,
    3,
    (i) => monthOf(small, i),
    (i) => monthOf(large, i)
  )
  line('calendar month, one listing', months, 3, '~1 (one listing)', median(months.ratios) < 2)

  // The timeline's page: the portfolio by name, 60 rows of 90 days' letters, spread over it.
  const timeline = (f: MirrorFixture, i: number) =>
    timelineRows(f.mirror, {
      from: addDays(BENCH_TODAY, (i % 8) * 30),
      days: 90,
      offset: Math.floor(((i * 0.37) % 1) * (f.ids.length - 60)),
      limit: 60
    })
  const rows = pairs(
    24,
    4,
    (i) => timeline(small, i),
    (i) => timeline(large, i)
  )
  line('timeline page (60 rows x 90 days)', rows, 2)
}
