import { expect, type Locator, type Page } from '@playwright/test'
import { PricedQuote } from '@shared/api/quote.schema'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { eurToCents, formatEur } from '@shared/domain/money'
import { fromWireQuote } from '@shared/domain/quote-wire'
import type { SandboxHandle } from '../../../src-main/sandbox'
import type { E2eApp } from '../fixtures'

type SandboxStore = SandboxHandle['store']

/** Steps on the Calendar screen as a person takes them, and what the sandbox says they show. */

export async function openCalendar(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Calendar' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
}

/** Waits until every resource of the offline copy has synced once more than `after` (ms). */
export async function waitForSync(app: E2eApp, after = 0): Promise<void> {
  await expect
    .poll(
      async () => {
        const r = await app.invoke('sync:status', {})
        return (
          r.ok &&
          !r.value.running &&
          r.value.resources.every((x) => x.lastSuccessAt !== null && x.lastSuccessAt > after)
        )
      },
      { timeout: 30_000 }
    )
    .toBe(true)
}

/** Chooses the listing in the calendar's picker by typing its id. */
export async function chooseListing(page: Page, listingId: number): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Listing' })
  await picker.click()
  await picker.fill(String(listingId))
  await page.getByRole('option', { name: new RegExp(`\\b${listingId}\\b`) }).click()
  await expect(picker).toHaveValue(new RegExp(`\\(${listingId}\\)`))
}

export function monthGrid(page: Page, month: string): Locator {
  return page.locator(`[data-testid="calendar-month"][data-month="${month}"]`)
}

export function dayCell(page: Page, date: string): Locator {
  return monthGrid(page, date.slice(0, 7)).locator(`[role="gridcell"][data-date="${date}"]`)
}

/** Moves the months view with "Next month" until `month` is shown. */
export async function showMonth(page: Page, month: string): Promise<void> {
  for (let i = 0; i < 30 && (await monthGrid(page, month).count()) === 0; i++) {
    await page.getByRole('button', { name: /Next month/ }).click()
  }
  await expect(monthGrid(page, month)).toBeVisible()
}

/**
 * The first day a stay may arrive, by the sandbox's records: today plus the listing's advance
 * notice (the service refuses an arrival sooner, so no check-in may be marked before it).
 */
export function firstCheckInDay(store: SandboxStore, listingId: number): string {
  const notice = Number(store.listing(listingId)?.advanceNotice ?? 0)
  return addDays(utcDateOf(store.now()), Number.isFinite(notice) && notice > 0 ? notice : 0)
}

/**
 * The words a day's cell must carry (its accessible name) by the sandbox's own records: open or
 * closed, check-in (never inside the listing's advance notice) and check-out, the stay limits,
 * the price or "no rate".
 */
export function expectedDayWords(store: SandboxStore, listingId: number, date: string): string[] {
  const day = store.availability(listingId)?.availability[date]
  const rate = store.rates(listingId)?.rate[date]
  // A day before the service's today offers nothing: its word, and no limits or price.
  if (date < utcDateOf(store.now())) return day ? ['past'] : ['past', 'not in the offline copy']
  const words: string[] = []
  if (!day) words.push('not in the offline copy')
  else {
    words.push(day.available ? 'open' : 'closed')
    if (day.available) {
      words.push(
        !day.checkInDay
          ? 'no check-in'
          : date < firstCheckInDay(store, listingId)
            ? 'no check-in (inside the advance notice)'
            : 'check-in allowed'
      )
    }
    words.push(day.checkOutDay ? 'check-out allowed' : 'no check-out')
    const min = Number(day.minStay)
    const max = Number(day.maxStay)
    const lo = Math.max(min, 1)
    if (max > 0 && lo !== max) words.push(`${lo}–${max} nights`)
    else if (max > 0) words.push(`${max} ${max === 1 ? 'night' : 'nights'} only`)
    else if (min > 1) words.push(`from ${min} nights`)
  }
  words.push(rate === undefined ? 'no rate' : formatEur(eurToCents(Number(rate))))
  return words
}

