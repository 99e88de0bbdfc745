import { plainDate, sentenceDate } from '@shared/domain/date-words'

/**
 * The renderer's text helpers, one of each: numbers, money, dates, durations, counts of things
 * ("3 nights"), in the reader's locale, each formatter built once. (Main's own messages and the
 * command line write money with src-shared/domain/money.ts.)
 */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const number = new Intl.NumberFormat()
const eur = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' })
const wholeEur = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0
})

export function formatDateTime(ms: number | null | undefined): string {
  return ms == null ? '—' : dateTime.format(ms)
}

export function formatNumber(n: number | null | undefined): string {
  return n == null ? '—' : number.format(n)
}

/** Integer cents (the app's money) as euros in the reader's locale: "€1,234.56". */
export function formatCents(cents: number | null | undefined): string {
  return cents == null ? '—' : eur.format(cents / 100)
}

/** "€142": cents to the nearest euro, for a narrow cell (its name or detail gives the cents). */
export function formatWholeEuros(cents: number): string {
  return wholeEur.format(Math.round(cents / 100))
}

/** "1 night", "1,234 listings": a count and its noun (`many` when not just the noun + s). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`
}

/**
 * A lead and what follows it, as one reading: "Rates: not available", but a full sentence of its
 * own ("The team hub can't be reached: check …") follows a full stop, never a colon (no capital
 * after a colon, no two colons in one sentence).
 */
export function leadThen(lead: string, rest: string): string {
  const text = rest.trim()
  return /^\p{Lu}/u.test(text) ? `${lead}. ${text}` : `${lead}: ${text}`
}

/** What an export saved, and where: "Saved 4 references to /home/a/refs.csv" (null: not saved). */
export function savedText(
  saved: { file: string | null; rows?: number },
  one: string,
  many = `${one}s`
): string | null {
  return saved.file ? `Saved ${plural(saved.rows ?? 0, one, many)} to ${saved.file}` : null
}

/** A stay's length: "1 night", "7 nights". */
export function nightsText(n: number): string {
  return plural(n, 'night')
}

/** A YYYY-MM-DD date as the reader's locale writes it, e.g. "Nov 23, 2026" (UTC: no shift). */
export function formatDate(iso: string | null | undefined): string {
  return iso ? plainDate(iso) : '—'
}

/**
 * "Mon, Nov 23, 2026": for stays, where the weekday matters, and for every date in a sentence
 * (the same formatter as main's messages: src-shared/domain/date-words.ts).
 */
export function formatDay(iso: string | null | undefined): string {
  return iso ? sentenceDate(iso) : '—'
}

/** "just now", "4 minutes", "3 hours", "2 days": for data ages and "… ago" texts. */
export function humanDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 45) return 'less than a minute'
  const m = Math.round(s / 60)
  if (m < 60) return m === 1 ? '1 minute' : `${m} minutes`
  const h = Math.round(m / 60)
  if (h < 36) return h === 1 ? '1 hour' : `${h} hours`
  const d = Math.round(h / 24)
  return d === 1 ? '1 day' : `${d} days`
}

export function ago(at: number, now: number): string {
  const text = humanDuration(now - at)
  return text === 'less than a minute' ? 'just now' : `${text} ago`
}
