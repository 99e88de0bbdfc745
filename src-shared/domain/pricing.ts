import type { Listing } from '../api/listing.schema'
import type { RateRecord } from '../api/rate.schema'
import { daysBetween, eachNight, type IsoDate } from './dates'
import { discountTables, pickDiscount, type DiscountKind, type DiscountTables } from './discounts'
import { cleaningCharge, feeLine, type FeeCounts, type FeeLine } from './fees'
import { planInstalments } from './instalments'
import { eurToCents, sumCents, type Cents } from './money'
import {
  checkStayRules,
  formatDates,
  noRateMiss,
  personsOf,
  type DayLookup,
  type StayMiss,
  type StayRequest
} from './stay-rules'

/**
 * The price of a stay from a listing and its rate record, computed the way the service's quote
 * reports it (spec, Get quote, Pricing rules 1-4). All amounts are integer cents; every choice
 * the spec leaves open is documented with a worked example in docs/pricing.md.
 */

export interface PriceBreakdown {
  nights: number
  persons: number
  /** Base nightly rate per night, in stay order. */
  nightlyCents: Cents[]
  /** Sum of the nightly rates. */
  baseRentCents: Cents
  /** Extra-guest charges for the whole stay. */
  additionalGuestCents: Cents
  discount: { kind: DiscountKind; percent: number; cents: Cents } | null
  /** baseRent + additionalGuest - discount (spec rule 1). */
  rentalRateCents: Cents
  cleaningFeeBasis: string
  cleaningCents: Cents
  taxes: FeeLine[]
  localTax: FeeLine | null
  securityDepositCents: Cents
  /** rentalRate, plus cleaning only when it is mandatory (spec rule 2); never taxes (rule 3). */
  totalCents: Cents
  /** Adds up to totalCents exactly. */
  instalments: { name: string; amountCents: Cents; dueDate: IsoDate }[]
  bookingType: string
  cancellationPolicyName?: string
  cancellation?: string
}

export interface PriceInput {
  listing: Listing
  rates: RateRecord
  stay: StayRequest
  today: IsoDate
}

export type QuoteOutcome =
  { available: false; misses: StayMiss[] } | { available: true; price: PriceBreakdown }

/** Nights of the stay that have no entry in the rate record (e.g. beyond its one-year window). */
function nightsWithoutRate(rates: RateRecord, from: IsoDate, to: IsoDate): IsoDate[] {
  return eachNight(from, to).filter((d) => !Object.hasOwn(rates.rate, d))
}

/**
 * Number of persons charged as additional guests. Included occupancy is maxGuest minus
 * additionalGuests.amount; persons above maxGuest are a stay-rule miss, never priced, so the
 * count is capped at `amount`.
 */
export function additionalGuestCount(
  listing: Listing,
  rates: Pick<RateRecord, 'additionalGuests'>,
  persons: number
): number {
  const extra = rates.additionalGuests
  if (!extra || extra.amount <= 0 || listing.maxGuest === undefined) return 0
  const included = Math.max(listing.maxGuest - extra.amount, 0)
  return Math.min(Math.max(persons - included, 0), extra.amount)
}

/** The policy's texts as one readable paragraph: each text a sentence, in the listed order. */
function cancellationText(listing: Listing): string | undefined {
  const texts = (listing.cancellationPolicy?.textList ?? [])
    .map((t) => (t.value ?? '').trim())
    .filter((t) => t.length > 0)
    .map((t) => (/[.!?]$/.test(t) ? t : `${t}.`))
  return texts.length > 0 ? texts.join(' ') : undefined
}

/**
 * The part of a price that decides what the guest pays: nightly rent, additional guests, the
 * one discount, and the total (rental rate plus cleaning only when mandatory; never taxes).
 * priceStay builds the full breakdown on it; the offline search calls it alone for thousands
 * of listings, where the taxes, instalments and texts would be wasted work.
 */
export function stayTotal(
  listing: Listing,
  rules: Omit<RateRecord, 'rate' | 'listingId'>,
  nightlyCents: Cents[],
  nights: IsoDate[],
  persons: number,
  leadDays: number,
  /** The rules' discount tables, when the caller keeps them (the search's pricing cache). */
  discounts: DiscountTables = discountTables(rules)
) {
  const baseRentCents = sumCents(nightlyCents)
  const extraGuests = additionalGuestCount(listing, rules, persons)
  const additionalGuestCents = extraGuests
    ? eurToCents(rules.additionalGuests?.price ?? 0) * extraGuests * nightlyCents.length
    : 0
  const discount = pickDiscount(discounts, nights, leadDays, baseRentCents + additionalGuestCents)
  const rentalRateCents = baseRentCents + additionalGuestCents - (discount?.cents ?? 0)
  const cleaning = cleaningCharge(rules.cleaning ?? listing.cleaning)
  const totalCents = rentalRateCents + (cleaning.basis === 'mandatory' ? cleaning.cents : 0)
  return { baseRentCents, additionalGuestCents, discount, rentalRateCents, cleaning, totalCents }
}

/** Prices the stay as asked, without checking stay rules (quoteStay does both). */
export function priceStay(input: PriceInput): PriceBreakdown {
  const { listing, rates, stay, today } = input
  const dates = eachNight(stay.from, stay.to)
  if (dates.length === 0) {
    throw new RangeError(`a stay needs at least one night: ${stay.from} to ${stay.to}`)
  }
  const missing = nightsWithoutRate(rates, stay.from, stay.to)
  if (missing.length > 0) throw new RangeError(`no rate for ${formatDates(missing)}`)

  const nights = dates.length
  const persons = personsOf(stay)
  const nightlyCents = dates.map((d) => eurToCents(rates.rate[d]))
  const { baseRentCents, additionalGuestCents, discount, rentalRateCents, cleaning, totalCents } =
    stayTotal(listing, rates, nightlyCents, dates, persons, daysBetween(today, stay.from))
  const counts: FeeCounts = { nights, persons, adults: stay.adults, rentalRateCents }
  const taxes = (rates.taxes ?? listing.taxes ?? []).map((t) => feeLine(t, counts))
  const localTaxFee = rates.localTax ?? listing.localTax
  const localTax = localTaxFee ? feeLine(localTaxFee, counts) : null

  const price: PriceBreakdown = {
    nights,
    persons,
    nightlyCents,
    baseRentCents,
    additionalGuestCents,
    discount,
    rentalRateCents,
    cleaningFeeBasis: cleaning.basis,
    cleaningCents: cleaning.cents,
    taxes,
    localTax,
    securityDepositCents: eurToCents(rates.securityDeposit ?? listing.securityDeposit ?? 0),
    totalCents,
    instalments: planInstalments(totalCents, today, stay.from),
    bookingType: listing.bookingType ?? 'instant'
  }
  const policyName = listing.cancellationPolicy?.name
  if (policyName !== undefined) price.cancellationPolicyName = policyName
  const cancellation = cancellationText(listing)
  if (cancellation !== undefined) price.cancellation = cancellation
  return price
}

/**
 * What POST /v1/quote answers: every stay-rule miss plus 'no-rate' for nights without a rate,
 * or the price when nothing is missed.
 */
export function quoteStay(input: PriceInput & { days: DayLookup }): QuoteOutcome {
  const { listing, rates, stay, today, days } = input
  const misses = checkStayRules(listing, days, stay, today)
  const noRate = nightsWithoutRate(rates, stay.from, stay.to)
  if (noRate.length > 0) misses.push(noRateMiss(noRate))
  if (misses.length > 0) return { available: false, misses }
  return { available: true, price: priceStay(input) }
}
