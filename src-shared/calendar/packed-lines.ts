import { RateRecord } from '@shared/api'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { fromDayNumber, isKnownIsoDate } from '@shared/domain/dates'
import { fromBase64, toBase64 } from './base64'
import { dayNumberOf } from './day-numbers'
import { isExactDay, validAvailability, validRates } from './fast-records'
import {
  encodeDays,
  FLAG_AVAILABLE,
  FLAG_CHECK_IN,
  FLAG_CHECK_OUT,
  FLAG_EXTRA,
  FLAG_PRESENT,
  MAX_SPAN,
  readUint,
  type PackedDays,
  type StayWidth
} from './packed-days'
import {
  encodeRates,
  MAX_RATE_SPAN,
  NO_RATE,
  type PackedRates,
  type RateRules
} from './packed-rates'

/**
 * A team hub's packed snapshot (src-hub/catalog/snapshot.ts, `?form=packed`): each calendar and
 * rate record as the mirror stores it (packed-days.ts, packed-rates.ts), one small JSON object a
 * line with the byte arrays in base64. A desk then parses about 3 KB a calendar instead of 40 KB
 * and builds no day objects (profiling put three quarters of a first sync in JSON.parse, the
 * schema's check and packing, whoever served the records).
 *
 * availability: {"listingId","baseDay","stayWidth","flags","minStay","maxStay","extra"}
 * rates:        {"listingId","baseDay","prices","rules","exact"}
 *
 * The hub packs what a desk's sync would keep of the service's record (fast-records.ts, else
 * zod's output) with the same codec, so the rows are byte for byte those of a desk synced from
 * the service. The desk trusts none of it: readPacked* checks every part a row is made of and
 * that it is the codec's one way of writing that record (smallest width, span from the first
 * day, extra/exact exactly where the arrays cannot hold a value), and names the first problem
 * as a path and a code for the quarantine, as the schema does for a record.
 */

export type PackedResource = 'availability' | 'rates'

/** The line a hub sends for one record's JSON; undefined when it is not a valid record. */
export function packedLine(resource: PackedResource, json: string): string | undefined {
  let item: unknown
  try {
    item = JSON.parse(json)
  } catch {
    return undefined
  }
  if (resource === 'availability') {
    const record = validAvailability(item)
    if (!record) return undefined
    const p = encodeDays(record.availability)
    return JSON.stringify({
      listingId: record.listingId,
      baseDay: p.baseDay,
      stayWidth: p.stayWidth,
      flags: toBase64(p.flags),
      minStay: toBase64(p.minStay),
      maxStay: toBase64(p.maxStay),
      extra: p.extra
    })
  }
  const record = validRates(item)
  if (!record) return undefined
  const p = encodeRates(record)
  return JSON.stringify({
    listingId: record.listingId,
    baseDay: p.baseDay,
    prices: toBase64(p.prices),
    rules: p.rules,
    exact: p.exact
  })
}

/** A packed line's first problem: where (a dotted path) and what, as a quarantine keeps it. */
interface PackedProblem {
  path: string
  code: string
}

/** A checked calendar, in the form the mirror writes (`extra` as its JSON text). */
export interface CheckedDays {
  listingId: number
  packed: PackedDays
  extra: string | null
}

/** A checked rate record, in the form the mirror writes (rules and exact as JSON text). */
export interface CheckedRates {
  listingId: number
  packed: PackedRates
  rules: string
  exact: string | null
}

