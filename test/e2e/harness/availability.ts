import { expect, type Locator, type Page } from '@playwright/test'
import { PricedQuote } from '@shared/api/quote.schema'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { fromWireQuote } from '@shared/domain/quote-wire'
import type { SandboxHandle } from '../../../src-main/sandbox'
import { clientCodesOf } from '../../unit/main/sandbox/state/pricing/rule-codes'
import { startAfterSync, type Opening } from './start'

type SandboxStore = SandboxHandle['store']

/** Steps on the Availability screen as a person does them, and what the sandbox says of a stay. */

const DATES_LABEL = 'Stay dates'
export const SEARCH_LABEL = 'Search'

export interface SearchStay {
  from: string
  to: string
  adults: number
}

export { waitForSync } from './start'

/** Opens the window on the Availability screen once the first sync is done. */
export async function startOnAvailability(t: Opening): Promise<void> {
  await startAfterSync(t)
  await openAvailability(t.page)
}

export async function openAvailability(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Availability' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible()
}

export function searchForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Availability search' })
}

/** How the calendar names a day ("1 August 2026"), as Mantine's default label does. */
const dayName = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC'
})
export function dayLabel(iso: string): string {
  return dayName.format(new Date(`${iso}T00:00:00Z`))
}

/** Clicks a day in the open range calendar, moving on by months until it shows. */
async function pickDay(page: Page, iso: string): Promise<void> {
  const calendar = page.getByRole('dialog')
  const day = calendar.getByRole('button', { name: dayLabel(iso), exact: true })
  for (let i = 0; i < 30 && !(await day.isVisible()); i++) {
    await calendar.getByRole('button', { name: 'Next month' }).click()
  }
  await day.click()
}

/** Picks arrival and departure in the range picker; the calendar closes once both are set. */
async function chooseDates(page: Page, from: string, to: string): Promise<void> {
  await searchForm(page).getByRole('button', { name: DATES_LABEL, exact: true }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await pickDay(page, from)
  await pickDay(page, to)
  await expect(page.getByRole('dialog')).toBeHidden()
}

/** Fills the stay and runs the search; waits for the answer to this stay. */
export async function searchStay(page: Page, stay: SearchStay): Promise<void> {
  const form = searchForm(page)
  await chooseDates(page, stay.from, stay.to)
  await form.getByRole('textbox', { name: 'Adults' }).fill(String(stay.adults))
  await form.getByRole('button', { name: SEARCH_LABEL, exact: true }).click()
  await expectSearched(page, stay)
}

/** The results and the reasons on screen answer this stay (not an earlier search kept meanwhile). */
async function expectSearched(page: Page, stay: SearchStay): Promise<void> {
  const key = `${stay.from}/${stay.to}/${stay.adults}`
  await expect(page.getByTestId('availability-count')).toHaveAttribute('data-stay', key)
  await expect(page.getByTestId('misses-intro')).toHaveAttribute('data-stay', key)
}

export function resultRows(page: Page): Locator {
  return page.getByTestId('availability-result')
}

export function resultRow(page: Page, listingId: number): Locator {
  return page.locator(`[data-testid="availability-result"][data-listing-id="${listingId}"]`)
}

export async function shownCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('availability-count').getAttribute('data-count'))
}

export interface ShownResult {
  listingId: number
  cents: number | null
}

/**
 * Every result row in order, scrolling the virtualised table from top to bottom (only the rows
 * in view exist in the page, and main sends them a window at a time).
 */
export async function allResults(page: Page): Promise<ShownResult[]> {
  const total = await shownCount(page)
  const scroller = page.getByRole('table', { name: 'Bookable listings' }).locator('..')
  const byIndex = new Map<number, ShownResult>()
  await scroller.evaluate((el) => void ((el as unknown as { scrollTop: number }).scrollTop = 0))
  let next = 0
  for (let step = 0; step < 500 && next < total; step++) {
    // The first row not read yet must be drawn and filled (rows past the first window arrive a
    // moment after the scroll reaches them, as "Loading…" rows with another test id) before
    // the view is read, so no row is skipped while the table catches up with a scroll.
    await expect(
      page.locator(`[data-testid="availability-result"][aria-rowindex="${next + 2}"]`)
    ).toHaveCount(1)
    // One read of every row in view, so that a render in between can never pair one row's
    // position with another row's listing.
    const seen = await resultRows(page).evaluateAll((els) =>
      els.map((el) => {
        const row = el as unknown as {
          getAttribute(name: string): string | null
          querySelector(sel: string): { getAttribute(name: string): string | null } | null
        }
        return {
          index: Number(row.getAttribute('aria-rowindex')) - 2,
          listingId: Number(row.getAttribute('data-listing-id')),
          cents: row.querySelector('[data-cents]')?.getAttribute('data-cents') ?? null
        }
      })
    )
    for (const { index, listingId, cents } of seen) {
      byIndex.set(index, { listingId, cents: cents === null ? null : Number(cents) })
    }
    while (byIndex.has(next)) next++
    // Half a view at a time: the first unread row is then in the next view.
    await scroller.evaluate((el) => {
      const box = el as unknown as { scrollTop: number; clientHeight: number }
      box.scrollTop += box.clientHeight / 2
    })
  }
  expect(byIndex.size, 'every result row was seen').toBe(total)
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r)
}

/**
 * The sandbox's quote of the stay for each listing: its total in cents, or its reasons (the
 * service's words) and the rules they name in the app's miss codes (`rules`). The app words its
 * offline reasons itself, so an offline reason is held to the service's refusal by its code;
 * a reason the app shows from a live answer is the service's words.
 */
export function sandboxAnswers(store: SandboxStore, stay: SearchStay) {
  const priced = new Map<number, number>()
  const refused = new Map<number, string[]>()
  const rules = new Map<number, string[]>()
  for (const listingId of store.listingIds()) {
    const answer = store.quote({ listingId, ...stay })
    if ('reasons' in answer) {
      refused.set(listingId, answer.reasons)
      rules.set(listingId, clientCodesOf(store.refusals({ listingId, ...stay })))
    } else priced.set(listingId, fromWireQuote(PricedQuote.parse(answer)).totalCents)
  }
  return { priced, refused, rules }
}

/**
 * A 7-night stay, from `fromDay` days ahead on, that the sandbox prices for at least `min`
 * listings and refuses for some (so the results and the reasons both have something to show).
 */
export function findWeek(store: SandboxStore, min = 5, fromDay = 20): SearchStay {
  const today = utcDateOf(store.now())
  for (let day = fromDay; day < 300; day++) {
    const from = addDays(today, day)
    const stay = { from, to: addDays(from, 7), adults: 2 }
    const { priced, refused } = sandboxAnswers(store, stay)
    if (priced.size >= min && refused.size > 0) return stay
  }
  throw new Error('no week the sandbox prices for enough listings')
}

/** Scrolls the window so `target` starts just below the app's fixed header (for screenshots). */
export async function scrollToTop(target: Locator): Promise<void> {
  await target.evaluate((el) => {
    ;(el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'start' })
    ;(globalThis as unknown as { scrollBy(x: number, y: number): void }).scrollBy(0, -76)
  })
}

/** Scrolls the window so all of `target` shows, its end at the bottom (the page's last part). */
export async function scrollToEnd(target: Locator): Promise<void> {
  await target.evaluate((el) => {
    ;(el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: 'end' })
  })
}