/**
 * An active listing with an advance notice whose calendar allows check-in on an open day inside
 * it (the sandbox's records), and that day: where the calendar must mark no check-in.
 */
export function findCheckInInsideNotice(store: SandboxStore): { listingId: number; date: string } {
  const today = utcDateOf(store.now())
  for (const listingId of store.listingIds()) {
    if (store.listing(listingId)?.active === false) continue
    const days = store.availability(listingId)?.availability ?? {}
    const first = firstCheckInDay(store, listingId)
    for (let date = today; date < first; date = addDays(date, 1)) {
      if (days[date]?.available && days[date]?.checkInDay) return { listingId, date }
    }
  }
  throw new Error('no listing in the sandbox allows check-in inside its advance notice')
}

export interface CalendarStay {
  listingId: number
  from: string
  to: string
  adults: number
}

/** The sandbox's answer for a stay: its total in cents, or its reasons. */
export function sandboxAnswer(
  store: SandboxStore,
  stay: CalendarStay
): { totalCents: number } | { reasons: string[] } {
  const answer = store.quote(stay)
  if ('reasons' in answer) return { reasons: answer.reasons as string[] }
  return { totalCents: fromWireQuote(PricedQuote.parse(answer)).totalCents }
}

/**
 * A week the sandbox prices (or, with `priced: false`, one it refuses), `fromDay` days on or
 * later, on an active listing.
 */
export function findWeek(
  store: SandboxStore,
  opts: {
    priced: boolean
    fromDay?: number
    exclude?: number[]
    /** Its nights all in one month, so one month's grid shows the whole stay. */
    withinMonth?: boolean
  }
): CalendarStay {
  const today = utcDateOf(store.now())
  for (const listingId of store.listingIds()) {
    if (opts.exclude?.includes(listingId)) continue
    if (store.listing(listingId)?.active === false) continue
    for (let day = opts.fromDay ?? 40; day < 300; day += 2) {
      const from = addDays(today, day)
      if (opts.withinMonth && addDays(from, 6).slice(0, 7) !== from.slice(0, 7)) continue
      const stay = { listingId, from, to: addDays(from, 7), adults: 2 }
      if ('totalCents' in sandboxAnswer(store, stay) === opts.priced) return stay
    }
  }
  throw new Error(`no ${opts.priced ? 'priced' : 'refused'} week in the sandbox`)
}

/** The timeline's glyph for each of the sandbox's days, as the row must show it. */
export function expectedTimelineText(
  store: SandboxStore,
  listingId: number,
  from: string,
  days: number
): string {
  const a = store.availability(listingId)?.availability ?? {}
  let out = ''
  for (let i = 0; i < days; i++) {
    const d = a[addDays(from, i)]
    out += ` ${!d ? '?' : !d.available ? '×' : d.checkInDay ? 'i' : '·'} `
  }
  return out
}

export function timelineRow(page: Page, listingId: number): Locator {
  return page
    .getByTestId('timeline-scroll')
    .locator(`[role="gridcell"][data-listing="${listingId}"]`)
}

/** The glyphs a timeline row shows (one per day), without the words said to screen readers. */
export function timelineGlyphs(page: Page, listingId: number): Locator {
  return timelineRow(page, listingId).locator('[data-glyphs]')
}

/** Chooses an option of a segmented control (a radio group) from the keyboard. */
export async function chooseRadio(page: Page, name: string): Promise<void> {
  const radio = page.getByRole('radio', { name, exact: true })
  await radio.focus()
  await page.keyboard.press('Space')
  await expect(radio).toBeChecked()
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The words in order, anything between them: for a day cell's accessible name. */
export function wordsInOrder(words: string[]): RegExp {
  return new RegExp(words.map(escape).join('.*'))
}
