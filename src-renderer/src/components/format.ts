import { plainDate, sentenceDate } from '@shared/domain/date-words'

/** Display helpers: one locale-aware formatter each, built once. */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const number = new Intl.NumberFormat()
const eur = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' })

export function formatDateTime(ms: number | null | undefined): string {
  return ms == null ? '—' : dateTime.format(ms)
}

export function formatNumber(n: number | null | undefined): string {
  return n == null ? '—' : number.format(n)
}

export function formatEur(n: number | null | undefined): string {
  return n == null ? '—' : eur.format(n)
}

/** Integer cents (the app's money) as euros: "€1,234.56". */
export function formatCents(cents: number | null | undefined): string {
  return cents == null ? '—' : eur.format(cents / 100)
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
