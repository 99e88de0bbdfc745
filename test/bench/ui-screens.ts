import type { Page } from '@playwright/test'
import {
  arm,
  idleInput,
  measured,
  scroll,
  settleTimeline,
  timelineRange,
  type Cond
} from './ui-probe'

/**
 * Each screen driven as a person does (by roles, labels and visible text), each step timed in
 * the page from the person's input to the frame that shows the answer. Every latency comes with
 * a baseline taken in the same page in alternation: the same kind of input with nothing to do.
 */

export interface Latencies {
  /** Input to the frame showing the answer, ms. */
  paint: number[]
  /** Input to the answer committed in the DOM, ms. */
  dom: number[]
  /** The same input with nothing to answer, to the next frame, ms. */
  idle: number[]
}

const number = new Intl.NumberFormat('en-US')
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click()

/** What a prefix must show: the count and the first row (lowest id) by the sandbox's records. */
export interface PrefixAnswer {
  text: string
  count: number
  firstId: number
}

/** Types each word a character at a time into "Search listings", timing every keystroke. */
export async function listingsKeystrokes(
  page: Page,
  portfolio: number,
  words: PrefixAnswer[][]
): Promise<Latencies> {
  const out: Latencies = { paint: [], dom: [], idle: [] }
  const count = page.getByTestId('listings-count')
  const all = `${number.format(portfolio)} of ${number.format(portfolio)} listings`
  await nav(page, 'Listings')
  await count.filter({ hasText: all }).waitFor({ timeout: 60_000 })
  const box = page.getByRole('textbox', { name: 'Search listings' })
  await box.focus()
  for (const prefixes of words) {
    for (const p of prefixes) {
      const busy = '[data-testid="listings-table"]'
      await arm(page, {
        trigger: 'keydown',
        // The answer to this prefix: the table says whose rows it shows and is no longer busy
        // (a new filter first keeps the previous rows, marked busy, unless the answer is back).
        done: [
          {
            sel: '[data-testid="listings-count"]',
            text: `${number.format(p.count)} of ${number.format(portfolio)} listings`
          },
          { sel: busy, attr: 'data-search', value: p.text },
          { sel: busy, attr: 'aria-busy', value: 'false' },
          {
            sel: '[data-testid="listing-row"][aria-rowindex="2"]',
            attr: 'data-listing-id',
            value: String(p.firstId)
          }
        ]
      })
      await page.keyboard.press(p.text.at(-1)!)
      const t = await measured(page, `typing "${p.text}"`)
      out.paint.push(t.paint)
      out.dom.push(t.dom)
      // End with the caret already at the end: a key the page receives and ignores.
      out.idle.push(await idleInput(page, 'keydown', () => page.keyboard.press('End')))
    }
    await page.keyboard.press('Control+A')
    await page.keyboard.press('Backspace')
    await count.filter({ hasText: all }).waitFor()
  }
  return out
}

export interface AvailabilityRun {
  /** A preset of the date picker, or null to keep the dates. */
  preset: string | null
  adults: number
}

/** Search clicks with other stays each time; also times the reasons section's answer. */
export async function availabilitySearches(
  page: Page,
  runs: AvailabilityRun[]
): Promise<Latencies & { reasons: number[]; counts: string[] }> {
  const out = { paint: [] as number[], dom: [] as number[], idle: [] as number[] }
  const reasons: number[] = []
  const counts: string[] = []
  await nav(page, 'Availability')
  const heading = page.getByRole('heading', { level: 1, name: 'Availability' })
  await heading.waitFor()
  const countEl = page.locator('[data-testid="availability-count"][data-stay]')
  await countEl.waitFor({ timeout: 60_000 })
  const form = page.getByRole('form', { name: 'Availability search' })
  for (const run of runs) {
    if (run.preset) {
      await form.getByRole('button', { name: 'Stay dates', exact: true }).click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: run.preset, exact: true }).click()
      if (await dialog.isVisible()) await page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'hidden' })
    }
    await form.getByRole('textbox', { name: 'Adults' }).fill(String(run.adults))
    const before = (await countEl.getAttribute('data-stay'))!
    const misses = (await page.getByTestId('misses-intro').getAttribute('data-stay')) ?? ''
    const answered: Cond[] = [
      { sel: '[data-testid="availability-count"]', attr: 'data-stay', not: before },
      { sel: '[data-testid="availability-results"]', attr: 'aria-busy', value: 'false' },
      { sel: '[data-testid="availability-result"]' }
    ]
    await arm(page, {
      trigger: 'click',
      done: answered,
      marks: { reasons: [{ sel: '[data-testid="misses-intro"]', attr: 'data-stay', not: misses }] }
    })
    await form.getByRole('button', { name: 'Search', exact: true }).click()
    const t = await measured(page, `search ${JSON.stringify(run)}`)
    out.paint.push(t.paint)
    out.dom.push(t.dom)
    reasons.push(t.marks.reasons)
    const stay = await countEl.getAttribute('data-stay')
    counts.push(`${stay}: ${await countEl.getAttribute('data-count')}`)
    out.idle.push(await idleInput(page, 'click', () => heading.click()))
  }
  return { ...out, reasons, counts }
}

function addMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number)
  const d = new Date(Date.UTC(y, m - 1 + n, 1))
  return d.toISOString().slice(0, 7)
}

/** "Next month" (and "Previous month" back from the last one) on one listing's calendar. */
export async function calendarMonthSwitches(
  page: Page,
  listingId: number,
  switches: number
): Promise<Latencies> {
  const out: Latencies = { paint: [], dom: [], idle: [] }
  await nav(page, 'Calendar')
  const heading = page.getByRole('heading', { level: 1, name: 'Calendar' })
  await heading.waitFor()
  const picker = page.getByRole('combobox', { name: 'Listing' })
  await picker.click()
  await picker.fill(String(listingId))
  await page.getByRole('option', { name: new RegExp(`\\b${listingId}\\b`) }).click()
  const grid = page.getByTestId('calendar-month')
  await grid.waitFor()
  const next = page.getByRole('button', { name: /Next month/ })
  const previous = page.getByRole('button', { name: /Previous month/ })
  let forward = true
  for (let i = 0; i < switches; i++) {
    if (forward && (await next.isDisabled())) forward = false
    if (!forward && (await previous.isDisabled())) forward = true
    const shown = (await grid.getAttribute('data-month'))!
    const target = addMonth(shown, forward ? 1 : -1)
    await arm(page, {
      trigger: 'click',
      done: [{ sel: `[data-testid="calendar-month"][data-month="${target}"]` }]
    })
    await (forward ? next : previous).click()
    const t = await measured(page, `month ${target}`)
    out.paint.push(t.paint)
    out.dom.push(t.dom)
    out.idle.push(await idleInput(page, 'click', () => heading.click()))
  }
  return out
}

export interface TimelinePass {
  name: string
  deltas: number[]
  loadingFrames: number
  /** The page's main-thread time per frame, ms (Chromium's counters): less swayed by a busy machine than frame times. */
  work?: { task: number; script: number; layout: number; style: number }
}

type PageUsage = () => Promise<{ task: number; script: number; layout: number; style: number }>

/**
 * The timeline of the whole portfolio scrolled in a frame loop: slowly (2 rows a frame) and
 * fast (the whole list in `frames` frames), first over rows never read (uncached), then again
 * (cached); the baseline is the same loop scrolling by 0, before and after.
 */
export async function timelineScrolls(
  page: Page,
  portfolio: number,
  frames: number,
  usage?: PageUsage
): Promise<{ passes: TimelinePass[]; baseline: number[] }> {
  await nav(page, 'Calendar')
  const radio = page.getByRole('radio', { name: 'Timeline', exact: true })
  await radio.focus()
  await page.keyboard.press('Space')
  await page
    .getByTestId('timeline-count')
    .filter({ hasText: `${number.format(portfolio)} listings` })
    .waitFor({ timeout: 60_000 })
  const slow = 56
  const baseline: number[] = []
  const passes: TimelinePass[] = []
  const run = async (name: string, top: number, step: number) => {
    await settleTimeline(page, top)
    const a = await usage?.()
    const r = await scroll(page, step, frames)
    const b = await usage?.()
    const per = (k: 'task' | 'script' | 'layout' | 'style') => (b![k] - a![k]) / frames
    const work =
      a && b
        ? { task: per('task'), script: per('script'), layout: per('layout'), style: per('style') }
        : undefined
    if (step === 0) baseline.push(...r.deltas)
    else passes.push({ name, deltas: r.deltas, loadingFrames: r.loadingFrames, work })
  }
  await run('baseline', 0, 0)
  // Slow from the top covers rows 0 to ~600; fast starts below that, on rows not yet read.
  await run('slow, uncached', 0, slow)
  const { max } = await timelineRange(page)
  const fastFrom = Math.min(1000 * 28, Math.floor(max / 4))
  const fast = Math.floor((max - fastFrom) / frames)
  await run(`fast (${fast} px a frame), uncached`, fastFrom, fast)
  await run(`fast (${fast} px a frame), cached`, fastFrom, fast)
  await run('slow, cached', 0, slow)
  await run('baseline', 0, 0)
  return { passes, baseline }
}
