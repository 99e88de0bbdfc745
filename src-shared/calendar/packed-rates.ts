import type { RateRecord } from '@shared/api/rate.schema'
import { fromDayNumber } from '@shared/domain/dates'
import { dayNumberOf as toDayNumber } from './day-numbers'
import { centsToEur, eurToCents } from '@shared/domain/money'

/**
 * Rates packed like availability: one row per listing with a base day, an Int32 price in cents
 * per night (little-endian) and the rules (everything but `rate`) as JSON.
 *
 * NO_RATE is INT32_MIN rather than -1 because the schema does not forbid negative prices and
 * -1 cent is a real amount. A price whose cents do not give back the same float (sub-cent
 * values, or beyond Int32) is stored rounded for queries and verbatim in `exact`, so the record
 * round-trips exactly, which the sync tests compare field by field.
 */

export const NO_RATE = -0x80000000
export const MAX_RATE_SPAN = 1500

export type RateRules = Omit<RateRecord, 'rate' | 'listingId'>

export interface PackedRates {
  baseDay: number
  /** Int32 little-endian cents per night from baseDay. */
  prices: Uint8Array
  rules: RateRules
  /** Nights whose float price is not exactly `cents / 100`, or outside the span. */
  exact: Record<string, number> | null
}

function representable(price: number, cents: number): boolean {
  return cents > NO_RATE && cents <= 0x7fffffff && centsToEur(cents) === price
}

function toCents(price: number): number | null {
  if (!Number.isFinite(price)) return null
  // Fast path: a whole number of cents divides back to the very same double.
  const quick = Math.round(price * 100)
  if (quick / 100 === price && quick > NO_RATE && quick <= 0x7fffffff) return quick
  const cents = eurToCents(price)
  return Number.isSafeInteger(cents) && representable(price, cents) ? cents : null
}

export function encodeRates(record: RateRecord): PackedRates {
  const { rate, listingId: _id, ...rules } = record
  const dates = Object.keys(rate).sort()
  const baseDay = dates.length > 0 ? toDayNumber(dates[0]) : 0
  const span =
    dates.length > 0
      ? Math.min(toDayNumber(dates[dates.length - 1]) - baseDay + 1, MAX_RATE_SPAN)
      : 0
  const view = new DataView(new ArrayBuffer(span * 4))
  for (let i = 0; i < span; i++) view.setInt32(i * 4, NO_RATE, true)
  let exact: Record<string, number> | null = null
  for (const date of dates) {
    const price = rate[date]
    const i = toDayNumber(date) - baseDay
    const cents = toCents(price)
    if (i >= span || cents === null) {
      exact ??= {}
      exact[date] = price
      // Keep a rounded value in the array so queries see the night as priced.
      if (i < span && Number.isFinite(price)) {
        const rounded = Math.max(Math.min(eurToCents(price), 0x7fffffff), NO_RATE + 1)
        view.setInt32(i * 4, rounded, true)
      }
      continue
    }
    view.setInt32(i * 4, cents, true)
  }
  return { baseDay, prices: new Uint8Array(view.buffer), rules, exact }
}

/** Cents for one night, or null without a rate. `p` may be a window starting at its baseDay. */
export function centsAt(p: PackedRates, day: number): number | null {
  const i = day - p.baseDay
  if (i < 0 || i * 4 >= p.prices.length) {
    const price = p.exact?.[fromDayNumber(day)]
    return price === undefined ? null : eurToCents(price)
  }
  const o = i * 4
  const b = p.prices
  const v = b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)
  return v === NO_RATE ? null : v
}

/** The float the service sent for one night, or undefined without a rate. */
export function priceAt(p: PackedRates, day: number): number | undefined {
  const exact = p.exact?.[fromDayNumber(day)]
  if (exact !== undefined) return exact
  const cents = centsAt(p, day)
  return cents === null ? undefined : centsToEur(cents)
}

/** `rate` for the nights from `fromDay` (inclusive) to `toDay` (exclusive), ascending. */
export function rateWindow(p: PackedRates, fromDay: number, toDay: number): Record<string, number> {
  const out: Record<string, number> = {}
  for (let d = fromDay; d < toDay; d++) {
    const price = priceAt(p, d)
    if (price !== undefined) out[fromDayNumber(d)] = price
  }
  return out
}

export function decodeRates(listingId: number, p: PackedRates): RateRecord {
  const rate: Record<string, number> = {}
  const exactDates = p.exact ? Object.keys(p.exact).sort() : []
  for (const d of exactDates) if (toDayNumber(d) < p.baseDay) rate[d] = p.exact![d]
  Object.assign(rate, rateWindow(p, p.baseDay, p.baseDay + p.prices.length / 4))
  const end = p.baseDay + p.prices.length / 4
  for (const d of exactDates) if (toDayNumber(d) >= end) rate[d] = p.exact![d]
  return { listingId, rate, ...p.rules }
}

export function packedRatesFromRow(row: {
  base_day: number
  prices: Uint8Array
  rules: string
  exact: string | null
}): PackedRates {
  return {
    baseDay: row.base_day,
    prices: row.prices,
    rules: JSON.parse(row.rules) as RateRules,
    exact: row.exact === null ? null : (JSON.parse(row.exact) as Record<string, number>)
  }
}
