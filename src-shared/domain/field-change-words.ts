import { dateRange, sentenceDate } from './date-words'
import { isIsoDate } from './dates'
import { fieldLabel, languageName } from './listing-field-labels'
import { eurToCents, formatEur } from './money'
import { WEEKDAY_NAMES } from './stay-rules'

/**
 * A listing field or a rate rule whose value is an object or a list, changed, in words: only the
 * members that changed, each by its label ("City: Domburg" → "City: Veere"), money in euros,
 * days by name, dates as sentences, never JSON. Lists of named things (extras, taxes, terms)
 * are matched by name, images by address and counted ("2 added"); other lists are said whole,
 * or by what was added and removed when they are long.
 */

export interface FieldChange {
  before: string
  after: string
}

/** One changed member: where it sits (labels, outermost first) and its two values in words. */
interface Part {
  label: string[]
  before: string
  after: string
}

/** Members said one by one; the rest are counted ("and 3 more"). */
const SHOWN_PARTS = 6
/** A list longer than this is said by what was added and removed. */
const SHOWN_ITEMS = 6
const TEXT_LENGTH = 80

const MONEY = new Set(['fee', 'petFee', 'weekendNight', 'basicNight', 'securityDeposit', 'price'])
const TIMESTAMPS = new Set(['created', 'lastModified'])
const WEEKDAYS = new Set(['checkInDays', 'checkOutDays'])

/** Rate rules keyed by a number of days, each a percentage off (spec: Rate record). */
const DAY_KEYED: Record<string, (days: string) => string> = {
  longerStay: (d) => `Stays over ${d} days`,
  lastMinute: (d) => `Booked under ${d} days before check-in`,
  earlyBird: (d) => `Booked over ${d} days before check-in`
}

const timestamp = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC'
})

type Rec = Record<string, unknown>

const isRecord = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v)
const isAbsent = (v: unknown): v is null | undefined => v === undefined || v === null
const lastKey = (path: string) => path.slice(path.lastIndexOf('.') + 1)
const parentKey = (path: string) => lastKey(path.slice(0, Math.max(path.lastIndexOf('.'), 0)))

/** Equal as values: members in any order (the history compares them so too). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => same(v, b[i]))
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].every((k) => same(a[k], b[k]))
  }
  return false
}

function cut(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ')
  return t.length > TEXT_LENGTH ? `${t.slice(0, TEXT_LENGTH - 1)}…` : t
}

function memberLabel(parent: string, key: string): string {
  const days = DAY_KEYED[lastKey(parent)]
  if (days) return days(key)
  if (parent === 'description') return languageName(key)
  return fieldLabel(`${parent}.${key}`)
}

/** One value that is neither an object nor a list, as its member reads it. */
function scalarWords(path: string, v: unknown): string {
  const key = lastKey(path)
  if (isAbsent(v)) return 'not set'
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'number' && Number.isFinite(v)) {
    if (MONEY.has(key)) return formatEur(eurToCents(v))
    if (TIMESTAMPS.has(key)) return `${timestamp.format(new Date(v * 1000))} UTC`
    if (key === 'discount' || DAY_KEYED[parentKey(path)]) return `${v}% off`
    return String(v)
  }
  if (typeof v === 'string') {
    // IsoDate is a string: a failed check would narrow `v` away.
    const text: string = v
    if (isIsoDate(v)) return sentenceDate(v)
    return text.trim() === '' ? 'none' : cut(text)
  }
  return cut(String(v))
}

/** A fee as charged: "€12.00, per stay", "€50.00, mandatory", "10% of the rental amount". */
function isFee(v: unknown): v is Rec & { fee: number } {
  return isRecord(v) && typeof v.fee === 'number'
}

