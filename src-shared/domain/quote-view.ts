import type { QuoteView } from '../ipc/quotes.schema'
import type { PriceBreakdown } from './pricing'
import type { QuoteCents } from './quote-wire'
import { sentenceDate } from './date-words'
import { fromDayNumber, toDayNumber } from './dates'
import { formatEur } from './money'
import { summarizePrice } from './quote-wire'

/**
 * A quote as the quote calculator shows it, from the service's answer or from the offline
 * estimate, and the fields on which the two disagree: a disagreement is the sign that the
 * offline copy of the listing is stale.
 */

export function quoteView(
  q: QuoteCents,
  extra: Pick<QuoteView, 'discountRule' | 'nightly'> = { discountRule: null, nightly: null }
): QuoteView {
  return {
    beforeDiscountCents: q.rentalRateCents + q.discountCents,
    discountCents: q.discountCents,
    discountRule: extra.discountRule,
    rentalRateCents: q.rentalRateCents,
    cleaningFeeBasis: q.cleaningFeeBasis,
    cleaningCents: q.cleaningCents,
    totalCents: q.totalCents,
    taxes: q.taxes.map((t) => ({ name: t.name, cents: t.cents })),
    localTaxCents: q.localTaxCents,
    securityDepositCents: q.securityDepositCents,
    instalments: q.instalments.map((i) => ({ ...i })),
    bookingType: q.bookingType,
    cancellationPolicyName: q.cancellationPolicyName ?? null,
    cancellation: q.cancellation ?? null,
    nightly: extra.nightly
  }
}

/** The offline estimate of a stay, with each night's rate and the rule behind the discount. */
export function estimateView(price: PriceBreakdown, from: string): QuoteView {
  const start = toDayNumber(from)
  return quoteView(summarizePrice(price), {
    discountRule: price.discount
      ? { kind: price.discount.kind, percent: price.discount.percent }
      : null,
    nightly: price.nightlyCents.map((cents, i) => ({ date: fromDayNumber(start + i), cents }))
  })
}

export interface QuoteDifference {
  field: string
  label: string
  live: string
  offline: string
}

const money = (cents: number | null) => (cents === null ? 'none' : formatEur(cents))
const list = (items: { name: string; cents: number }[]) =>
  items.length === 0 ? 'none' : items.map((t) => `${t.name} ${formatEur(t.cents)}`).join(', ')
/** "deposit €210.00 due Mon, Nov 23, 2026": the date as every sentence writes one. */
const plan = (items: QuoteView['instalments']) =>
  items
    .map((i) => `${i.name} ${formatEur(i.amountCents)} due ${sentenceDate(i.dueDate)}`)
    .join(', ')

const FIELDS: { field: string; label: string; show: (q: QuoteView) => string }[] = [
  { field: 'totalCents', label: 'Total to pay', show: (q) => money(q.totalCents) },
  { field: 'rentalRateCents', label: 'Rental amount', show: (q) => money(q.rentalRateCents) },
  { field: 'discountCents', label: 'Discount', show: (q) => money(q.discountCents) },
  { field: 'cleaningCents', label: 'Cleaning', show: (q) => money(q.cleaningCents) },
  { field: 'cleaningFeeBasis', label: 'Cleaning basis', show: (q) => q.cleaningFeeBasis },
  { field: 'taxes', label: 'Taxes at check-in', show: (q) => list(q.taxes) },
  { field: 'localTaxCents', label: 'Local tax at check-in', show: (q) => money(q.localTaxCents) },
  {
    field: 'securityDepositCents',
    label: 'Security deposit',
    show: (q) => money(q.securityDepositCents)
  },
  { field: 'instalments', label: 'Instalments', show: (q) => plan(q.instalments) },
  { field: 'bookingType', label: 'Booking type', show: (q) => q.bookingType },
  {
    field: 'cancellationPolicyName',
    label: 'Cancellation policy',
    show: (q) => q.cancellationPolicyName ?? 'none'
  }
]

/** Every field the two quotes disagree on, in the order a person reads a quote. */
export function quoteDifferences(live: QuoteView, offline: QuoteView): QuoteDifference[] {
  return FIELDS.flatMap(({ field, label, show }) => {
    const a = show(live)
    const b = show(offline)
    return a === b ? [] : [{ field, label, live: a, offline: b }]
  })
}