class Problem extends Error {
  constructor(
    readonly path: string,
    readonly code: string
  ) {
    super(`${path}: ${code}`)
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

function exactKeys(item: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) if (!Object.hasOwn(item, key)) throw new Problem(key, 'missing')
  for (const key in item) if (!keys.includes(key)) throw new Problem(key, 'unrecognized_keys')
}

function listingIdOf(item: Record<string, unknown>): number {
  if (!Number.isSafeInteger(item.listingId)) throw new Problem('listingId', 'invalid_type')
  return item.listingId as number
}

/** A day number that is a real date and back (years 1000 to 9999). */
function checkDay(day: number, path: string): void {
  if (!Number.isSafeInteger(day) || day < -354_285 || day > 2_932_896) {
    throw new Problem(path, 'out_of_range')
  }
  if (dayNumberOf(fromDayNumber(day)) !== day) throw new Problem(path, 'out_of_range')
}

function bytesOf(item: Record<string, unknown>, key: string): Uint8Array {
  const text = item[key]
  if (typeof text !== 'string') throw new Problem(key, 'invalid_type')
  const bytes = fromBase64(text)
  if (!bytes) throw new Problem(key, 'invalid_base64')
  return bytes
}

/** The span of a non-empty record starts with its first day and ends with its last, if not cut. */
function checkSpan(baseDay: number, length: number, max: number, ends: (i: number) => boolean) {
  if (length > max) throw new Problem('(record)', 'too_long')
  if (length === 0) {
    if (baseDay !== 0) throw new Problem('baseDay', 'not_canonical')
    return
  }
  checkDay(baseDay, 'baseDay')
  checkDay(baseDay + length - 1, 'baseDay')
  if (!ends(0) || (length < max && !ends(length - 1))) throw new Problem('baseDay', 'not_canonical')
}

/** Dated entries (extra, exact): null, or a non-empty object with real dates in ascending order. */
function datedEntries(item: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const entries = item[key]
  if (entries === null) return null
  if (!isObject(entries)) throw new Problem(key, 'invalid_type')
  let last = ''
  for (const date in entries) {
    if (!isKnownIsoDate(date)) throw new Problem(`${key}.${date}`, 'invalid_key')
    if (date <= last) throw new Problem(`${key}.${date}`, 'not_canonical')
    last = date
  }
  if (last === '') throw new Problem(key, 'not_canonical')
  return entries
}

const VALID_FLAGS = new Set<number>([0, FLAG_PRESENT | FLAG_EXTRA])
for (let bits = 0; bits < 8; bits++) {
  VALID_FLAGS.add(
    FLAG_PRESENT |
      (bits & 1 ? FLAG_AVAILABLE : 0) |
      (bits & 2 ? FLAG_CHECK_IN : 0) |
      (bits & 4 ? FLAG_CHECK_OUT : 0)
  )
}

const fitsUint32 = (n: number): boolean => n <= 0xffffffff

const AVAILABILITY_KEYS = [
  'listingId',
  'baseDay',
  'stayWidth',
  'flags',
  'minStay',
  'maxStay',
  'extra'
] as const

function checkDays(item: unknown): CheckedDays {
  if (!isObject(item)) throw new Problem('(record)', 'invalid_type')
  exactKeys(item, AVAILABILITY_KEYS)
  const listingId = listingIdOf(item)
  const { baseDay, stayWidth } = item
  if (typeof baseDay !== 'number') throw new Problem('baseDay', 'invalid_type')
  if (stayWidth !== 1 && stayWidth !== 2 && stayWidth !== 4) {
    throw new Problem('stayWidth', 'invalid_value')
  }
  const flags = bytesOf(item, 'flags')
  const minStay = bytesOf(item, 'minStay')
  const maxStay = bytesOf(item, 'maxStay')
  checkSpan(baseDay, flags.length, MAX_SPAN, (i) => flags[i] !== 0)
  if (minStay.length !== flags.length * stayWidth) throw new Problem('minStay', 'invalid_length')
  if (maxStay.length !== flags.length * stayWidth) throw new Problem('maxStay', 'invalid_length')
  let flaggedExtra = 0
  let maxValue = 0
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]
    if (!VALID_FLAGS.has(flag)) throw new Problem('flags', 'invalid_value')
    const min = readUint(minStay, i, stayWidth)
    const max = readUint(maxStay, i, stayWidth)
    // Days the arrays do not describe hold zeros, as the codec leaves them.
    if (flag === 0 || flag & FLAG_EXTRA) {
      if (flag & FLAG_EXTRA) flaggedExtra++
      if (min !== 0 || max !== 0) throw new Problem('minStay', 'not_canonical')
      continue
    }
    if (min > maxValue) maxValue = min
    if (max > maxValue) maxValue = max
  }
  const smallest: StayWidth = maxValue <= 0xff ? 1 : maxValue <= 0xffff ? 2 : 4
  if (stayWidth !== smallest) throw new Problem('stayWidth', 'not_canonical')
  const extra = datedEntries(item, 'extra')
  if (extra !== null && flags.length === 0) {
    throw new Problem('extra', 'not_canonical')
  }
  let inSpan = 0
  for (const date in extra) {
    const day = extra[date]
    if (!isExactDay(day)) throw new Problem(`extra.${date}`, 'invalid_type')
    const i = dayNumberOf(date) - baseDay
    if (i < 0) throw new Problem(`extra.${date}`, 'out_of_range')
    if (i < flags.length) {
      // In the span, a day is kept verbatim only when its stay values do not fit the arrays.
      if (
        flags[i] !== (FLAG_PRESENT | FLAG_EXTRA) ||
        (fitsUint32(day.minStay) && fitsUint32(day.maxStay))
      ) {
        throw new Problem(`extra.${date}`, 'not_canonical')
      }
      inSpan++
    } else if (flags.length < MAX_SPAN) {
      throw new Problem(`extra.${date}`, 'out_of_range')
    }
  }
  if (inSpan !== flaggedExtra) throw new Problem('flags', 'not_canonical')
  return {
    listingId,
    packed: {
      baseDay,
      flags,
      stayWidth,
      minStay,
      maxStay,
      extra: extra as Record<string, AvailabilityDay> | null
    },
    extra: extra === null ? null : JSON.stringify(extra)
  }
}