function feeWords(f: Rec & { fee: number }): string {
  const basis = typeof f.feeBasis === 'string' ? f.feeBasis.trim() : ''
  const name = typeof f.name === 'string' && f.name.trim() ? `${cut(f.name)}: ` : ''
  if (/^%\s*of rental amount$/i.test(basis)) return `${name}${f.fee}% of the rental amount`
  return `${name}${formatEur(eurToCents(f.fee))}${basis ? `, ${basis.toLowerCase()}` : ''}`
}

/** "Jul 1 – Aug 31, 2027": a period of the rules (startDate, endDate). */
function periodWords(v: Rec): string | null {
  return isIsoDate(v.startDate) && isIsoDate(v.endDate) ? dateRange(v.startDate, v.endDate) : null
}

/** A whole value in words, members "Label: value" (nested ones joined by commas). */
export function valueWords(path: string, v: unknown, joiner = '; '): string {
  if (isAbsent(v)) return 'not set'
  if (Array.isArray(v)) return listWords(path, v)
  if (isRecord(v)) {
    if (isFee(v)) return feeWords(v)
    const period = periodWords(v)
    if (period) return period
    const members = Object.entries(v).filter(([, m]) => !isAbsent(m) && m !== '')
    if (members.length === 0) return 'none'
    return members
      .map(([k, m]) => `${memberLabel(path, k)}: ${valueWords(`${path}.${k}`, m, ', ')}`)
      .join(joiner)
  }
  return scalarWords(path, v)
}

function itemWords(path: string, item: unknown): string {
  return isRecord(item) && !isFee(item) && !periodWords(item)
    ? `(${valueWords(path, item, ', ')})`
    : valueWords(path, item, ', ')
}

function imageCount(n: number): string {
  return n === 1 ? '1 image' : `${n} images`
}

/** "A, B and 3 more". */
function some(words: string[]): string {
  if (words.length <= SHOWN_ITEMS) return words.join(', ')
  return `${words.slice(0, SHOWN_ITEMS).join(', ')} and ${words.length - SHOWN_ITEMS} more`
}

function listWords(path: string, list: unknown[]): string {
  if (lastKey(path) === 'images') return imageCount(list.length)
  if (list.length === 0) return WEEKDAYS.has(lastKey(path)) ? 'any day' : 'none'
  if (WEEKDAYS.has(lastKey(path))) {
    return list.map((d) => (typeof d === 'number' ? (WEEKDAY_NAMES[d] ?? d) : d)).join(', ')
  }
  return some(list.map((item) => itemWords(path, item)))
}

/** Images by address: how many there are, and what changed among them. */
function imageParts(before: unknown[], after: unknown[]): Part[] {
  const url = (i: unknown) => (isRecord(i) && typeof i.url === 'string' ? i.url : JSON.stringify(i))
  const old = new Map(before.map((i) => [url(i), i]))
  const now = new Map(after.map((i) => [url(i), i]))
  const added = [...now.keys()].filter((u) => !old.has(u)).length
  const removed = [...old.keys()].filter((u) => !now.has(u)).length
  const relabelled = [...now].filter(([u, i]) => old.has(u) && !same(old.get(u), i)).length
  const what = [
    added && `${added} added`,
    removed && `${removed} removed`,
    relabelled && `labels changed on ${relabelled}`
  ].filter((w): w is string => !!w)
  if (what.length === 0) what.push('order changed')
  return [
    {
      label: [],
      before: imageCount(before.length),
      after: `${imageCount(after.length)}: ${what.join(', ')}`
    }
  ]
}

/** A list's items by name, when every item has one of its own. */
function byName(list: unknown[]): Map<string, Rec> | null {
  const named = new Map<string, Rec>()
  for (const item of list) {
    if (!isRecord(item) || typeof item.name !== 'string' || named.has(item.name)) return null
    named.set(item.name, item)
  }
  return named
}

function withoutName(item: Rec): Rec {
  const { name: _name, ...rest } = item
  return rest
}

