import { dateRange } from '@shared/domain/date-words'
import { isIsoDate } from '@shared/domain/dates'

/**
 * A season price rule in words, as the listing page and the calendar's pricing rules say it:
 * its name, its dates and its effect ("High season, Jul 1 – Aug 31, 2027: prices +50%"), or
 * "dates not published" when the service gives none. The spec gives the rule no shape, so the
 * keys it may come in are read by name and anything else follows in words. With it, the words
 * for other values the spec leaves open (percentages, keys, objects).
 */

export function formatPercent(n: number): string {
  return `${Number(n.toFixed(2))}%`
}

/** "priceIncreasePercent" as "price increase percent": a key the spec leaves open, readable. */
function keyWords(key: string): string {
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
