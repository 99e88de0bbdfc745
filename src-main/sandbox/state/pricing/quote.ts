import type { Listing, PricedQuoteWire, RateRecord } from '@shared/api'
import { addDays, daysBetween } from '@shared/domain/dates'
import { centsInEur, eurInCents } from './amounts'
import { chargeCents, cleaningCharge, type StayCounts } from './charges'
import { grantDiscount, type GrantedDiscount } from './discounts'
import { paymentPlan, type PlannedPayment } from './instalments'
import { personsOf, stayRefusals, type PublishedStayData, type Refusal } from './stay-rules'

/**
 * POST /v1/quote as the sandbox's service answers it. This is the sandbox's own reading of the
 * spec's pricing rules (Get quote, rules 1-4, and the Rate record's fields), with the choices
 * the spec leaves open taken from docs/pricing.md. It deliberately shares no pricing code with
 * the client (src-shared/domain/pricing.ts and the modules it uses): a client estimate is
 * compared with this answer, and shared code would agree with itself whatever the rule.
 * test/unit/main/sandbox/state/pricing/ holds both to the same answers.
 *
 * Whether a stay may be booked at all (availability, check-in and check-out days, stay
 * limits, guests, notice, published rates) is the sandbox's own stay-rules.ts, likewise.
 */

/** A rate record without its nightly rates: the listing's pricing rules. */
type PricingRules = Omit<RateRecord, 'listingId' | 'rate'>

export interface PricingData {
  listing: Listing
  rules: PricingRules
  /** The published price of the night `date` in EUR, undefined when it has none. */
  nightly(date: string): number | undefined
}

export interface QuoteStay {
  from: string
  to: string
  adults: number
  children?: number
  childrenAges?: number[]
}

/** A priced stay in cents: what the quote reports and a booking keeps. */
export interface StayPrice {
  nights: number
  persons: number
  /** Nightly rates plus additional guests: the amount before discount. */
  beforeDiscountCents: number
  discount: GrantedDiscount | null
  /** Spec rule 1: the amount before discount minus the discount. */
  rentalRateCents: number
  cleaningFeeBasis: string
  cleaningCents: number
  /** Spec rule 2: rentalRate, plus cleaning only when mandatory; rule 3: never a tax. */
  totalCents: number
  taxes: { name: string; cents: number }[]
  localTaxCents: number | null
  securityDepositCents: number
  instalments: PlannedPayment[]
  bookingType: string
  cancellationPolicyName?: string
  cancellation?: string
}

/** Refused with every rule broken (the wire carries their reasons only), or priced. */
export type QuoteOutcome =
  { available: false; refusals: Refusal[] } | { available: true; price: StayPrice }

/** The unavailable answer on the wire: `available: false` and the reasons. */
export function wireRefusal(refusals: readonly Refusal[]): { available: false; reasons: string[] } {
  return { available: false, reasons: refusals.map((r) => r.reason) }
}

function nightsOf(from: string, to: string): string[] {
  const out: string[] = []
  for (let k = 0; k < daysBetween(from, to); k++) out.push(addDays(from, k))
  return out
}

/**
 * Guests charged as additional: the listing sleeps maxGuest, of whom additionalGuests.amount
 * are additional places, each at additionalGuests.price a night. More persons than maxGuest
 * are refused by the stay rules, so at most `amount` places are ever charged.
 */
function additionalGuests(data: PricingData, persons: number): number {
  const extra = data.rules.additionalGuests
  const sleeps = data.listing.maxGuest
  if (!extra || sleeps === undefined || extra.amount <= 0) return 0
  const included = Math.max(0, sleeps - extra.amount)
  return Math.max(0, Math.min(persons, sleeps) - included)
}

/** The policy's published texts as one paragraph, each a sentence ending in . ! or ?. */
function cancellationParagraph(listing: Listing): string | undefined {
  const sentences: string[] = []
  for (const item of listing.cancellationPolicy?.textList ?? []) {
    const text = (item.value ?? '').trim()
    if (text === '') continue
    sentences.push('.!?'.includes(text.slice(-1)) ? text : `${text}.`)
  }
  return sentences.length ? sentences.join(' ') : undefined
}

