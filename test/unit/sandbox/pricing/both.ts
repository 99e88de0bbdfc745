import {
  AvailabilityDay,
  Listing,
  RateRecord,
  type ListingWire,
  type PricedQuoteWire,
  type RateRecordWire
} from '@shared/api'
import { addDays, daysBetween } from '@shared/domain/dates'
import { quoteStay, toWireQuote } from '@shared/domain/pricing'
import type { StayRequest } from '@shared/domain/stay-rules'
import { quoteOf, wireQuote } from '../../../../src-main/sandbox/state/pricing/quote'

/**
 * One stay quoted twice from the same published data: by the client (quoteStay + toWireQuote,
 * src-shared/domain) and by the sandbox's own service code (src-main/sandbox/state/pricing).
 */

export type WireAnswer = PricedQuoteWire | { available: false; reasons: string[] }

export interface QuoteCase {
  today: string
  listing: ListingWire
  /** The rate record, nightly rates included. */
  rates: RateRecordWire
  stay: StayRequest
  /** Day records by date; absent: every day from today for two years is open for any stay. */
  days?: Record<string, AvailabilityDay>
}

const OPEN_DAY: AvailabilityDay = {
  available: true,
  checkInDay: true,
  checkOutDay: true,
  minStay: 0,
  maxStay: 0
}

function lookup(c: QuoteCase) {
  if (c.days) {
    const days = c.days
    return (date: string) => (Object.hasOwn(days, date) ? days[date] : undefined)
  }
  return (date: string) => {
    const k = daysBetween(c.today, date)
    return k >= 0 && k < 730 ? OPEN_DAY : undefined
  }
}

export function clientAnswer(c: QuoteCase): WireAnswer {
  const outcome = quoteStay({
    listing: Listing.parse(c.listing),
    rates: RateRecord.parse(c.rates),
    stay: c.stay,
    today: c.today,
    days: lookup(c)
  })
  return outcome.available
    ? toWireQuote(outcome.price)
    : { available: false, reasons: outcome.misses.map((m) => m.message) }
}

export function sandboxAnswer(c: QuoteCase): WireAnswer {
  const { rate, listingId: _id, ...rules } = RateRecord.parse(c.rates)
  const outcome = quoteOf(
    {
      listing: Listing.parse(c.listing),
      rules,
      nightly: (date) => (Object.hasOwn(rate, date) ? rate[date] : undefined)
    },
    c.stay,
    c.today,
    lookup(c)
  )
  return outcome.available ? wireQuote(outcome.price) : outcome
}

/** Nightly rates for [from, from + count), one EUR value each (cycled when fewer are given). */
export function ratesFrom(from: string, count: number, eur: number[]): Record<string, number> {
  const rate: Record<string, number> = {}
  for (let k = 0; k < count; k++) rate[addDays(from, k)] = eur[k % eur.length]
  return rate
}
