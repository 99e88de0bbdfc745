import { daysBetween } from '@shared/domain/dates'
import { createSandboxStore } from '../../src-main/sandbox/state/store'
import type { SandboxStore } from '../../src-main/sandbox/types'
import { fmt, median, percentile, report } from './stats'
import { collect } from './sync-helpers'
import { fixtureMirror, startUiApp, type UiApp } from './ui-app'
import { pageParseTimes, roundTrips } from './ui-probe'
import { profiled } from './ui-profile'
import {
  availabilitySearches,
  calendarMonthSwitches,
  listingsKeystrokes,
  timelineScrolls,
  type AvailabilityRun,
  type Latencies,
  type PrefixAnswer
} from './ui-screens'

/**
 * `npm run bench -- ui`: the screens at 10,000 listings, as a person uses them after the first
 * full sync: typing a search on Listings, running availability searches, switching months on a
 * listing's calendar, scrolling the whole portfolio's timeline. Each figure is timed in the
 * page from the input's own timestamp to the frame that shows the answer, beside a baseline from
 * the same page (the same input with nothing to answer, or a scroll by 0), and beside a
 * calibration unit (JSON.parse of a 50-listing availability page) timed in this process and in
 * the page, so that figures from a busy machine can be read as ratios.
 */

/** Typed a character at a time; their prefixes are all different, so none is answered from cache. */
const WORDS = ['garmisch', 'zandvoort', 'texel']
const FRAMES = 300
const MONTH_SWITCHES = 24
const RUNS: AvailabilityRun[] = [
  { preset: null, adults: 3 },
  { preset: null, adults: 1 },
  { preset: null, adults: 4 },
  { preset: 'A week from Saturday', adults: 2 },
  { preset: null, adults: 5 },
  { preset: null, adults: 1 },
  { preset: 'Two weeks from Saturday', adults: 2 },
  { preset: null, adults: 4 },
  { preset: null, adults: 3 },
  { preset: 'Next weekend', adults: 2 },
  { preset: null, adults: 1 },
  { preset: null, adults: 6 }
]

/** What the Listings search matches, by the sandbox's records: id, reference, headlines, city. */
function searchTextOf(store: SandboxStore, id: number): string {
  const l = store.listing(id)!
  const parts = [String(id), l.referenceNumber ?? '']
  for (const d of Object.values(l.description ?? {})) parts.push(d.headline ?? '')
  parts.push(l.location?.city ?? '', l.location?.en?.city ?? '')
  return parts.join('\n').toLowerCase()
}

interface Truth {
  portfolio: number
  firstId: number
  words: PrefixAnswer[][]
  /** The calibration unit's input: 50 listings' availability as the service sends them. */
  page50: string
}

/** The sandbox's own answers, from a store generated like the served one (same seed). */
function truth(listings: number): Truth {
  const store = createSandboxStore({
    listings,
    seed: 1,
    callers: [{ token: 'demo-token', channel: 'DEMO', merchantOfRecord: 'service' }]
  })
  const ids = store.listingIds()
  const texts = ids.map((id) => [id, searchTextOf(store, id)] as const)
  const words = WORDS.map((w) =>
    Array.from({ length: w.length }, (_, i) => {
      const text = w.slice(0, i + 1)
      const hits = texts.filter(([, t]) => t.includes(text)).map(([id]) => id)
      return { text, count: hits.length, firstId: Math.min(...hits) }
    })
  )
  const page50 = JSON.stringify(ids.slice(0, 50).map((id) => store.availability(id)))
  return { portfolio: ids.length, firstId: Math.min(...ids), words, page50 }
}