/** Named items matched by name: each added, removed or changed one in its own words. */
function namedParts(path: string, before: Map<string, Rec>, after: Map<string, Rec>): Part[] {
  const parts: Part[] = []
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name)
    const b = after.get(name)
    const label = [cut(name)]
    const words = (item: Rec) => {
      const rest = withoutName(item)
      const keys = Object.keys(rest)
      if (isFee(item)) return feeWords(rest as Rec & { fee: number })
      return keys.length === 1
        ? valueWords(`${path}.${keys[0]}`, rest[keys[0]])
        : valueWords(path, rest, ', ')
    }
    if (!a && b) parts.push({ label, before: 'none', after: words(b) })
    else if (a && !b) parts.push({ label, before: words(a), after: 'removed' })
    else if (a && b && !same(a, b)) {
      if (isFee(a) || isFee(b) || Object.keys(withoutName(a)).length <= 1) {
        parts.push({ label, before: words(a), after: words(b) })
      } else {
        for (const p of diff(path, withoutName(a), withoutName(b))) {
          parts.push({ ...p, label: [...label, ...p.label] })
        }
      }
    }
  }
  return parts
}

/** A list whose items have no names: said whole, or by what was added and removed. */
function listParts(path: string, before: unknown[], after: unknown[]): Part[] {
  const a = before.map((i) => itemWords(path, i))
  const b = after.map((i) => itemWords(path, i))
  if (a.length <= SHOWN_ITEMS && b.length <= SHOWN_ITEMS) {
    return [{ label: [], before: listWords(path, before), after: listWords(path, after) }]
  }
  const added = b.filter((w) => !a.includes(w))
  const removed = a.filter((w) => !b.includes(w))
  const what = [
    added.length && `added ${some(added)}`,
    removed.length && `removed ${some(removed)}`
  ]
  const changes = what.filter((w): w is string => !!w)
  return [
    {
      label: [],
      before: `${a.length} entries`,
      after: `${b.length} entries${changes.length ? `: ${changes.join('; ')}` : ', order changed'}`
    }
  ]
}

/** The members of `path` that differ between two values, each in words. */
function diff(path: string, before: unknown, after: unknown): Part[] {
  if (same(before, after)) return []
  if (isRecord(before) && isRecord(after) && !isFee(before) && !isFee(after)) {
    if (periodWords(before) && periodWords(after)) {
      return [{ label: [], before: valueWords(path, before), after: valueWords(path, after) }]
    }
    const parts: Part[] = []
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const label = memberLabel(path, key)
      for (const p of diff(`${path}.${key}`, before[key], after[key])) {
        parts.push({ ...p, label: [label, ...p.label] })
      }
    }
    return parts
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (lastKey(path) === 'images') return imageParts(before, after)
    const a = byName(before)
    const b = byName(after)
    if (a && b && (a.size > 0 || b.size > 0)) return namedParts(path, a, b)
    return listParts(path, before, after)
  }
  return [
    { label: [], before: valueWords(path, before, ', '), after: valueWords(path, after, ', ') }
  ]
}

function sideText(parts: Part[], side: 'before' | 'after'): string {
  const said = parts
    .slice(0, SHOWN_PARTS)
    .map((p) => (p.label.length > 0 ? `${p.label.join(' › ')}: ${p[side]}` : p[side]))
  const more = parts.length - SHOWN_PARTS
  return more > 0 ? `${said.join('; ')}; and ${more} more` : said.join('; ')
}

/**
 * A field's change, before and after: only what changed inside it when both are there ("City:
 * Domburg; Address: Duinweg 65" → "City: Veere; Address: Duinweg 67"), the whole value in words
 * when one side is missing. `field` is the listing member or the rate rule's name.
 */
export function fieldChange(field: string, before: unknown, after: unknown): FieldChange {
  if (isAbsent(before) || isAbsent(after)) {
    return { before: valueWords(field, before), after: valueWords(field, after) }
  }
  const parts = diff(field, before, after)
  if (parts.length === 0) return { before: valueWords(field, before), after: 'the same' }
  return { before: sideText(parts, 'before'), after: sideText(parts, 'after') }
}
