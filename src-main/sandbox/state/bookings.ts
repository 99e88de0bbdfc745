import type { CancelledBy, DetailInstalment, Guest } from '@shared/api'
import { toServiceDateTime } from '@shared/api'
import type { BookingDetailsWire } from '@shared/api'
import { daysBetween } from '@shared/domain/dates'
import { centsToEur, percentOf } from '@shared/domain/money'
import type { PriceBreakdown } from '@shared/domain/pricing'
import type { z } from 'zod'
import type { BookingCreated, CancellationResult } from '@shared/api'
import type { CardOutcome } from './cards'
import type { ListingState } from './portfolio'
import { policyByName, policyTextList, tierFor } from './policies'

/**
 * Booking records and the answers built from them. The store decides transitions and holds
 * nights; this module keeps the money straight (instalments, payments, refunds).
 */

/** Statuses from which a cancellation is accepted; every other state answers 409. */
export const CANCELLABLE = new Set(['confirmed', 'pendingPayment', 'pendingConfirm'])
/** The guest can pay an unpaid booking for this long (spec: until expiresAt). */
export const PAYMENT_PERIOD_MS = 24 * 3_600_000
export const PAYMENT_PROVIDER = 'Sandbox Payments'

export interface InstalmentState {
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
  price: PriceBreakdown
  instalments: InstalmentState[]
  /** Never the number or CVC: brand and last four digits are all a receipt needs. */
  card?: { brand: string; last4: string }
  cancellation?: {
    at: string
    by: CancelledBy
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

export function planInstalmentStates(
  bookingId: string,
  price: PriceBreakdown,
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

function detailInstalments(b: BookingState): z.input<typeof DetailInstalment>[] {
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
  const percent =
    by === 'pm'
      ? 100
      : tierFor(policyByName(ls.listing.cancellationPolicy?.name), daysBetween(today, b.from))
          .percent
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
  const paymentStatus =
    paid === 0
      ? 'cancelled'
      : refunded === paid
        ? 'refunded'
        : refunded > 0
          ? 'partialPaid'
          : 'paid'
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

function detailsPaymentStatus(b: BookingState): string {
  if (b.cancellation) return b.cancellation.paymentStatus
  const paid = paidCents(b)
  if (paid === 0) return b.lastPayment === 'failure' ? 'failure' : 'pending'
  return paid === b.price.totalCents ? 'paid' : 'partialPaid'
}

export function bookingDetails(
  b: BookingState,
  ls: ListingState,
  today: string
): BookingDetailsWire {
  const { listing, place } = ls
  const loc = listing.location ?? {}
  const policy = policyByName(listing.cancellationPolicy?.name)
  // The tier shown is the one that applies now (or applied when the booking was cancelled).
  const refundDay = b.cancellation ? b.cancellation.at.slice(0, 10) : today
  const tier = tierFor(policy, daysBetween(refundDay, b.from))
  const firstPaid = b.instalments.find((i) => i.paidAt)
  return {
    id: b.id,
    status: b.status,
    salesChannel: b.channel,
    salesBrand: b.salesBrand ?? null,
    guest: { ...b.guest },
    checkIn: { date: b.from, time: listing.instructions?.checkIn },
    checkOut: { date: b.to, time: listing.instructions?.checkOut },
    adults: b.adults,
    propertyAddress: {
      zip: loc.zip,
      country: loc.country,
      rentalLicenseNumber: loc.rentalLicenseNumber,
      address: loc.address,
      city: loc.city,
      placeId: `sandbox-place-${listing.id}`,
      number: loc.en?.number,
      countryISO: loc.countryISO,
      street: loc.en?.street,
      region: loc.region,
      latitude: loc.latitude,
      longitude: loc.longitude,
      en: { ...loc.en }
    },
    propertyManagerName: ls.propertyManager,
    instructions: {
      closestAirportsList: [
        {
          name: place.airport.name,
          country: place.countryEn,
          iata: place.airport.iata,
          distance: place.airport.distanceKm,
          city: place.airport.city
        }
      ],
      checkinContact: `${ls.propertyManager}, reception`,
      collectionPoint: 'Key box at the entrance; the code is sent 24 hours before arrival',
      checkIn: listing.instructions?.checkIn,
      checkOut: listing.instructions?.checkOut,
      phone: {
        country: place.countryISO,
        number: 5550100 + (listing.id % 100),
        code: place.phoneCode
      }
    },
    payment: {
      currency: 'EUR',
      rental: centsToEur(b.price.rentalRateCents),
      cleaning: centsToEur(b.price.cleaningCents),
      discount: centsToEur(b.price.discount?.cents ?? 0),
      amount: centsToEur(b.price.totalCents),
      paymentDate: firstPaid?.paidAt ? toServiceDateTime(Date.parse(firstPaid.paidAt)) : null,
      extrasAndServices: []
    },
    instalments: detailInstalments(b),
    cancellationPolicy: {
      name: policy.name,
      listText: policyTextList(policy).map((t) => t.value),
      refund: { dayPeriod: tier.minDaysBefore, percentage: tier.percent }
    },
    paymentStatus: detailsPaymentStatus(b)
  }
}
