import {
  toServiceDateTime,
  type BookingCreated,
  type BookingRequest,
  type CancellationResult,
  type CancelledBy,
  type DetailInstalment,
  type Guest
} from '@shared/api'
import { daysBetween } from '@shared/domain/dates'
import { centsToEur, percentOf } from '@shared/domain/money'
import type { z } from 'zod'
import type { Caller } from '../types'
import type { CardOutcome } from './cards'
import type { ListingState } from './portfolio'
import { policyByName, tierFor } from './policies'
import type { StayPrice } from './pricing/quote'

/**
 * Booking records and the answers built from them. The store decides transitions and holds
 * nights; this module keeps the money straight (instalments, payments, refunds).
 */

/**
 * Statuses from which a cancellation is accepted; every other state answers 409. `coolOff` is
 * the short period after booking in which a guest may still withdraw, so it is cancellable too.
 */
export const CANCELLABLE = new Set(['confirmed', 'pendingPayment', 'pendingConfirm', 'coolOff'])
/** Statuses whose nights are free again: the booking no longer holds the calendar. */
export const RELEASED = new Set([
  'expired',
  'declined',
  'cancelled',
  'cancelledByGuest',
  'cancelledByPm',
  'cancelledByYR'
])
/** The guest can pay an unpaid booking for this long (spec: until expiresAt). */
export const PAYMENT_PERIOD_MS = 24 * 3_600_000
const PAYMENT_PROVIDER = 'Sandbox Payments'

interface InstalmentState {
  id: number
  name: string
  amountCents: number
  dueDate: string
  status: 'init' | 'paid'
  paymentReference: string
  paidAt?: string
  cardType?: string
  transaction?: string
  refundedCents?: number
  refundedAt?: string
}

export interface BookingState {
  id: string
  listingId: number
  channel: string
  merchantOfRecord: 'service' | 'channel'
  salesBrand?: string
  ownReference?: string
  status: string
  /** Outcome of the latest payment attempt: `failure` after a declined card. */
  lastPayment: 'pending' | 'success' | 'failure'
  from: string
  to: string
  adults: number
  children?: number
  childrenAges?: number[]
  guest: Guest & { id: string }
  notes?: string
  createdMs: number
  expiresAtMs?: number
  price: StayPrice
  instalments: InstalmentState[]
  /** Never the number or CVC: brand and last four digits are all a receipt needs. */
  card?: { brand: string; last4: string }
  /** How the booking ended: a cancellation by either party, the service or the channel, or a decline. */
  cancellation?: {
    at: string
    by: CancelledBy | 'service' | 'channel'
    reason: string
    message: string
    paymentStatus: string
  }
}

export type CreatedAnswer = z.input<typeof BookingCreated>

const PAYMENT_INSTRUCTIONS = {
  bankCode: '37040044',
  bankAccountCountry: 'DE',
  accountName: 'Holiday Rentals Distribution Service (sandbox)',
  iban: 'DE89370400440532013000',
  branchAddress: 'Sandboxstraße 1, 10115 Berlin',
  bankName: 'Sandbox Demo Bank',
  accountNumber: '0532013000',
  bankAccountCurrency: 'EUR',
  swift: 'COBADEFFXXX',
  checkDigits: 89
}

/** A new booking record, still `pendingPayment`: the store settles payment and status. */
export function newBooking(
  id: string,
  caller: Pick<Caller, 'merchantOfRecord'>,
  channel: string,
  req: BookingRequest,
  price: StayPrice,
  createdMs: number,
  nextInstalmentId: () => number
): BookingState {
  const optional = <K extends 'salesBrand' | 'ownReference' | 'children' | 'notes'>(key: K) =>
    req[key] !== undefined ? { [key]: req[key] } : {}
  return {
    id,
    listingId: req.listingId,
    channel,
    merchantOfRecord: caller.merchantOfRecord,
    ...optional('salesBrand'),
    ...optional('ownReference'),
    ...optional('children'),
    ...optional('notes'),
    ...(req.childrenAges !== undefined ? { childrenAges: [...req.childrenAges] } : {}),
    status: 'pendingPayment',
    lastPayment: 'pending',
    from: req.from,
    to: req.to,
    adults: req.adults,
    guest: { ...req.guest, id: `G${id.slice(2)}` },
    createdMs,
    price,
    instalments: planInstalmentStates(id, price, nextInstalmentId)
  }
}

function planInstalmentStates(
  bookingId: string,
  price: StayPrice,
  nextId: () => number
): InstalmentState[] {
  return price.instalments.map((p, i) => ({
    id: nextId(),
    name: p.name,
    amountCents: p.amountCents,
    dueDate: p.dueDate,
    status: 'init',
    paymentReference: `${bookingId}-${i + 1}`
  }))
}

