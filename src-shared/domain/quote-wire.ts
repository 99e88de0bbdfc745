import type { z } from 'zod'
import type { PricedQuote } from '../api/quote.schema'
import type { IsoDate } from './dates'
import { centsToEur, eurToCents, type Cents } from './money'
import type { PriceBreakdown } from './pricing'

/**
 * The service's priced quote on the wire (EUR floats) and back to cents. The wire carries less
 * than a PriceBreakdown (no nightly rates, no tax bases, no local-tax name), so the common
 * ground of both directions is QuoteCents: what a client can know from a service quote.
 */

export interface QuoteCents {
  rentalRateCents: Cents
  discountCents: Cents
  cleaningFeeBasis: string
  cleaningCents: Cents
  /** rentalRate + cleaning when mandatory (spec rule 2); taxes never (rule 3). */
  totalCents: Cents
  taxes: { name: string; cents: Cents }[]
  localTaxCents: Cents | null
  securityDepositCents: Cents
  instalments: { name: string; amountCents: Cents; dueDate: IsoDate }[]
  bookingType: string
  cancellation?: string
  cancellationPolicyName?: string
}

type PricedQuoteWire = z.input<typeof PricedQuote>

export function toWireQuote(price: PriceBreakdown): PricedQuoteWire {
  const wire: PricedQuoteWire = {
    rentalRate: centsToEur(price.rentalRateCents),
    discount: centsToEur(price.discount?.cents ?? 0),
    bookingType: price.bookingType,
    taxes: price.taxes.map((t) => ({ name: t.name, fee: centsToEur(t.cents) })),
    cleaningFeeBasis: price.cleaningFeeBasis,
    cleaning: centsToEur(price.cleaningCents),
    securityDeposit: centsToEur(price.securityDepositCents),
    guestPaymentInstallments: price.instalments.map((i) => ({
      name: i.name,
      amount: centsToEur(i.amountCents),
      dueDate: i.dueDate
    }))
  }
  // Optional members are left out rather than sent as null/undefined: the spec marks localTax
  // optional, and JSON has no undefined anyway.
  if (price.localTax) wire.localTax = centsToEur(price.localTax.cents)
  if (price.cancellation !== undefined) wire.cancellation = price.cancellation
  if (price.cancellationPolicyName !== undefined) {
    wire.cancellationPolicyName = price.cancellationPolicyName
  }
  return wire
}

/** Cents from a parsed service quote; the total is derived by the spec's rules, not sent. */
export function fromWireQuote(q: PricedQuote): QuoteCents {
  const rentalRateCents = eurToCents(q.rentalRate)
  const cleaningCents = eurToCents(q.cleaning)
  const out: QuoteCents = {
    rentalRateCents,
    discountCents: eurToCents(q.discount),
    cleaningFeeBasis: q.cleaningFeeBasis,
    cleaningCents,
    totalCents: rentalRateCents + (q.cleaningFeeBasis === 'mandatory' ? cleaningCents : 0),
    taxes: q.taxes.map((t) => ({ name: t.name, cents: eurToCents(t.fee) })),
    localTaxCents: q.localTax === undefined ? null : eurToCents(q.localTax),
    securityDepositCents: eurToCents(q.securityDeposit ?? 0),
    instalments: q.guestPaymentInstallments.map((i) => ({
      name: i.name,
      amountCents: eurToCents(i.amount),
      dueDate: i.dueDate
    })),
    bookingType: q.bookingType
  }
  if (q.cancellation !== undefined) out.cancellation = q.cancellation
  if (q.cancellationPolicyName !== undefined) out.cancellationPolicyName = q.cancellationPolicyName
  return out
}

/** The QuoteCents view of a local price, to compare it with a service quote. */
export function summarizePrice(price: PriceBreakdown): QuoteCents {
  const out: QuoteCents = {
    rentalRateCents: price.rentalRateCents,
    discountCents: price.discount?.cents ?? 0,
    cleaningFeeBasis: price.cleaningFeeBasis,
    cleaningCents: price.cleaningCents,
    totalCents: price.totalCents,
    taxes: price.taxes.map((t) => ({ name: t.name, cents: t.cents })),
    localTaxCents: price.localTax?.cents ?? null,
    securityDepositCents: price.securityDepositCents,
    instalments: price.instalments.map((i) => ({ ...i })),
    bookingType: price.bookingType
  }
  if (price.cancellation !== undefined) out.cancellation = price.cancellation
  if (price.cancellationPolicyName !== undefined) {
    out.cancellationPolicyName = price.cancellationPolicyName
  }
  return out
}
