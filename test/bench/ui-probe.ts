import type { Page } from '@playwright/test'

/**
 * The in-page half of the UI benchmark: timings taken in the window itself, so that Playwright's
 * round trips (CDP, this process) never count. A measurement starts at the trigger event's own
 * timestamp (the key or click as the page received it) and ends after the frame that shows the
 * awaited state: a MutationObserver notices the state the moment React commits it, then a
 * requestAnimationFrame plus a posted message lands just after that frame's rendering work.
 *
 * The script is plain JavaScript in a string: functions handed to page.evaluate would be
 * rewritten by tsx (its keepNames helper does not exist in the page).
 */

/** One thing the page must show: an element, optionally with a text or an attribute value. */
export interface Cond {
  sel: string
  /** The element's exact textContent. */
  text?: string
  attr?: string
  /** The attribute's exact value. */
  value?: string
  /** The attribute is present and differs from this (a new answer replaced an old one). */
  not?: string
}

export interface ArmSpec {
  trigger: 'keydown' | 'click'
  /** Must hold once after the trigger before `done` counts (e.g. the table went busy). */
  before?: Cond[]
  /** The awaited state; empty: the trigger itself (a baseline: input to the next frame). */
  done: Cond[]
  /** Further states timed from the same trigger (e.g. a second section's answer). */
  marks?: Record<string, Cond[]>
  timeoutMs?: number
}

export interface Timing {
  /** Trigger to the state committed in the DOM, ms. */
  dom: number
  /** Trigger to just after the frame that paints it, ms. */
  paint: number
  marks: Record<string, number>
}

export interface ScrollRun {
  /** Intervals between consecutive animation frames, ms. */
  deltas: number[]
  /** Frames in which a row in sight still said "Loading…". */
  loadingFrames: number
  top: number
}

const PROBE = String.raw`(() => {
  const now = () => performance.now()
  const afterPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const ch = new MessageChannel()
        ch.port1.onmessage = () => resolve(now())
        ch.port2.postMessage(0)
      })
    )
  const holds = (c) => {
    const el = document.querySelector(c.sel)
    if (!el) return false
    if (c.text !== undefined && el.textContent !== c.text) return false
    if (c.attr !== undefined) {
      const v = el.getAttribute(c.attr)
      if (c.value !== undefined && v !== c.value) return false
      if (c.not !== undefined && (v === null || v === c.not)) return false
    }
    return true
  }
  const all = (conds) => conds.every(holds)
  const loadingInView = (el, box) => {
    for (const c of el.querySelectorAll('[role="row"] > [role="gridcell"]:not([data-listing])')) {
      const r = c.getBoundingClientRect()
      if (r.bottom > box.top + 40 && r.top < box.bottom) return true
    }
    return false
  }
  let pending = Promise.resolve(null)
  window.__uiBench = {
    arm(spec) {
      pending = new Promise((resolve) => {
        let t0 = null
        let dom = null
        let paint = null
        let finished = false
        let seen = !spec.before || spec.before.length === 0
        const marks = {}
        const markNames = Object.keys(spec.marks || {})
        const finish = (value) => {
          finished = true
          clearTimeout(timer)
          obs.disconnect()
          resolve(value)
        }
        const check = () => {
          if (t0 === null || finished) return
          const t = now()
          if (!seen && !all(spec.before)) return
          seen = true
          for (const m of markNames) if (marks[m] === undefined && all(spec.marks[m])) marks[m] = t - t0
          if (dom === null && all(spec.done)) {
            dom = t - t0
            afterPaint().then((p) => {
              paint = p - t0
              check()
            })
          }
          if (paint !== null && markNames.every((m) => marks[m] !== undefined)) {
            finish({ dom, paint, marks })
          }
        }
        const obs = new MutationObserver(check)
        const timer = setTimeout(
          () => finish({ timeout: true, started: t0 !== null, seen, dom, marks }),
          spec.timeoutMs || 20000
        )
        obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true })
        window.addEventListener(
          spec.trigger,
          (e) => {
            t0 = e.timeStamp
            check()
          },
          { capture: true, once: true }
        )
      })
    },
    result() {
      return pending
    },
    async settleTimeline(top) {
      const el = document.querySelector('[data-testid="timeline-scroll"]')
      el.scrollTop = top
      const box = el.getBoundingClientRect()
      for (let i = 0; i < 600; i++) {
        await afterPaint()
        if (i >= 2 && !loadingInView(el, box)) return el.scrollTop
      }
      throw new Error('timeline rows still loading after 600 frames')
    },
    timelineRange() {
      const el = document.querySelector('[data-testid="timeline-scroll"]')
      return { max: el.scrollHeight - el.clientHeight, top: el.scrollTop }
    },
    scroll(step, frames) {
      const el = document.querySelector('[data-testid="timeline-scroll"]')
      const box = el.getBoundingClientRect()
      return new Promise((resolve) => {
        const deltas = []
        let last = null
        let loadingFrames = 0
        let n = 0
        const tick = (t) => {
          if (last !== null) deltas.push(t - last)
          last = t
          if (n > 0 && loadingInView(el, box)) loadingFrames++
          if (n++ === frames) return resolve({ deltas, loadingFrames, top: el.scrollTop })
          el.scrollTop += step
          requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      })
    },
    async roundTrips(reps) {
      const times = []
      for (let i = 0; i < reps; i++) {
        const t = now()
        await window.staydesk['app:info']({})
        times.push(now() - t)
      }
      return times
    },
    parseUnit(text, reps) {
      const times = []
      for (let i = 0; i < reps; i++) {
        const t = now()
        JSON.parse(text)
        times.push(now() - t)
      }
      return times
    }
  }
})()`

