import { expect, type Locator, type Page } from '@playwright/test'
import type { PricedQuoteWire, UnavailableQuote } from '@shared/api'
import { addDays, utcDateOf } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import type { SandboxHandle } from '../../../src-main/sandbox'
import { startAfterSync, type Opening } from './start'

type SandboxStore = SandboxHandle['store']

/** Steps on the Quote and Journal screens as a person does them, and stays the sandbox prices. */

export type Screen = 'Listings' | 'Bookings' | 'Quote' | 'Journal' | 'Sync' | 'Profiles'

export async function openScreen(page: Page, screen: Screen): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screen }).click()
  await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible()
}

export { waitForSync } from './start'

/** Opens the window on the Quote screen once the first sync is done. */
export async function startOnQuote(t: Opening): Promise<void> {
  await startAfterSync(t)
  await openScreen(t.page, 'Quote')
}

export interface Stay {
  listingId: number
  from: string
  to: string
  adults: number
  childrenAges?: number[]
}

export interface PricedStay extends Stay {
  answer: PricedQuoteWire
}

/**
 * A stay the sandbox prices (POST /v1/quote answers a price): the first listing of the wanted
 * booking type, not in `exclude`, with a week (or shorter) it has free from `fromDay` days on.
 */
export function findPricedStay(
  store: SandboxStore,
  opts: { bookingType: 'instant' | 'onRequest'; exclude?: number[]; fromDay?: number }
): PricedStay {
  const today = utcDateOf(store.now())
  for (const listingId of store.listingIds()) {
    if (opts.exclude?.includes(listingId)) continue
    const listing = store.listing(listingId)
    if (!listing || listing.active === false) continue
    if ((listing.bookingType ?? 'instant') !== opts.bookingType) continue
    for (let day = opts.fromDay ?? 40; day < 300; day += 3) {
      for (const nights of [7, 5, 4, 3, 10, 14]) {
        const from = addDays(today, day)
        const stay = { listingId, from, to: addDays(from, nights), adults: 2 }
        const answer = store.quote(stay)
        if (!('available' in answer)) return { ...stay, answer: answer as PricedQuoteWire }
      }
    }
  }
  throw new Error(`no ${opts.bookingType} stay the sandbox prices`)
}

/** A stay with more guests than the listing sleeps: the service's reasons say so. */
export function findTooManyGuests(
  store: SandboxStore,
  base: PricedStay
): Stay & { reasons: string[] } {
  const maxGuest = Number(store.listing(base.listingId)?.maxGuest)
  const stay = { listingId: base.listingId, from: base.from, to: base.to, adults: maxGuest + 1 }
  const answer = store.quote(stay)
  if (!('available' in answer)) throw new Error('the sandbox priced too many guests')
  return { ...stay, reasons: (answer as UnavailableQuote).reasons }
}

/** The service's quote in cents, line by line, as the live column must show it. */
export function expectedLines(a: PricedQuoteWire) {
  const rental = eurToCents(Number(a.rentalRate))
  const discount = eurToCents(Number(a.discount))
  const cleaning = eurToCents(Number(a.cleaning))
  return {
    beforeDiscount: rental + discount,
    discount: discount === 0 ? undefined : -discount,
    rental,
    cleaning: a.cleaningFeeBasis === 'included' && cleaning === 0 ? undefined : cleaning,
    total: rental + (a.cleaningFeeBasis === 'mandatory' ? cleaning : 0),
    deposit: eurToCents(Number(a.securityDeposit ?? 0)),
    taxes: (a.taxes ?? []).map((t) => eurToCents(Number(t.fee))),
    localTax: a.localTax === undefined ? undefined : eurToCents(Number(a.localTax)),
    instalments: (a.guestPaymentInstallments ?? []).map((i) => ({
      cents: eurToCents(Number(i.amount)),
      dueDate: i.dueDate
    }))
  }
}

export function liveColumn(page: Page): Locator {
  return page.getByRole('region', { name: 'Live quote' })
}

export function estimateColumn(page: Page): Locator {
  return page.getByRole('region', { name: 'Offline estimate' })
}

