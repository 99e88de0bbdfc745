import { expect, type Locator, type Page } from '@playwright/test'
import { parse } from 'csv-parse/sync'
import { readFileSync } from 'node:fs'
import { foldText } from '@shared/domain/text'
import type { SandboxHandle } from '../../../src-main/sandbox'
import { listingRows, listingsTable } from './screens'

/**
 * The Listings screen as a person uses it (the table, its filters, a listing's full page), and
 * the sandbox's own records to check it against.
 */

type Store = SandboxHandle['store']
export type StoreListing = NonNullable<ReturnType<Store['listing']>>

/** The text filter's label (the screen's SEARCH_LABEL). */
const SEARCH_LABEL = 'Search listings'

export function searchBox(page: Page): Locator {
  return page.getByRole('textbox', { name: SEARCH_LABEL })
}

export function listingsCount(page: Page): Locator {
  return page.getByTestId('listings-count')
}

/** "12 of 60 listings": what the screen says for `matching` listings of the portfolio. */
export function countText(matching: number, portfolio: number): string {
  return `${matching} of ${portfolio} ${portfolio === 1 ? 'listing' : 'listings'}`
}

interface ScrollBox {
  scrollTop: number
  clientHeight: number
  querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>
}

/** The rows drawn now, as [row index, listing id]. */
function drawnRows(scroller: Locator): Promise<[number, number][]> {
  return scroller.evaluate((el) =>
    Array.from(
      (el as unknown as ScrollBox).querySelectorAll('[data-testid="listing-row"]'),
      (r) => [Number(r.getAttribute('aria-rowindex')), Number(r.getAttribute('data-listing-id'))]
    )
  )
}

/**
 * Every listing id the table holds, in its order, read as a person would: scrolling the table
 * from top to bottom (only the rows in view exist). Waits for the answer to the last filter
 * first (the table is busy while it shows the previous one).
 */
export async function tableListingIds(page: Page, expectedCount: number): Promise<number[]> {
  const scroller = page.getByTestId('listings-scroll')
  await expect(listingsTable(page)).toHaveAttribute('aria-busy', 'false')
  await scroller.evaluate((el) => void ((el as unknown as ScrollBox).scrollTop = 0))
  const byRow = new Map<number, number>()
  for (let step = 0; step < 1000; step++) {
    await expect(listingsTable(page).getByTestId('listing-skeleton')).toHaveCount(0)
    for (const [row, id] of await drawnRows(scroller)) byRow.set(row, id)
    if (byRow.size >= expectedCount) break
    const furthest = Math.max(...byRow.keys())
    await scroller.evaluate((el) => {
      const box = el as unknown as ScrollBox
      box.scrollTop += Math.max(1, Math.floor(box.clientHeight * 0.8))
    })
    await expect
      .poll(async () => Math.max(0, ...(await drawnRows(scroller)).map(([row]) => row)))
      .toBeGreaterThan(furthest)
  }
  // Row 1 is the header: listing rows are 2, 3, ...
  return [...byRow.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id)
}

/** A place filter's rule (main's): the folded local or English name starts with the text. */
export function placeMatches(
  local: string | undefined,
  english: string | undefined,
  typed: string
) {
  const wanted = foldText(typed)
  return [local, english].some((n) => n !== undefined && foldText(n).startsWith(wanted))
}

export function listingsOf(store: Store, keep: (l: StoreListing) => boolean): StoreListing[] {
  return store
    .listingIds()
    .map((id) => store.listing(id)!)
    .filter(keep)
}

export function bedroomsOf(l: StoreListing): number {
  return Number(l.rooms?.bedrooms?.numbers ?? l.rooms?.bedrooms?.rooms?.length ?? 0)
}

/** Opens a listing's full page from its row in the table, with the keyboard. */
export async function openFromRow(page: Page, id: number): Promise<void> {
  const name = listingRows(page)
    .and(page.locator(`[data-listing-id="${id}"]`))
    .getByRole('button')
  await name.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('listing-page')).toBeVisible()
}

/** Finds the listing by its id in the table's search and opens its page. */
export async function openListingById(page: Page, id: number): Promise<void> {
  await expect(listingRows(page).first()).toBeVisible()
  await searchBox(page).fill(String(id))
  await expect(listingRows(page)).toHaveCount(1)
  await openFromRow(page, id)
}

export function listingSection(page: Page, testId: string): Locator {
  return page.getByTestId('listing-page').getByTestId(testId)
}

/** The last file the app saved (through its save dialog) as CSV records, header first. */
export function lastSavedCsv(saved: { path: string }[]): string[][] {
  const last = saved.at(-1)
  if (!last) throw new Error('no file was saved')
  return parse(readFileSync(last.path, 'utf8'), { bom: true }) as string[][]
}

export { waitForSync as waitForFirstSync } from './start'