/** A rate record's rules, checked by the shared schema (its output is what the mirror keeps). */
const RulesSchema = RateRecord.omit({ rate: true, listingId: true })

const RATES_KEYS = ['listingId', 'baseDay', 'prices', 'rules', 'exact'] as const

function checkRates(item: unknown): CheckedRates {
  if (!isObject(item)) throw new Problem('(record)', 'invalid_type')
  exactKeys(item, RATES_KEYS)
  const listingId = listingIdOf(item)
  const { baseDay } = item
  if (typeof baseDay !== 'number') throw new Problem('baseDay', 'invalid_type')
  const prices = bytesOf(item, 'prices')
  if (prices.length % 4 !== 0) throw new Problem('prices', 'invalid_length')
  const view = new DataView(prices.buffer, prices.byteOffset, prices.byteLength)
  const priced = (i: number): boolean => view.getInt32(i * 4, true) !== NO_RATE
  checkSpan(baseDay, prices.length / 4, MAX_RATE_SPAN, priced)
  const parsed = RulesSchema.safeParse(item.rules)
  if (!isObject(item.rules) || !parsed.success) {
    const path = parsed.success ? [] : parsed.error.issues[0].path
    throw new Problem(
      ['rules', ...path].join('.'),
      parsed.success ? 'invalid_type' : parsed.error.issues[0].code
    )
  }
  const exact = datedEntries(item, 'exact')
  for (const date in exact) {
    const price = exact[date]
    if (typeof price !== 'number') throw new Problem(`exact.${date}`, 'invalid_type')
    const i = dayNumberOf(date) - baseDay
    if (i < 0) throw new Problem(`exact.${date}`, 'out_of_range')
    // A night kept exactly inside the span still has a (rounded) price for queries.
    if (i < prices.length / 4 ? !priced(i) : prices.length / 4 < MAX_RATE_SPAN) {
      throw new Problem(`exact.${date}`, 'not_canonical')
    }
  }
  const rules = parsed.data as RateRules
  return {
    listingId,
    packed: { baseDay, prices, rules, exact: exact as Record<string, number> | null },
    rules: JSON.stringify(rules),
    exact: exact === null ? null : JSON.stringify(exact)
  }
}

type Read<T> = { checked: T } | { problem: PackedProblem }

function read<T>(check: (item: unknown) => T, item: unknown): Read<T> {
  try {
    return { checked: check(item) }
  } catch (err) {
    if (err instanceof Problem) return { problem: { path: err.path, code: err.code } }
    throw err
  }
}

/** One parsed line of a packed availability snapshot, checked (see above). */
export const readPackedDays = (item: unknown): Read<CheckedDays> => read(checkDays, item)

/** One parsed line of a packed rates snapshot, checked (see above). */
export const readPackedRates = (item: unknown): Read<CheckedRates> => read(checkRates, item)
