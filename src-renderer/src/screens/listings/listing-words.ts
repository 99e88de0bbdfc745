import type { Cleaning, Fee } from '@shared/api/listing.schema'
import type { HistoryItem } from '@shared/ipc/pm.schema'
import type { ListingRefreshed } from '@shared/ipc/views.schema'
import { eurToCents, formatEur } from '@shared/domain/money'
import { dateRange } from '@shared/domain/date-words'
import { isIsoDate } from '@shared/domain/dates'
import { WEEKDAY_NAMES } from '@shared/domain/stay-rules'

/**
 * The listing page's values in a property manager's words: fees with what they are charged by,
 * weekdays by name, stay limits, and what a live check changed. Pure, so each rule is tested.
 */

/** Bases compared as fees.ts does: case and the spacing around '/' vary in the service's data. */
function normalise(basis: string): string {
  return basis
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/')
}

const PERCENT_OF_RENTAL = '% of rental amount'

const BASIS_WORDS: Record<string, string> = {
  'per unit': 'per unit',
  'per stay': 'per stay',
  'per person': 'per person',
  'per person/stay': 'per person, once per stay',
  'per person/night': 'per person per night',
  'per person/day': 'per person per day',
  'per adult/day': 'per adult per day',
  'per adult/stay': 'per adult, once per stay',
  'per day': 'per day'
}

/** True when the fee's amount is a percentage of the rent rather than euros. */
export function isPercentBasis(basis: string | undefined): boolean {
  return basis !== undefined && normalise(basis) === PERCENT_OF_RENTAL
}

/**
 * "€2.50 per person per night", "10% of the rental amount". A fee without a basis is charged
 * once per stay (as the quote prices it); a basis StayDesk doesn't know is quoted as published.
 */
export function feeText(fee: Pick<Fee, 'fee' | 'feeBasis'>): string {
  const basis = fee.feeBasis
  if (isPercentBasis(basis)) return `${formatPercent(fee.fee)} of the rental amount`
  const amount = formatEur(eurToCents(fee.fee))
  if (basis === undefined || basis.trim() === '') return `${amount}, once per stay`
  const words = BASIS_WORDS[normalise(basis)]
  return words ? `${amount} ${words}` : `${amount} (${basis.trim()})`
}

export function formatPercent(n: number): string {
  return `${Number(n.toFixed(2))}%`
}

/** Cleaning as a guest meets it: included in the rent, or a fee that is mandatory or optional. */
export function cleaningText(cleaning: Cleaning | undefined): string {
  if (!cleaning) return 'No cleaning fee published (read as included)'
  const amount = formatEur(eurToCents(cleaning.fee))
  switch (cleaning.feeBasis) {
    case 'included':
      return 'Included in the rent'
    case 'mandatory':
      return `${amount}, mandatory (added to every stay)`
    case 'optional':
      return `${amount}, optional (the guest may choose it)`
    default:
      return `${amount} (${cleaning.feeBasis})`
  }
}

/**
 * "Saturday and Sunday", "Any day" (no list, or an empty one, restricts nothing), "Every day".
 * Day numbers are 0 = Sunday, as the rest of StayDesk reads them (docs/pricing.md).
 */
export function weekdaysText(days: readonly number[] | undefined): string {
  if (!days || days.length === 0) return 'Any day'
  const unique = [...new Set(days)].filter((d) => d >= 0 && d <= 6)
  if (unique.length === 7) return 'Every day'
  // Monday first, as a week is read in the places the portfolio lies in.
  const order = (d: number) => (d + 6) % 7
  const names = unique.sort((a, b) => order(a) - order(b)).map((d) => WEEKDAY_NAMES[d])
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

export function nightsText(n: number | undefined, none: string): string {
  if (n === undefined || n <= 0) return none
  return n === 1 ? '1 night' : `${n} nights`
}

export function daysNoticeText(n: number | undefined): string {
  if (n === undefined || n <= 0) return 'None: bookable for today'
  return n === 1 ? '1 day before check-in' : `${n} days before check-in`
}

/** "15:00", or that the listing doesn't say. */
export function timeText(t: string | undefined): string {
  return t?.trim() ? t.trim() : 'Not published'
}

/** What a live check of one listing changed in the offline copy, as one sentence. */
export function refreshText(r: Pick<ListingRefreshed, 'changed' | 'found'>): string {
  if (!r.found) {
    return 'The service no longer publishes this listing; the offline copy is left as it was.'
  }
  const changes = [
    r.changed.rates && 'Prices changed',
    r.changed.availability && 'Availability changed',
    r.changed.listings && 'Listing details changed'
  ].filter((c): c is string => !!c)
  if (changes.length === 0) return 'Nothing changed: the offline copy matches the service.'
  return `${changes.join('. ')}. The offline copy now has the service’s values.`
}

/** A night or day as the service keys it (YYYY-MM-DD). */
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/

/**
 * One change a live check found, old → new: "Price of Fri, 11 Dec 2026: €120.00 → €137.00",
 * "Availability of Sat, 12 Dec 2026: open, check-in → closed", "Field name: "A" → "B"".
 * `day` writes a night as the rest of the window does (the reader's locale).
 */
export function liveChangeText(
  item: Pick<HistoryItem, 'kind' | 'key' | 'before' | 'after'>,
  day: (iso: string) => string
): string {
  return `${changeSubjectText(item, day)}: ${item.before} → ${item.after}`
}

/**
 * What a recorded change is about, as the History screen and the listing page both say it:
 * "Price of Fri, Dec 11, 2026", "Rate rule longer stay", "Field house rules".
 */
export function changeSubjectText(
  item: Pick<HistoryItem, 'kind' | 'key'>,
  day: (iso: string) => string
): string {
  if (item.key.startsWith('rule:')) return `Rate rule ${keyWords(item.key.slice(5))}`
  if (item.kind === 'listing') return `Field ${keyWords(item.key)}`
  const what = item.kind === 'price' ? 'Price' : 'Availability'
  return `${what} of ${DAY_KEY.test(item.key) ? day(item.key) : item.key}`
}

/** A language key of the descriptions ("EN", "DE") by name, "English", keeping the code. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code.toLowerCase())
    return name && name.toLowerCase() !== code.toLowerCase() ? name : code
  } catch {
    return code
  }
}

/** English first, then the other languages by code: the order the page's tabs follow. */
export function languageOrder(codes: readonly string[]): string[] {
  return [...codes].sort((a, b) => (a === 'EN' ? -1 : b === 'EN' ? 1 : a.localeCompare(b)))
}

/** "Photo 2 of 8: pool, garden": an image's alt text from its labels. */
export function imageAlt(index: number, count: number, labels: readonly string[] | undefined) {
  const words = (labels ?? []).map((l) => l.trim()).filter(Boolean)
  return `Photo ${index + 1} of ${count}${words.length ? `: ${words.join(', ')}` : ''}`
}

/** "priceIncreasePercent" as "price increase percent": a key the spec leaves open, readable. */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
}

