import { isIsoDate, type IsoDate } from './dates'

/**
 * Dates in the sentences a person reads, main's messages and the screens' alike, in one format:
 * "Fri, Dec 11, 2026" (the reader's locale; UTC, so no time zone shifts the day). A date
 * written YYYY-MM-DD stays only where a machine format is expected: inputs, CSV files, ids.
 * `locale` is for tests; the app always writes in the reader's own.
 */

const WITH_WEEKDAY: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC'
}
const PLAIN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' }

const withWeekday = new Intl.DateTimeFormat(undefined, WITH_WEEKDAY)
const plain = new Intl.DateTimeFormat(undefined, PLAIN)

function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions) {
  if (locale === undefined) return options === PLAIN ? plain : withWeekday
  return new Intl.DateTimeFormat(locale, options)
}

const utc = (iso: IsoDate) => new Date(`${iso}T00:00:00Z`)

/** "Fri, Dec 11, 2026": a day in a sentence, with its weekday (stays turn on weekdays). */
export function sentenceDate(iso: IsoDate, locale?: string): string {
  return isIsoDate(iso) ? formatter(locale, WITH_WEEKDAY).format(utc(iso)) : iso
}

/** "Dec 11, 2026": a date in a table cell or a period, where the weekday is noise. */
export function plainDate(iso: IsoDate, locale?: string): string {
  return isIsoDate(iso) ? formatter(locale, PLAIN).format(utc(iso)) : iso
}

/** "Jul 1 – Aug 31, 2027" ("1 Jul – 31 Aug 2027" in en-GB): a period, its shared year said once. */
export function dateRange(from: IsoDate, to: IsoDate, locale?: string): string {
  if (!isIsoDate(from) || !isIsoDate(to)) return `${from} – ${to}`
  if (from === to) return plainDate(from, locale)
  return formatter(locale, PLAIN).formatRange(utc(from), utc(to))
}
