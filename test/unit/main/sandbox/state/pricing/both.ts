import {
  AvailabilityDay,
  Listing,
  RateRecord,
  type ListingWire,
  type PricedQuoteWire,
  type RateRecordWire
} from '@shared/api'
import { addDays, daysBetween } from '@shared/domain/dates'
import { quoteStay } from '@shared/domain/pricing'
import { toWireQuote } from '@shared/domain/quote-wire'
import type { StayRequest } from '@shared/domain/stay-rules'
import {
  quoteOf,
  wireQuote,
  wireRefusal,
  type QuoteOutcome
} from '../../../../../../src-main/sandbox/state/pricing/quote'
import { clientCodesOf } from './rule-codes'

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

function clientOutcome(c: QuoteCase) {
  return quoteStay({
    listing: Listing.parse(c.listing),
    rates: RateRecord.parse(c.rates),
    stay: c.stay,
    today: c.today,
    days: lookup(c)
  })
}

export function clientAnswer(c: QuoteCase): WireAnswer {
  const outcome = clientOutcome(c)
  return outcome.available
    ? toWireQuote(outcome.price)
    : { available: false, reasons: outcome.misses.map((m) => m.message) }
}

function sandboxOutcome(c: QuoteCase): QuoteOutcome {
  const { rate, listingId: _id, ...rules } = RateRecord.parse(c.rates)
  return quoteOf(
    {
      listing: Listing.parse(c.listing),
      rules,
      nightly: (date) => (Object.hasOwn(rate, date) ? rate[date] : undefined)
    },
    {
      day: lookup(c),
      // The spec's windows (Limits), counted from the quote's today as the sandbox counts them.
      availabilityEnd: addDays(c.today, 730),
      ratesEnd: addDays(c.today, 365)
    },
    c.stay,
    c.today
  )
}

export function sandboxAnswer(c: QuoteCase): WireAnswer {
  const outcome = sandboxOutcome(c)
  return outcome.available ? wireQuote(outcome.price) : wireRefusal(outcome.refusals)
}

/** The rules each side says the stay breaks, in the client's codes, sorted and distinct. */
export function brokenRules(c: QuoteCase): { client: string[]; sandbox: string[] } {
  const client = clientOutcome(c)
  const sandbox = sandboxOutcome(c)
  const distinct = (codes: string[]) => [...new Set(codes)].sort()
  return {
    client: client.available ? [] : distinct(client.misses.map((m) => m.code)),
    sandbox: sandbox.available ? [] : clientCodesOf(sandbox.refusals)
  }
}

/** Nightly rates for [from, from + count), one EUR value each (cycled when fewer are given). */
export function ratesFrom(from: string, count: number, eur: number[]): Record<string, number> {
  const rate: Record<string, number> = {}
  for (let k = 0; k < count; k++) rate[addDays(from, k)] = eur[k % eur.length]
  return rate
}