/** Keys a season rule may give its period by, in pairs (the spec gives the rule no shape). */
const PERIOD_KEYS: readonly (readonly [string, string])[] = [
  ['from', 'to'],
  ['startDate', 'endDate'],
  ['dateFrom', 'dateTo'],
  ['start', 'end'],
  ['validFrom', 'validTo']
]
/** Keys holding a list of periods. */
const PERIODS_KEYS = ['periods', 'dates', 'dateRanges']

const MONTH_DAY = /^(\d{2})-(\d{2})$/
const monthDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC'
})

/** One period in words: "Jul 1 – Aug 31, 2027", or "Jul 1 – Aug 31, every year" for MM-DD. */
function periodText(from: unknown, to: unknown): string | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null
  if (isIsoDate(from) && isIsoDate(to)) return dateRange(from, to)
  const f = MONTH_DAY.exec(from)
  const t = MONTH_DAY.exec(to)
  if (f && t) {
    // A leap year, so 02-29 is a day; the year itself is never shown.
    const day = (m: RegExpExecArray) => new Date(Date.UTC(2000, +m[1] - 1, +m[2]))
    return `${monthDay.formatRange(day(f), day(t))}, every year`
  }
  return `${from} – ${to}`
}

/** The rule's periods and the keys they were read from. */
function seasonPeriods(rule: Record<string, unknown>): { texts: string[]; keys: string[] } {
  for (const [fromKey, toKey] of PERIOD_KEYS) {
    const text = periodText(rule[fromKey], rule[toKey])
    if (text) return { texts: [text], keys: [fromKey, toKey] }
  }
  for (const key of PERIODS_KEYS) {
    const list = rule[key]
    if (!Array.isArray(list)) continue
    const texts = list
      .map((p) => {
        if (p === null || typeof p !== 'object') return null
        const period = p as Record<string, unknown>
        for (const [f, t] of PERIOD_KEYS) {
          const text = periodText(period[f], period[t])
          if (text) return text
        }
        return null
      })
      .filter((t): t is string => t !== null)
    if (texts.length > 0) return { texts, keys: [key] }
  }
  return { texts: [], keys: [] }
}

/** "prices +50%", "prices −20%": what a season does to the nightly prices. */
function seasonEffect(rule: Record<string, unknown>): { text: string | null; keys: string[] } {
  const up = rule.priceIncreasePercent
  const down = rule.priceDecreasePercent
  const signed = rule.percent ?? rule.priceChangePercent
  const pct = (n: number) => formatPercent(Math.abs(n))
  if (typeof up === 'number') return { text: `prices +${pct(up)}`, keys: ['priceIncreasePercent'] }
  if (typeof down === 'number') {
    return { text: `prices −${pct(down)}`, keys: ['priceDecreasePercent'] }
  }
  if (typeof signed === 'number') {
    const key = rule.percent !== undefined ? 'percent' : 'priceChangePercent'
    return { text: `prices ${signed < 0 ? '−' : '+'}${pct(signed)}`, keys: [key] }
  }
  return { text: null, keys: [] }
}

/**
 * A season price rule (the spec gives it no shape) as a property manager reads it: its name,
 * its dates and its effect in words, "High season, Jul 1 – Aug 31, 2027: prices +50%". A rule
 * the service publishes without dates says so, rather than leaving them out unremarked; values
 * StayDesk does not know follow in words.
 */
export function ruleText(rule: unknown): string {
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) return recordText(rule)
  const record = rule as Record<string, unknown>
  const name = typeof record.name === 'string' && record.name.trim() ? record.name.trim() : null
  const periods = seasonPeriods(record)
  const effect = seasonEffect(record)
  const known = new Set(['name', ...periods.keys, ...effect.keys])
  const others = Object.entries(record)
    .filter(([k]) => !known.has(k))
    .map(([k, v]) => `${keyWords(k)} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
  const when = periods.texts.length > 0 ? periods.texts.join(' and ') : 'dates not published'
  const head = [name ?? 'Season', when].join(', ')
  const what = [effect.text, ...others].filter((t): t is string => !!t)
  return what.length > 0 ? `${head}: ${what.join(', ')}` : head
}

/** A published value that is an object (a season rule, an external id) as "key: value" pairs. */
export function recordText(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value !== 'object') return String(value)
  if (Array.isArray(value)) return value.map(recordText).join(', ')
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ')
}