/**
 * The price of a stay whose every night has a rate; `today` is the quote's today (lead days
 * for the discounts, due dates of the payment plan). Throws RangeError for a stay without
 * nights or a night without a rate; the stay rules are quoteOf's.
 */
export function priceOf(data: PricingData, stay: QuoteStay, today: string): StayPrice {
  const { listing, rules } = data
  const nights = nightsOf(stay.from, stay.to)
  if (nights.length === 0) throw new RangeError(`no nights from ${stay.from} to ${stay.to}`)
  let rentCents = 0
  for (const night of nights) {
    const eur = data.nightly(night)
    if (eur === undefined) throw new RangeError(`no rate on ${night}`)
    rentCents += eurInCents(eur)
  }
  const persons = personsOf(stay)
  const extraCents =
    additionalGuests(data, persons) * eurInCents(rules.additionalGuests?.price ?? 0) * nights.length
  const beforeDiscountCents = rentCents + extraCents
  const leadDays = daysBetween(today, stay.from)
  const discount = grantDiscount(rules, { nights, leadDays }, beforeDiscountCents)
  const rentalRateCents = beforeDiscountCents - (discount?.cents ?? 0)

  const cleaning = cleaningCharge(rules.cleaning ?? listing.cleaning)
  const totalCents = rentalRateCents + (cleaning.basis === 'mandatory' ? cleaning.cents : 0)

  const counts: StayCounts = {
    nights: nights.length,
    persons,
    adults: stay.adults,
    rentalRateCents
  }
  const localTax = rules.localTax ?? listing.localTax
  const price: StayPrice = {
    nights: nights.length,
    persons,
    beforeDiscountCents,
    discount,
    rentalRateCents,
    cleaningFeeBasis: cleaning.basis,
    cleaningCents: cleaning.cents,
    totalCents,
    taxes: (rules.taxes ?? listing.taxes ?? []).map((t) => ({
      name: t.name,
      cents: chargeCents(t, counts)
    })),
    localTaxCents: localTax ? chargeCents(localTax, counts) : null,
    securityDepositCents: eurInCents(rules.securityDeposit ?? listing.securityDeposit ?? 0),
    instalments: paymentPlan(totalCents, today, stay.from),
    bookingType: listing.bookingType ?? 'instant'
  }
  const policyName = listing.cancellationPolicy?.name
  if (policyName !== undefined) price.cancellationPolicyName = policyName
  const cancellation = cancellationParagraph(listing)
  if (cancellation !== undefined) price.cancellation = cancellation
  return price
}

/** The calendar a quote reads besides the prices: day records and the windows' ends. */
export type QuoteCalendar = Omit<PublishedStayData, 'nightly'>

/** The quote's outcome: unavailable with every rule the stay breaks, or the price. */
export function quoteOf(
  data: PricingData,
  calendar: QuoteCalendar,
  stay: QuoteStay,
  today: string
): QuoteOutcome {
  const refusals = stayRefusals(data.listing, { ...calendar, nightly: data.nightly }, stay, today)
  if (refusals.length > 0) return { available: false, refusals }
  return { available: true, price: priceOf(data, stay, today) }
}

/** The priced answer on the wire: EUR numbers with two decimals at most. */
export function wireQuote(price: StayPrice): PricedQuoteWire {
  const wire: PricedQuoteWire = {
    rentalRate: centsInEur(price.rentalRateCents),
    discount: centsInEur(price.discount?.cents ?? 0),
    bookingType: price.bookingType,
    taxes: price.taxes.map((t) => ({ name: t.name, fee: centsInEur(t.cents) })),
    cleaningFeeBasis: price.cleaningFeeBasis,
    cleaning: centsInEur(price.cleaningCents),
    securityDeposit: centsInEur(price.securityDepositCents),
    guestPaymentInstallments: price.instalments.map((i) => ({
      name: i.name,
      amount: centsInEur(i.amountCents),
      dueDate: i.dueDate
    }))
  }
  if (price.localTaxCents !== null) wire.localTax = centsInEur(price.localTaxCents)
  if (price.cancellation !== undefined) wire.cancellation = price.cancellation
  if (price.cancellationPolicyName !== undefined) {
    wire.cancellationPolicyName = price.cancellationPolicyName
  }
  return wire
}
