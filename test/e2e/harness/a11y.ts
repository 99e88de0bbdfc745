import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * The accessibility gate: axe-core over the whole window as it is now (a screen, an open
 * dialog), failing on any serious or critical violation, with each one named by rule and
 * element so the report says what to fix. It waits for running transitions (a dialog fading in)
 * to end first: colours measured halfway through a fade are not the ones a person reads.
 * Endless animations (a spinner, a running progress bar) are not waited for.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  await page.evaluate(async () => {
    interface Running {
      finished: Promise<unknown>
      playState: string
      effect: { getComputedTiming(): { endTime?: number | string } } | null
    }
    const { document, requestAnimationFrame } = globalThis as unknown as {
      document: { getAnimations(): Running[] }
      requestAnimationFrame(callback: () => void): number
    }
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
    // A transition starts a frame or two after the state that asks for it (a dialog mounts,
    // then fades in; the one closing before it fades out): look again after two frames until
    // nothing that ends is running. Only what ends: a spinner loops for as long as it is shown.
    for (let round = 0; round < 10; round++) {
      await frame()
      await frame()
      const ending = document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' &&
            Number.isFinite(Number(a.effect?.getComputedTiming().endTime))
        )
      if (ending.length === 0) return
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)))
    }
  })
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.impact} ${v.id}: ${v.help} — ${n.html.slice(0, 160)}: ${n.failureSummary ?? ''}`
      )
    )
  expect(blocking, `axe-core on ${what}`).toEqual([])
}
