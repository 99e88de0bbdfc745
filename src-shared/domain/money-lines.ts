import type { BookingDetails, DetailInstalment } from '../api/booking.schema'
import { ENDED_STATUSES } from './booking-status'
import { daysBetween, isIsoDate, type IsoDate } from './dates'
import { eurToCents, type Cents } from './money'

/**
 * The one rule for how a price is shown, line by line, on the Quote screen, the booking page and
 * the voucher (spec, Get quote, pricing rules 1 and 2): the rental before the discount, the
 * discount, the rental after it, cleaning with its basis (in the total only when mandatory), and
 * the total. The lines always make the total they end with: what the service's total holds beyond
 * them is a line of its own ("not itemised by the service"), never a silent gap. Then, for a
 * booking, what its instalments say was paid, is still due (and when) and was refunded.
 */

/** The parts of a price as the service states them. */
export interface PriceParts {
  /** The rental after the discount (the quote's rentalRate, the booking's payment.rental). */
  rentalCents: Cents
  /** The discount already deducted from the rental. */
  discountCents: Cents
  cleaningCents: Cents
  /**
   * `mandatory`, `optional`, `included` (a quote states it). Null when not stated (a booking's
   * read): then the service's total tells whether cleaning is in it.
   */
  cleaningBasis: string | null
  /** The total as the service states it; null when it states none (the lines make it then). */
  totalCents: Cents | null
}

type PriceLineKey = 'beforeDiscount' | 'discount' | 'rental' | 'cleaning' | 'other' | 'total'

/** One line of a price: an amount (cents) and what it is. */
export interface PriceLine {
  key: PriceLineKey
  label: string
  cents: Cents
  /** A deduction: shown with a minus sign. */
  minus?: boolean
  /** The rental after the discount: the line above it less the discount, not an addend. */
  subtotal?: boolean
  /** Shown, but not part of the total (optional cleaning). */
  aside?: boolean
  /** The total. */
  total?: boolean
  note?: string
}

/** The service's words for the cleaning basis, and whether cleaning is part of the total. */
export function cleaningLabel(basis: string): string {
  if (basis === 'mandatory') return 'Cleaning (mandatory, in the total)'
  if (basis === 'optional') return 'Cleaning (optional, not in the total)'
  if (basis === 'included') return 'Cleaning (included in the rent)'
  return `Cleaning (${basis})`
}

/**
 * Cleaning's basis when the service does not state it (a booking's read): in the total when the
 * total is rental plus cleaning, not in it when the total is the rental alone. Neither: the
 * larger reading that fits under the total, and the rest is a line of its own.
 */
function judgedBasis(parts: PriceParts): string {
  const { rentalCents: rental, cleaningCents: cleaning, totalCents: total } = parts
  if (cleaning === 0) return 'included'
  if (total === null || total === rental + cleaning) return 'mandatory'
  if (total === rental) return 'optional'
  return total > rental + cleaning ? 'mandatory' : 'optional'
}

export interface PriceLineOptions {
  /** Why the discount is what it is ("Longer-stay discount, 10%"). */
  discountNote?: string
  /** "Total to pay" for a quote; "Total" for a booking, which may be paid already. */
  totalLabel?: string
}

/** The lines that make up the total, top to bottom, ending with the total. */
export function priceLines(parts: PriceParts, options: PriceLineOptions = {}): PriceLine[] {
  const basis = parts.cleaningBasis ?? judgedBasis(parts)
  const cleaningIn = basis === 'mandatory'
  const lines: PriceLine[] = [
    {
      key: 'beforeDiscount',
      label: 'Nightly total before discount',
      cents: parts.rentalCents + parts.discountCents
    }
  ]
  if (parts.discountCents !== 0) {
    lines.push({
      key: 'discount',
      label: 'Discount',
      cents: parts.discountCents,
      minus: true,
      ...(options.discountNote ? { note: options.discountNote } : {})
    })
  }
  lines.push({ key: 'rental', label: 'Rental amount', cents: parts.rentalCents, subtotal: true })
  if (basis !== 'included' || parts.cleaningCents !== 0) {
    lines.push({
      key: 'cleaning',
      label: cleaningLabel(basis),
      cents: parts.cleaningCents,
      ...(cleaningIn ? {} : { aside: true })
    })
  }
  const made = parts.rentalCents + (cleaningIn ? parts.cleaningCents : 0)
  const total = parts.totalCents ?? made
  if (total !== made) {
    lines.push({
      key: 'other',
      label:
        total > made
          ? 'Other charges in the total (not itemised by the service)'
          : 'Deducted in the total (not itemised by the service)',
      cents: Math.abs(total - made),
      ...(total < made ? { minus: true } : {})
    })
  }
  lines.push({ key: 'total', label: options.totalLabel ?? 'Total', cents: total, total: true })
  return lines
}

