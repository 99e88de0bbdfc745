import type { BookingRequest, CancelRequest, CancelledBy, PayRequest, PayResult } from '@shared/api'
import { fromDayNumber } from '@shared/domain/dates'
import { SandboxError, type Caller, type SandboxStore } from '../types'
import { bookingDetails } from './booking-details'
import {
  CANCELLABLE,
  PAYMENT_PERIOD_MS,
  RELEASED,
  applyCard,
  cancelBooking,
  createdAnswer,
  newBooking,
  type BookingState
} from './bookings'
import { chargeCard } from './cards'
import type { SandboxClock } from './clock'
import type { ListingState } from './portfolio'
import type { QuoteOutcome, QuoteStay } from './pricing/quote'

/**
 * The booking state machine: create, pay, cancel, read, and the expiry of unpaid bookings.
 * The store supplies listings, quotes and the holding of nights; money is in bookings.ts.
 */

const NOT_VALID = 'booking state is not valid for this request'

export interface BookingDeskDeps {
  seed: number
  clock: SandboxClock
  /** The listing, or a 404 SandboxError. */
  known(id: number): ListingState
  /** The sandbox's own quote (pricing/quote.ts): bookings are priced as the quote answers. */
  quote(ls: ListingState, stay: QuoteStay): QuoteOutcome
  /**
   * Marks the booking's nights booked (or frees them) and, unless `record` is false, records the
   * availability change.
   */
  holdNights(b: BookingState, hold: boolean, record?: boolean): void
}

export type BookingDesk = Pick<SandboxStore, 'createBooking' | 'pay' | 'cancel' | 'readBooking'> & {
  /** Unpaid bookings past their payment period expire and free their nights. */
  expire(): void
  /**
   * Files a booking built outside the desk (the demo bookings). It takes the desk's next booking
   * id, so ids handed out later never collide with it; its nights are held unless its status
   * released them, without recording a change (it is part of the starting state); its own
   * reference is taken; and if it waits for payment, it expires like any other.
   */
  file(make: (id: string, nextInstalmentId: () => number) => BookingState): BookingState
  /** The desk's own record (read it, never change it). */
  get(id: string): BookingState | undefined
  /** Bookings whose stay covers `day` (a day number) and whose status still holds nights. */
  covering(listingId: number, day: number): BookingState[]
}

