import { RateRecord } from '@shared/api'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { isKnownIsoDate } from '@shared/domain/dates'

/**
 * A quick yes for the common shape of the two large records, without zod: a calendar holds 730
 * days and a rate record 365 prices, and zod's check of them cost about twice their JSON.parse
 * (the largest part of the hub's own work in a full sync). It answers only "surely valid under
 * the shared schema": numbers as numbers, days with exactly the five typed fields' types, prices
 * under real dates. Anything else (numeric strings, which the schema also accepts, missing or
 * odd fields) answers false and the record goes to the shared schema, which decides and names
 * the problem for the quarantine. The hub keeps the service's bytes, so unlike the desktop's
 * fast paths (src-main/sync/validate.ts, which the hub may not import) it builds no output.
 */

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

const isCount = (n: unknown): boolean => typeof n === 'number' && Number.isInteger(n) && n >= 0

function calendarIsValid(item: Record<string, unknown>): boolean {
  const days = item.availability
  if (!Number.isInteger(item.listingId) || !isObject(days)) return false
  for (const date in days) {
    const d = days[date]
    if (!Object.hasOwn(days, date) || !isKnownIsoDate(date) || !isObject(d)) return false
    if (
      typeof d.available !== 'boolean' ||
      typeof d.checkInDay !== 'boolean' ||
      typeof d.checkOutDay !== 'boolean' ||
      !isCount(d.minStay) ||
      !isCount(d.maxStay)
    ) {
      return false
    }
  }
  return true
}

/** Everything of a rate record but its nightly prices: a few fields, checked by the schema. */
const RateRules = RateRecord.omit({ rate: true })

function ratesAreValid(item: Record<string, unknown>): boolean {
  const prices = item.rate
  if (!Number.isInteger(item.listingId) || !isObject(prices)) return false
  for (const date in prices) {
    if (!Object.hasOwn(prices, date) || !isKnownIsoDate(date) || typeof prices[date] !== 'number')
      return false
  }
  const { rate: _prices, ...rules } = item
  return RateRules.safeParse(rules).success
}

/** True when the record surely passes its shared schema; false means: ask the schema. */
export function surelyValid(resource: SyncResourceName, item: unknown): boolean {
  if (!isObject(item)) return false
  if (resource === 'availability') return calendarIsValid(item)
  if (resource === 'rates') return ratesAreValid(item)
  return false
}
