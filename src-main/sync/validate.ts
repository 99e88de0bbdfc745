import { AvailabilityRecord, Listing, RateRecord } from '@shared/api'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { isKnownIsoDate } from '@shared/domain/dates'
import type { z } from 'zod'
import { redactText } from '../api'
import type { QuarantineInput } from '../db'
import type { SyncResourceName } from '@shared/ipc/sync.schema'

const schemas = { listings: Listing, availability: AvailabilityRecord, rates: RateRecord } as const

/** Everything of a rate record but the nightly prices, which fastRates checks itself. */
const RateRules = RateRecord.omit({ rate: true })

export type QuarantinedRecord = QuarantineInput

/** Raw JSON of a rejected record is kept for replay, capped so one huge record can't bloat the DB. */
const RAW_CAP = 64 * 1024

function recordIdOf(raw: unknown): string | undefined {
  if (raw && typeof raw === 'object') {
    const r = raw as Record<string, unknown>
    const id = r.id ?? r.listingId
    if (typeof id === 'number' || typeof id === 'string') return String(id)
  }
  return undefined
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

const count = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0

function keyCount(o: object): number {
  let n = 0
  for (const _ in o) n++
  return n
}

/**
 * The availability schema for the common shape, without zod: zod costs about two JSON.parse
 * times per availability page (146,000 day objects). It accepts only what the schema accepts
 * (numbers as numbers; the numeric strings the schema also allows, and anything odd, return
 * undefined) and gives the same output, unknown keys dropped; on undefined the caller asks zod,
 * which decides and names the problem for quarantine. A record with no unknown keys is
 * returned as it came (zod's output would equal it), sparing 146,000 copies a page.
 */
function fastAvailability(item: unknown): AvailabilityRecord | undefined {
  if (!isPlainObject(item)) return undefined
  const { listingId, availability } = item
  if (typeof listingId !== 'number' || !Number.isInteger(listingId)) return undefined
  if (!isPlainObject(availability)) return undefined
  let exact = keyCount(item) === 2
  for (const date in availability) {
    if (!Object.hasOwn(availability, date) || !isKnownIsoDate(date)) return undefined
    const d = availability[date]
    if (!isPlainObject(d)) return undefined
    if (
      typeof d.available !== 'boolean' ||
      typeof d.checkInDay !== 'boolean' ||
      typeof d.checkOutDay !== 'boolean' ||
      !count(d.minStay) ||
      !count(d.maxStay)
    ) {
      return undefined
    }
    if (exact && keyCount(d) !== 5) exact = false
  }
  if (exact) return item as AvailabilityRecord
  const out: Record<string, AvailabilityDay> = {}
  for (const date in availability) {
    const d = availability[date] as AvailabilityDay
    const { available, checkInDay, checkOutDay, minStay, maxStay } = d
    out[date] = { available, checkInDay, checkOutDay, minStay, maxStay }
  }
  return { listingId, availability: out }
}

/**
 * A rate record's 365 prices without zod (the rules, a few fields, still go through it): the
 * prices are numbers under ISO dates, else undefined and the whole record goes to zod. The
 * output has zod's shape and key order (the mirror stores the rules as JSON).
 */
function fastRates(item: unknown): RateRecord | undefined {
  if (!isPlainObject(item) || !isPlainObject(item.rate)) return undefined
  const rate = item.rate
  for (const date in rate) {
    if (!Object.hasOwn(rate, date) || !isKnownIsoDate(date) || typeof rate[date] !== 'number') {
      return undefined
    }
  }
  const { rate: _rate, ...rest } = item
  const parsed = RateRules.safeParse(rest)
  if (!parsed.success) return undefined
  const { listingId, ...rules } = parsed.data
  return { listingId, rate: rate as Record<string, number>, ...rules }
}

const fastPaths: Partial<Record<SyncResourceName, (item: unknown) => unknown>> = {
  availability: fastAvailability,
  rates: fastRates
}

/** One record checked: the schema's output, or what to quarantine. */
export type CheckedRecord<R extends SyncResourceName> =
  { valid: z.output<(typeof schemas)[R]> } | { quarantined: QuarantinedRecord }

/**
 * Checks one record against its resource's schema. Only the zod path and code are kept as the
 * reason for a rejected one (never values), per the quarantine policy.
 */
export function validateRecord<R extends SyncResourceName>(
  resource: R,
  item: unknown
): CheckedRecord<R> {
  const fastPath = fastPaths[resource]
  const fast = fastPath?.(item)
  if (fast) return { valid: fast as z.output<(typeof schemas)[R]> }
  const parsed = schemas[resource].safeParse(item)
  if (parsed.success) return { valid: parsed.data as z.output<(typeof schemas)[R]> }
  const issue = parsed.error.issues[0]
  // QuarantineInput promises redacted raw JSON: no Bearer values or card-like numbers kept.
  let raw = redactText(JSON.stringify(item) ?? 'undefined')
  if (raw.length > RAW_CAP) raw = raw.slice(0, RAW_CAP)
  return {
    quarantined: {
      recordId: recordIdOf(item),
      path: issue.path.join('.') || '(record)',
      code: issue.code,
      raw
    }
  }
}