/** The cents shown on a line (`data-line` key) of a column's price or check-in tables. */
export async function lineCents(column: Locator, key: string): Promise<number | undefined> {
  const cell = column.locator(`[data-line="${key}"] [data-cents]`)
  if ((await cell.count()) === 0) return undefined
  return Number(await cell.getAttribute('data-cents'))
}

/** Chooses the listing by its id in the picker (typing the id searches the offline copy). */
export async function chooseListing(page: Page, listingId: number): Promise<void> {
  const form = page.getByRole('form', { name: 'Stay to quote' })
  const picker = form.getByRole('combobox', { name: 'Listing' })
  await picker.click()
  await picker.fill(String(listingId))
  await page.getByRole('option', { name: new RegExp(`\\b${listingId}\\b`) }).click()
  await expect(picker).toHaveValue(new RegExp(`\\(${listingId}\\)`))
}

/**
 * Opens the window on the Quote screen and quotes a stay the sandbox prices (findPricedStay's
 * choice); the stay, with the sandbox's own answer.
 */
export async function startWithQuote(
  t: Opening,
  store: SandboxStore,
  want: Parameters<typeof findPricedStay>[1]
): Promise<PricedStay> {
  const stay = findPricedStay(store, want)
  await startOnQuote(t)
  await quoteStay(t.page, stay)
  return stay
}

/** Fills the stay form and asks, without waiting for an answer (the ask may fail). */
export async function askQuote(page: Page, stay: Stay): Promise<void> {
  const form = page.getByRole('form', { name: 'Stay to quote' })
  await chooseListing(page, stay.listingId)
  for (const [label, value] of [
    ['Arrival', stay.from],
    ['Departure', stay.to]
  ] as const) {
    const input = form.getByRole('textbox', { name: label })
    await input.fill(value)
    await input.press('Escape')
  }
  await form.getByRole('textbox', { name: 'Adults' }).fill(String(stay.adults))
  const ages = stay.childrenAges ?? []
  await form.getByRole('textbox', { name: 'Children', exact: true }).fill(String(ages.length))
  for (const [i, age] of ages.entries()) {
    await form.getByRole('textbox', { name: `Age of child ${i + 1}` }).fill(String(age))
  }
  await form.getByRole('button', { name: 'Get quote' }).click()
}

/** Fills the stay form and asks; waits for the service's answer. */
export async function quoteStay(page: Page, stay: Stay): Promise<void> {
  await askQuote(page, stay)
  await expect(page.getByTestId('quote-answer')).toBeVisible()
  await expect(page.getByTestId('live-asked-at')).toContainText('From the service')
}

export interface Guest {
  firstName: string
  lastName: string
  email: string
}

export const ADA: Guest = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }

export interface Card {
  number: string
  expiration: string
  cvc: string
}

/** Opens "Book this", fills the guest (and card), sends, and returns the outcome box. */
export async function bookThis(
  page: Page,
  opts: { guest?: Guest; card?: Card; confirmation?: string } = {}
): Promise<Locator> {
  await liveColumn(page).getByRole('button', { name: 'Book this' }).click()
  const dialog = page.getByRole('dialog', { name: 'Book this stay' })
  const form = dialog.getByRole('form', { name: 'Book this stay' })
  const guest = opts.guest ?? ADA
  await form.getByLabel('First name').fill(guest.firstName)
  await form.getByLabel('Last name').fill(guest.lastName)
  await form.getByLabel('E-mail').fill(guest.email)
  if (opts.card) {
    await form.getByLabel('Card number').fill(opts.card.number)
    await form.getByLabel('Expiry (MM/YY)').fill(opts.card.expiration)
    await form.getByLabel('Security code (CVC)').fill(opts.card.cvc)
  }
  if (opts.confirmation !== undefined) {
    await form.getByLabel('Type the listing id to confirm').fill(opts.confirmation)
  }
  await form.getByRole('button', { name: 'Create booking' }).click()
  const outcome = dialog.getByTestId('create-outcome')
  await expect(outcome).toBeVisible()
  return outcome
}

/** A card expiry a few years ahead, MM/YY. */
export function futureExpiry(store: SandboxStore): string {
  const year = Number(utcDateOf(store.now()).slice(2, 4)) + 3
  return `12/${String(year).padStart(2, '0')}`
}