/**
 * An accepted card pays what is due by `today` (the deposit or the full amount); a balance
 * due later stays `init`, which is why a confirmed booking can still answer `pending`.
 */
export function applyCard(b: BookingState, card: CardOutcome, nowMs: number, today: string): void {
  b.card = { brand: card.brand, last4: card.last4 }
  if (!card.accepted) {
    b.lastPayment = 'failure'
    return
  }
  const paidAt = new Date(nowMs).toISOString()
  b.instalments.forEach((inst, i) => {
    if (inst.status === 'paid' || (i > 0 && inst.dueDate > today)) return
    Object.assign(inst, {
      status: 'paid',
      paidAt,
      cardType: card.brand,
      transaction: `txn_${b.id}_${inst.id}`
    })
  })
  b.lastPayment = b.instalments.every((i) => i.status === 'paid') ? 'success' : 'pending'
}

export function paidCents(b: BookingState): number {
  return b.instalments.reduce((sum, i) => sum + (i.status === 'paid' ? i.amountCents : 0), 0)
}

function createdInstalments(b: BookingState) {
  return b.instalments.map((i) => ({
    id: i.id,
    amount: centsToEur(i.amountCents),
    dueDate: i.dueDate,
    status: i.status,
    currency: 'EUR',
    paymentReference: i.paymentReference
  }))
}

export function createdAnswer(b: BookingState): CreatedAnswer {
  const paymentUrl = `/pay/${b.id}`
  const expiresAt =
    b.expiresAtMs !== undefined ? { expiresAt: toServiceDateTime(b.expiresAtMs) } : {}
  if (b.merchantOfRecord === 'channel') {
    return {
      bookingId: b.id,
      status: b.status,
      paymentStatus: b.lastPayment,
      paymentUrl,
      ...expiresAt
    }
  }
  return {
    bookingId: b.id,
    status: b.status,
    paymentStatus: b.lastPayment,
    confirmationUrl: `/confirmation/${b.id}`,
    paymentUrl,
    instalments: createdInstalments(b),
    paymentInstructions: { ...PAYMENT_INSTRUCTIONS },
    ...expiresAt
  }
}

export function detailInstalments(b: BookingState): z.input<typeof DetailInstalment>[] {
  return b.instalments.map((i) => ({
    paymentCardType: i.cardType ?? null,
    amount: centsToEur(i.amountCents),
    paymentProvider: PAYMENT_PROVIDER,
    dueDate: i.dueDate,
    name: i.name,
    paidAt: i.paidAt ?? null,
    id: i.id,
    paymentTransaction: i.transaction ?? null,
    status: i.status,
    paymentReference: i.paymentReference,
    refundedAmount: i.refundedCents !== undefined ? centsToEur(i.refundedCents) : null,
    refundedAt: i.refundedAt ?? null
  }))
}

/**
 * Refunds `percent` of every paid instalment at `at` (ISO) and answers the resulting
 * paymentStatus: `cancelled` (nothing was paid), `refunded`, `partialPaid` or `paid`.
 */
export function refundPaid(b: BookingState, percent: number, at: string): string {
  let paid = 0
  let refunded = 0
  for (const inst of b.instalments) {
    if (inst.status !== 'paid') continue
    const cents = percentOf(inst.amountCents, percent)
    paid += inst.amountCents
    refunded += cents
    inst.refundedCents = cents
    if (cents > 0) inst.refundedAt = at
  }
  if (paid === 0) return 'cancelled'
  return refunded === paid ? 'refunded' : refunded > 0 ? 'partialPaid' : 'paid'
}

/** The guest's refund in percent for a cancellation on `day`: the listing's policy tier. */
export function guestRefundPercent(b: BookingState, ls: ListingState, day: string): number {
  return tierFor(policyByName(ls.listing.cancellationPolicy?.name), daysBetween(day, b.from))
    .percent
}

/**
 * Guests get the policy tier for the days left before check-in; a property-manager
 * cancellation refunds everything, since the guest is not the one stepping back.
 */
export function cancelBooking(
  b: BookingState,
  ls: ListingState,
  by: CancelledBy,
  reason: string,
  message: string,
  nowMs: number,
  today: string
): z.input<typeof CancellationResult> {
  const at = new Date(nowMs).toISOString()
  const percent = by === 'pm' ? 100 : guestRefundPercent(b, ls, today)
  const paymentStatus = refundPaid(b, percent, at)
  b.status = by === 'guest' ? 'cancelledByGuest' : 'cancelledByPm'
  b.expiresAtMs = undefined
  b.cancellation = { at, by, reason, message, paymentStatus }
  return {
    id: b.id,
    status: b.status,
    cancelledAt: at,
    cancelledReason: reason,
    cancelledMessage: message,
    paymentStatus,
    instalments: detailInstalments(b)
  }
}
