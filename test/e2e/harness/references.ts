import { expect, type Locator, type Page } from '@playwright/test'

/** Steps on the History and References screens as a person does them (roles, labels, words). */

export type PmScreen = 'History' | 'References' | 'Journal' | 'Sync' | 'Listings'

export async function openScreen(page: Page, screen: PmScreen): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click()
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible()
}

/** A segmented control's choice: its radio is visually hidden, so a person clicks the label. */
export async function chooseSegment(scope: Locator | Page, label: string): Promise<void> {
  await scope.locator('label', { hasText: new RegExp(`^${label}$`) }).click()
}

/** Chooses a listing by its id in a listing picker (typing the id searches the offline copy). */
export async function pickListing(scope: Locator, page: Page, listingId: number): Promise<void> {
  const picker = scope.getByRole('combobox', { name: 'Listing' })
  const chosen = new RegExp(`\\(${listingId}\\)`)
  // Choosing the chosen option again would clear it, as a second click on it does.
  if (chosen.test(await picker.inputValue())) return
  await picker.click()
  await picker.fill(String(listingId))
  await page.getByRole('option', { name: new RegExp(`\\b${listingId}\\b`) }).click()
  await expect(picker).toHaveValue(chosen)
}

// History

export function historyRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Recorded changes' }).getByTestId('history-row')
}

/** The row of one change: a listing's night (or field) as a sync recorded it. */
export function historyRow(page: Page, listingId: number, key: string): Locator {
  return historyRows(page).and(page.locator(`[data-listing-id="${listingId}"][data-key="${key}"]`))
}

/** The number of changes the count line says ("12 changes", "Showing 1–50 of 134 changes"). */
export async function historyTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('history-count').textContent()) ?? ''
  if (/^No changes/.test(text)) return 0
  const m = /(?:of )?([\d,]+) changes?$/.exec(text)
  return m ? Number(m[1].replace(/,/g, '')) : NaN
}

/** A night's price as the app writes it in words (€1,234.50). */
export function eur(value: number): string {
  return `€${value.toLocaleString('en-IE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

// References

export function singleForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Set one listing’s reference' })
}

export async function openImportTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Import a file' }).click()
  await expect(page.getByRole('tab', { name: 'Import a file' })).toHaveAttribute(
    'aria-selected',
    'true'
  )
}

/** Chooses a CSV file through the file chooser the "References file" button opens. */
export async function importCsv(page: Page, name: string, csv: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: /References file/ }).click()
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
  await expect(page.getByTestId('diff-counts').or(page.getByTestId('file-problems'))).toBeVisible()
}

export function diffRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Rows of the file' }).getByTestId('diff-row')
}

export function diffRow(page: Page, line: number): Locator {
  return diffRows(page).and(page.locator(`[data-line="${line}"]`))
}

export function resultRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Result per listing' }).getByTestId('result-row')
}

/** The contents of the file the app saved last whose name starts with `prefix`. */
export function lastSaved(
  saved: readonly { name: string; path: string }[],
  prefix: string
): { name: string; path: string } {
  const file = [...saved].reverse().find((f) => f.name.startsWith(prefix))
  if (!file) throw new Error(`no saved file named ${prefix}…`)
  return file
}
