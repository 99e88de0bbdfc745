import { AvailabilityRecord, RateRecord } from '@shared/api'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { isKnownIsoDate } from '@shared/domain/dates'

/**
 * The two large records checked without zod, giving zod's output: a desk's sync
 * (src-main/sync/validate.ts) and the hub's packing of a snapshot (packed-lines.ts) run the same
 * code, so a calendar the hub packs is byte for byte the one a desk would pack from the service.
 */

/** Everything of a rate record but the nightly prices, which fastRates checks itself. */
const RateRulesSchema = RateRecord.omit({ rate: true })

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

const count = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0

function keyCount(o: object): number {
  let n = 0
  for (const _ in o) n++
  return n
}

/** A day exactly as the schema outputs it, typed fields only; shared with packed-lines.ts. */
export function isExactDay(d: unknown): d is AvailabilityDay {
  return (
    isPlainObject(d) &&
    typeof d.available === 'boolean' &&
    typeof d.checkInDay === 'boolean' &&
    typeof d.checkOutDay === 'boolean' &&
    count(d.minStay) &&
    count(d.maxStay) &&
    keyCount(d) === 5
  )
}

/**
 * The availability schema for the common shape, without zod: zod costs about two JSON.parse
 * times per availability page (146,000 day objects). It accepts only what the schema accepts
 * (numbers as numbers; the numeric strings the schema also allows, and anything odd, return
 * undefined) and gives the same output, unknown keys dropped; on undefined the caller asks zod,
 * which decides and names the problem for quarantine. A record with no unknown keys is
 * returned as it came (zod's output would equal it), sparing 146,000 copies a page.
 */
export function fastAvailability(item: unknown): AvailabilityRecord | undefined {
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
export function fastRates(item: unknown): RateRecord | undefined {
  if (!isPlainObject(item) || !isPlainObject(item.rate)) return undefined
  const rate = item.rate
  for (const date in rate) {
    if (!Object.hasOwn(rate, date) || !isKnownIsoDate(date) || typeof rate[date] !== 'number') {
      return undefined
    }
  }
  const { rate: _rate, ...rest } = item
  const parsed = RateRulesSchema.safeParse(rest)
  if (!parsed.success) return undefined
  const { listingId, ...rules } = parsed.data
  return { listingId, rate: rate as Record<string, number>, ...rules }
}

/** The record as a desk's sync keeps it (fast path, else zod's output), or undefined if invalid. */
export function validAvailability(item: unknown): AvailabilityRecord | undefined {
  return fastAvailability(item) ?? AvailabilityRecord.safeParse(item).data
}

/** As validAvailability, for a rate record. */
export function validRates(item: unknown): RateRecord | undefined {
  return fastRates(item) ?? RateRecord.safeParse(item).data
}