function nodeParseTimes(text: string, reps: number): number[] {
  const times: number[] = []
  for (let i = 0; i < reps; i++) {
    const t = process.hrtime.bigint()
    JSON.parse(text)
    times.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  return times.slice(3)
}

const spread = (xs: number[]) =>
  `p50 ${fmt(median(xs))} / p90 ${fmt(percentile(xs, 90))} / max ${fmt(Math.max(...xs))} ms`

function latencyLines(name: string, l: Latencies, target: number, unit: number): void {
  const idle = median(l.idle)
  report(
    `${name}, median (n=${l.paint.length})`,
    `${fmt(median(l.paint))} ms`,
    `idle input ${fmt(idle)} ms`,
    median(l.paint) / idle,
    `< ${target} ms`,
    median(l.paint) < target
  )
  report(
    `${name}, p90`,
    `${fmt(percentile(l.paint, 90))} ms`,
    `idle input p90 ${fmt(percentile(l.idle, 90))} ms`,
    percentile(l.paint, 90) / percentile(l.idle, 90),
    `< ${target} ms`,
    percentile(l.paint, 90) < target
  )
  console.log(
    `  in the DOM: median ${fmt(median(l.dom))} ms, max ${fmt(Math.max(...l.dom))} ms; ` +
      `painted: max ${fmt(Math.max(...l.paint))} ms; median ${fmt(median(l.paint) / unit, 1)} page calibration units`
  )
}

/**
 * Runs one screen's measurements and says where their time went: the page's main-thread work
 * per measured input (Chromium's own counters), and main's handlers called meanwhile.
 */
async function attributed<T extends { paint: number[] }>(
  app: UiApp,
  run: () => Promise<T>
): Promise<[T, string]> {
  const a = await app.usage()
  const result = await run()
  const b = await app.usage()
  const n = result.paint.length
  const per = (x: number) => fmt(x / n)
  const byCommand = new Map<string, number[]>()
  for (const c of app.handlerCalls(a.calls)) {
    byCommand.set(c.command, [...(byCommand.get(c.command) ?? []), c.ms])
  }
  const handlers = [...byCommand]
    .map(([c, t]) => `${c} ${t.length}x median ${fmt(median(t))} / max ${fmt(Math.max(...t))} ms`)
    .join(', ')
  const note =
    `  per input, page main thread ${per(b.task - a.task)} ms (script ${per(b.script - a.script)}, ` +
    `style ${per(b.style - a.style)}, layout ${per(b.layout - a.layout)}); handlers: ${handlers || 'none'}`
  return [result, note]
}

/**
 * STAYDESK_BENCH_UI=listings,calendar measures only those screens (listings, availability,
 * calendar, timeline): one screen's figures while working on it, without the others' minutes.
 */
function screensWanted(): (screen: string) => boolean {
  const only = (process.env.STAYDESK_BENCH_UI ?? '').split(',').filter(Boolean)
  return (screen) => only.length === 0 || only.includes(screen)
}

/**
 * With `written`, the app opens on a mirror written straight from the portfolio (a delta sync
 * first, nothing to do) instead of syncing it in full: the screens' figures at 50,000 listings
 * in minutes, not the five of a full sync; `npm run bench -- sync` times the full sync.
 */
export async function benchUi(listings = 10_000, written = false): Promise<void> {
  const t0 = Date.now()
  const wanted = screensWanted()
  const known = truth(listings)
  collect()
  const mirror = written ? await fixtureMirror(listings) : undefined
  const app = await startUiApp(listings, { mirrorFile: mirror?.file }).catch((err: unknown) => {
    mirror?.remove()
    throw err
  })
  try {
    const { page } = app
    const nodeBefore = nodeParseTimes(known.page50, 13)
    const inPage = (await pageParseTimes(page, known.page50, 13)).slice(3)
    const unit = median(inPage)
    console.log(
      `calibration unit: JSON.parse of 50 listings' availability (${fmt(known.page50.length / 1e6, 2)} MB): ` +
        `${fmt(median(nodeBefore), 2)} ms here, ${fmt(unit, 2)} ms in the page`
    )

    const trips = (await roundTrips(page, 23)).slice(3)
    report(
      'IPC round trip, app:info (test transport)',
      `${fmt(median(trips), 2)} ms`,
      `p90 ${fmt(percentile(trips, 90), 2)} ms`,
      undefined,
      'informational',
      undefined
    )
    console.log(
      '  every read below pays this at least once; in the app, IPC goes through neither CDP nor Playwright'
    )

    if (wanted('listings')) {
      const [typing, typingNote] = await attributed(app, () =>
        listingsKeystrokes(page, known.portfolio, known.words)
      )
      latencyLines('listings: keystroke to filtered rows', typing, 50, unit)
      console.log(typingNote)
    }

    if (wanted('availability')) {
      const [search, searchNote] = await attributed(app, () =>
        profiled(app.cdp, `availability-${listings}`, () => availabilitySearches(page, RUNS))
      )
      latencyLines('availability: Search to results', search, 100, unit)
      console.log(searchNote)
      // The issue's target names a 7-night stay; the runs above mix 2, 7 and 14 nights.
      const week = search.paint.filter((_, i) => {
        const [from, to] = search.counts[i].split(':')[0].split('/')
        return daysBetween(from, to) === 7
      })
      report(
        `availability: the same, 7-night stays (n=${week.length})`,
        `${fmt(median(week))} ms`,
        `p90 ${fmt(percentile(week, 90))} ms`,
        undefined,
        '< 100 ms',
        median(week) < 100
      )
      report(
        'availability: Search to the reasons shown',
        `${fmt(median(search.reasons))} ms`,
        `p90 ${fmt(percentile(search.reasons, 90))} ms`,
        undefined,
        'informational',
        undefined
      )
      console.log(
        `  stays, bookable counts and Search to results: ${search.counts
          .map((c, i) => `${c} in ${fmt(search.paint[i])} ms`)
          .join('; ')}`
      )
    }

    if (wanted('calendar')) {
      const [months, monthsNote] = await attributed(app, () =>
        calendarMonthSwitches(page, known.firstId, MONTH_SWITCHES)
      )
      const extra = median(months.paint) - median(months.idle)
      report(
        `calendar: month switch to painted (n=${months.paint.length})`,
        `${fmt(median(months.paint))} ms`,
        `idle click ${fmt(median(months.idle))} ms`,
        median(months.paint) / median(months.idle),
        '<= idle + 16 ms',
        extra <= 16
      )
      console.log(
        `  beyond the idle frame: median ${fmt(extra)} ms, p90 ${fmt(percentile(months.paint, 90) - percentile(months.idle, 90))} ms; ` +
          `in the DOM: median ${fmt(median(months.dom))} ms; max ${fmt(Math.max(...months.paint))} ms`
      )
      console.log(monthsNote)
    }

    if (wanted('timeline')) {
      const timeline = await timelineScrolls(page, known.portfolio, FRAMES, app.usage)
      const base = timeline.baseline
      for (const p of timeline.passes) {
        const long = p.deltas.filter((d) => d > 50).length
        report(
          `timeline ${listings}: ${p.name}`,
          `${long} of ${p.deltas.length} > 50 ms`,
          `scroll by 0: ${base.filter((d) => d > 50).length} of ${base.length}`,
          median(p.deltas) / median(base),
          'no frame > 50 ms',
          long === 0
        )
        console.log(
          `  frames ${spread(p.deltas)}; by 0: ${spread(base)}; rows "Loading…" in sight in ${p.loadingFrames} frames`
        )
        if (p.work) {
          const w = p.work
          console.log(
            `  page main thread per frame ${fmt(w.task, 1)} ms (script ${fmt(w.script, 1)}, ` +
              `style ${fmt(w.style, 1)}, layout ${fmt(w.layout, 1)})`
          )
        }
      }
    }

    const nodeAfter = nodeParseTimes(known.page50, 13)
    console.log(
      `calibration unit here, before and after: ${fmt(median(nodeBefore), 2)} / ${fmt(median(nodeAfter), 2)} ms ` +
        `(a drift means the machine got busier or quieter meanwhile)`
    )
    const problems = app.problems()
    if (problems.length > 0) throw new Error(`the app failed meanwhile:\n${problems.join('\n')}`)
    console.log(`ui bench done in ${fmt((Date.now() - t0) / 1000, 0)} s`)
  } finally {
    await app.close()
    mirror?.remove()
  }
}
