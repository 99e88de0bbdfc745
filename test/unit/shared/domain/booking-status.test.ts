import { describe, expect, it } from 'vitest'
import { BOOKING_STATUSES, PAYMENT_STATUSES } from '@shared/api/booking.schema'
import {
  bookingStatusLabel,
  isKnownBookingStatus,
  paymentStatusLabel,
  statusTone
} from '@shared/domain/booking-status'

describe('booking and payment statuses in words', () => {
  it('names every status the spec lists in plain words, never the code itself', () => {
    for (const s of BOOKING_STATUSES) expect(bookingStatusLabel(s), s).not.toBe(s)
    for (const s of PAYMENT_STATUSES) expect(paymentStatusLabel(s), s).not.toBe(s)
    expect(bookingStatusLabel('cancelledByGuest')).toBe('Cancelled by the guest')
    expect(paymentStatusLabel('partialPaid')).toBe('Partly paid')
  })

  it('shows a status the service adds later verbatim, in a neutral tone, never as an error', () => {
    expect(bookingStatusLabel('awaitingOwnerReview')).toBe('awaitingOwnerReview')
    expect(paymentStatusLabel('chargeback')).toBe('chargeback')
    expect(isKnownBookingStatus('awaitingOwnerReview')).toBe(false)
    expect(statusTone('awaitingOwnerReview')).toBe('unknown')
    // Names of Object.prototype are statuses like any other, not labels.
    expect(bookingStatusLabel('constructor')).toBe('constructor')
    expect(isKnownBookingStatus('toString')).toBe(false)
  })
})
