import { plainDate } from '../domain/date-words'

/**
 * The Overview's scope sentence: whose figures (a region or the whole portfolio, how many
 * listings) and over which days. The twelve months and this month start today; a later month
 * is counted whole, so it names no start. `locale` is for tests; the app writes the reader's.
 */
export function scopeSentence(
  s: { region: string | null; listings: number; month: string | null; today: string },
  locale?: string
): string {
  const who = s.region ?? 'The whole portfolio'
  const listings = `${s.listings} listing${s.listings === 1 ? '' : 's'}`
  return `${who}, ${listings}, ${periodText(s.month, s.today, locale)}.`
}

/** "the next 12 months from Nov 26, 2026", "November 2026 from Nov 26 (today)", "December 2026". */
export function periodText(month: string | null, today: string, locale?: string): string {
  if (month === null) return `the next 12 months from ${plainDate(today, locale)}`
  const utc = (iso: string) => new Date(`${iso}T00:00:00Z`)
  const name = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC'
  }).format(utc(`${month}-01`))
  if (month !== today.slice(0, 7)) return name
  const day = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC'
  }).format(utc(today))
  return `${name} from ${day} (today)`
}