/** Installs the probe in every document the page loads (before the app's own scripts). */
export async function installProbe(page: Page): Promise<void> {
  await page.addInitScript(PROBE)
}

/** Arms a measurement; run the trigger next, then read it with `measured`. */
export async function arm(page: Page, spec: ArmSpec): Promise<void> {
  await page.evaluate(`window.__uiBench.arm(${JSON.stringify(spec)})`)
}

export async function measured(page: Page, what: string): Promise<Timing> {
  const r = (await page.evaluate('window.__uiBench.result()')) as Timing | { timeout: true }
  if ('timeout' in r)
    throw new Error(`${what}: the awaited state never showed (${JSON.stringify(r)})`)
  return r
}

/** Input to the next frame with nothing to do: the baseline of every latency here. */
export async function idleInput(page: Page, trigger: ArmSpec['trigger'], act: () => Promise<void>) {
  await arm(page, { trigger, done: [] })
  await act()
  return (await measured(page, `idle ${trigger}`)).paint
}

export function settleTimeline(page: Page, top: number): Promise<number> {
  return page.evaluate(`window.__uiBench.settleTimeline(${top})`) as Promise<number>
}

export function timelineRange(page: Page): Promise<{ max: number; top: number }> {
  return page.evaluate('window.__uiBench.timelineRange()') as Promise<{ max: number; top: number }>
}

export function scroll(page: Page, step: number, frames: number): Promise<ScrollRun> {
  return page.evaluate(`window.__uiBench.scroll(${step}, ${frames})`) as Promise<ScrollRun>
}

export function pageParseTimes(page: Page, text: string, reps: number): Promise<number[]> {
  return page.evaluate(`window.__uiBench.parseUnit(${JSON.stringify(text)}, ${reps})`) as Promise<
    number[]
  >
}

/** A command that does next to nothing, called from the page: the test transport's own cost. */
export function roundTrips(page: Page, reps: number): Promise<number[]> {
  return page.evaluate(`window.__uiBench.roundTrips(${reps})`) as Promise<number[]>
}