export function createBookingDesk(deps: BookingDeskDeps): BookingDesk {
  const { clock, known } = deps
  const bookings = new Map<string, BookingState>()
  /** `channel\nownReference` → booking id; a reference stays taken for good. */
  const byOwnReference = new Map<string, string>()
  const awaitingPayment = new Set<string>()
  let bookingSeq = 0
  let instalmentSeq = 0
  const today = (): string => fromDayNumber(clock.todayDay())

  /**
   * 'SB' + 8 digits. A prime stride spreads ids over the range, so they look like the service's
   * and a client cannot lean on them being consecutive; the stride never repeats within 90M.
   */
  function nextBookingId(): string {
    bookingSeq++
    return `SB${10_000_000 + ((deps.seed * 7919 + bookingSeq * 104_729) % 90_000_000)}`
  }

  /** A booking the caller may act on: made through its channel (or for it, by a channel manager). */
  function findBooking(caller: Caller, key: string, channel: string): BookingState | undefined {
    const b = bookings.get(key) ?? bookings.get(byOwnReference.get(`${channel}\n${key}`) ?? '')
    return b && (b.channel === channel || b.channel === caller.channel) ? b : undefined
  }

  return {
    expire() {
      if (awaitingPayment.size === 0) return
      const t = clock.now()
      for (const id of awaitingPayment) {
        const b = bookings.get(id)
        if (!b || b.status !== 'pendingPayment') {
          awaitingPayment.delete(id)
        } else if (b.expiresAtMs !== undefined && t >= b.expiresAtMs) {
          b.status = 'expired'
          awaitingPayment.delete(id)
          deps.holdNights(b, false)
        }
      }
    },

    createBooking(caller, req: BookingRequest) {
      const ls = known(req.listingId)
      const channel = req.salesChannel ?? caller.channel
      if (req.creditCard && caller.merchantOfRecord === 'channel') {
        throw new SandboxError(
          400,
          'creditCard is only accepted when the service is Merchant of Record'
        )
      }
      const card = req.creditCard ? chargeCard(req.creditCard, today()) : undefined
      if (req.ownReference !== undefined) {
        const taken = byOwnReference.get(`${channel}\n${req.ownReference}`)
        if (taken) {
          throw new SandboxError(
            409,
            `ownReference ${req.ownReference} is already used by booking ${taken}`
          )
        }
      }
      const outcome = deps.quote(ls, req)
      if (!outcome.available) {
        throw new SandboxError(409, outcome.refusals.map((r) => r.reason).join(' '))
      }

      const id = nextBookingId()
      const createdMs = clock.now()
      const b = newBooking(
        id,
        caller,
        channel,
        req,
        outcome.price,
        createdMs,
        () => ++instalmentSeq
      )
      if (card) applyCard(b, card, createdMs, today())
      const onRequest = ls.listing.bookingType === 'onRequest'
      if (b.lastPayment === 'failure' || (!card && !onRequest)) {
        b.expiresAtMs = createdMs + PAYMENT_PERIOD_MS
        awaitingPayment.add(id)
      } else {
        b.status = onRequest ? 'pendingConfirm' : 'confirmed'
      }
      bookings.set(id, b)
      if (b.ownReference !== undefined) byOwnReference.set(`${channel}\n${b.ownReference}`, id)
      deps.holdNights(b, true)
      return createdAnswer(b)
    },

    pay(caller, bookingId, req: PayRequest): PayResult {
      const b = findBooking(caller, bookingId, caller.channel)
      if (!b || b.id !== bookingId) throw new SandboxError(404, `booking ${bookingId} not found`)
      if (b.status !== 'pendingPayment') throw new SandboxError(409, NOT_VALID)
      applyCard(b, chargeCard(req.creditCard, today()), clock.now(), today())
      if (b.lastPayment === 'failure') {
        return { bookingId: b.id, status: b.status, paymentStatus: 'failure' }
      }
      const onRequest = known(b.listingId).listing.bookingType === 'onRequest'
      b.status = onRequest ? 'pendingConfirm' : 'confirmed'
      b.expiresAtMs = undefined
      awaitingPayment.delete(b.id)
      return { bookingId: b.id, status: b.status, paymentStatus: 'success' }
    },

    cancel(caller, by: CancelledBy, req: CancelRequest) {
      const b = findBooking(caller, req.bookingId, req.salesChannel ?? caller.channel)
      if (!b) throw new SandboxError(404, `booking ${req.bookingId} not found`)
      if (!CANCELLABLE.has(b.status)) throw new SandboxError(409, NOT_VALID)
      const ls = known(b.listingId)
      const result = cancelBooking(b, ls, by, req.reason, req.message, clock.now(), today())
      awaitingPayment.delete(b.id)
      deps.holdNights(b, false)
      return result
    },

    readBooking(bookingId, channel) {
      // The booking id first, then the channel's own reference: a client that lost the answer
      // to a create finds out with the reference it sent whether the booking exists.
      const direct = bookings.get(bookingId)
      const b =
        direct?.channel === channel
          ? direct
          : bookings.get(byOwnReference.get(`${channel}\n${bookingId}`) ?? '')
      if (!b || b.channel !== channel) throw new SandboxError(404, `booking ${bookingId} not found`)
      return bookingDetails(b, known(b.listingId), today())
    },

    file(make) {
      const b = make(nextBookingId(), () => ++instalmentSeq)
      bookings.set(b.id, b)
      if (b.ownReference !== undefined) byOwnReference.set(`${b.channel}\n${b.ownReference}`, b.id)
      if (b.status === 'pendingPayment' && b.expiresAtMs !== undefined) awaitingPayment.add(b.id)
      if (!RELEASED.has(b.status)) deps.holdNights(b, true, false)
      return b
    },

    get: (id) => bookings.get(id),

    covering(listingId, day) {
      const date = fromDayNumber(day)
      return [...bookings.values()].filter(
        (b) => b.listingId === listingId && b.from <= date && date < b.to && !RELEASED.has(b.status)
      )
    }
  }
}