/** A quote's parts (QuoteView's fields): its cleaning basis is stated. */
export function quotePriceParts(q: {
  rentalRateCents: Cents
  discountCents: Cents
  cleaningCents: Cents
  cleaningFeeBasis: string
  totalCents: Cents
}): PriceParts {
  return {
    rentalCents: q.rentalRateCents,
    discountCents: q.discountCents,
    cleaningCents: q.cleaningCents,
    cleaningBasis: q.cleaningFeeBasis,
    totalCents: q.totalCents
  }
}

const centsOr = (eur: number | null | undefined, or: Cents | null) =>
  eur == null || !Number.isFinite(eur) ? or : eurToCents(eur)

/**
 * A booking's parts, from its read's `payment` (rental after the discount, as the quote's
 * rentalRate). Null when the read carries no amounts at all.
 */
export function bookingPriceParts(payment: BookingDetails['payment']): PriceParts | null {
  if (!payment || (payment.rental == null && payment.amount == null)) return null
  const total = centsOr(payment.amount, null)
  const cleaning = centsOr(payment.cleaning, 0)!
  const discount = centsOr(payment.discount, 0)!
  return {
    // No rental stated: what the total leaves (the lines still make the total).
    rentalCents: centsOr(payment.rental, null) ?? total! - cleaning,
    discountCents: discount,
    cleaningCents: cleaning,
    cleaningBasis: null,
    totalCents: total
  }
}

/** What the addends of `lines` make (each once, with its sign): always the total line's amount. */
export function sumOfLines(lines: readonly PriceLine[]): Cents {
  let sum = 0
  for (const l of lines) {
    if (l.subtotal || l.aside || l.total) continue
    sum += l.minus ? -l.cents : l.cents
  }
  return sum
}

/** An instalment as the money summary needs it. */
export interface InstalmentMoney {
  name: string | null
  amountCents: Cents
  dueDate: string | null
  paid: boolean
  refundedCents: Cents
}

/** Paid when the service says so, or when it states when it was paid. */
export function isPaidInstalment(i: Pick<DetailInstalment, 'status' | 'paidAt'>): boolean {
  return (i.status ?? '').toLowerCase() === 'paid' || !!i.paidAt
}

/** A booking's instalment in cents. */
export function instalmentMoney(i: DetailInstalment): InstalmentMoney {
  return {
    name: i.name ?? null,
    amountCents: centsOr(i.amount, 0)!,
    dueDate: i.dueDate ?? null,
    paid: isPaidInstalment(i),
    refundedCents: centsOr(i.refundedAmount, 0)!
  }
}

/** Unpaid and past its due date (today is not past). A booking the service ended owes nothing. */
export function isOverdue(i: InstalmentMoney, today: IsoDate, ended = false): boolean {
  if (ended || i.paid || !i.dueDate || !isIsoDate(i.dueDate) || !isIsoDate(today)) return false
  return daysBetween(today, i.dueDate) < 0
}

export interface PaymentProgress {
  paidCents: Cents
  refundedCents: Cents
  /** Not paid and still owed; 0 once the service ended the booking. */
  dueCents: Cents
  /** Not paid and no longer owed (the booking ended before it was paid). */
  notOwedCents: Cents
  /** The first unpaid instalment with a due date, while owed. */
  nextDue: { name: string | null; amountCents: Cents; dueDate: string } | null
  overdue: InstalmentMoney[]
}

/** What the instalments add up to: paid, still due (and when), refunded. */
function paymentProgress(
  instalments: readonly InstalmentMoney[],
  today: IsoDate,
  ended: boolean
): PaymentProgress {
  let paidCents = 0
  let refundedCents = 0
  let unpaidCents = 0
  for (const i of instalments) {
    if (i.paid) paidCents += i.amountCents
    else unpaidCents += i.amountCents
    refundedCents += i.refundedCents
  }
  const unpaid = instalments
    .filter((i) => !i.paid && i.dueDate !== null && isIsoDate(i.dueDate))
    .sort((a, b) => (a.dueDate! < b.dueDate! ? -1 : a.dueDate! > b.dueDate! ? 1 : 0))
  const next = ended ? undefined : unpaid[0]
  return {
    paidCents,
    refundedCents,
    dueCents: ended ? 0 : unpaidCents,
    notOwedCents: ended ? unpaidCents : 0,
    nextDue: next
      ? { name: next.name, amountCents: next.amountCents, dueDate: next.dueDate! }
      : null,
    overdue: instalments.filter((i) => isOverdue(i, today, ended))
  }
}

/**
 * A booking's progress: ended (cancelled, expired, declined, completed) owes nothing more, and
 * one awaiting payment is not overdue while its deadline runs.
 */
export function bookingProgress(
  booking: Pick<BookingDetails, 'status' | 'instalments'>,
  today: IsoDate
): PaymentProgress {
  const progress = paymentProgress(
    booking.instalments.map(instalmentMoney),
    today,
    ENDED_STATUSES.includes(booking.status)
  )
  // Awaiting payment, its payment deadline rules it, not the instalments' due dates.
  return booking.status === 'pendingPayment' ? { ...progress, overdue: [] } : progress
}
