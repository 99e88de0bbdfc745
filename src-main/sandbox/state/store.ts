import type {
  AvailabilityRecord,
  BookingRequest,
  CancelRequest,
  CancelledBy,
  Listing,
  ListingReference,
  ListingReferences,
  PayRequest,
  PayResult,
  QuoteRequest,
  RateRecord
} from '@shared/api'
import { fromDayNumber, isIsoDate, toDayNumber } from '@shared/domain/dates'
import { quoteStay, toWireQuote } from '@shared/domain/pricing'
import type { StayRequest } from '@shared/domain/stay-rules'
import {
  SandboxError,
  type Caller,
  type QuoteAnswer,
  type Resource,
  type SandboxOptions,
  type SandboxStore
} from '../types'
import {
  CANCELLABLE,
  PAYMENT_PERIOD_MS,
  applyCard,
  cancelBooking,
  createdAnswer,
  newBooking,
  type BookingState
} from './bookings'
import {
  AVAILABILITY_DAYS,
  BOOKED,
  availabilityMap,
  dayRecord,
  ensureWindow,
  indexOf,
  isAvailable,
  rateMap
} from './calendar'
import { bookingDetails } from './booking-details'
import { chargeCard } from './cards'
import { ChangeLog } from './changes'
import { churnStep } from './churn'
import { generatePortfolio, type ListingState } from './portfolio'
import { mulberry32, subSeed } from './prng'

const DAY_MS = 86_400_000
const NOT_VALID = 'booking state is not valid for this request'

export function createSandboxStore(options: SandboxOptions): SandboxStore {
  const today0 = options.today ?? new Date().toISOString().slice(0, 10)
  if (!isIsoDate(today0)) throw new RangeError(`today must be YYYY-MM-DD: ${today0}`)
  // The sandbox clock starts at 10:00 UTC on `today` and runs with real time from there.
  const startMs = Date.parse(`${today0}T10:00:00Z`)
  const realStart = Date.now()
  let offsetMs = 0
  const now = (): number => startMs + (Date.now() - realStart) + offsetMs
  const nowSeconds = (): number => Math.floor(now() / 1000)
  const todayDay = (): number => Math.floor(now() / DAY_MS)

  const states = generatePortfolio({
    seed: options.seed,
    size: options.listings,
    today: toDayNumber(today0),
    nowSeconds: Math.floor(startMs / 1000)
  })
  const ids = states.map((s) => s.id)
  const position = new Map(ids.map((id, i) => [id, i]))
  const changes = new ChangeLog(
    ids,
    (id) => position.get(id) ?? -1,
    (i) => states[i].listing.lastModified ?? 0
  )
  const churnPrng = mulberry32(subSeed(options.seed, 3))

  const bookings = new Map<string, BookingState>()
  const byOwnReference = new Map<string, string>()
  const awaitingPayment = new Set<string>()
  const references = new Map<string, Map<number, ListingReference>>()
  let bookingSeq = 0
  let instalmentSeq = 0

  /**
   * 'SB' + 8 digits. A prime stride spreads ids over the range, so they look like the service's
   * and a client cannot lean on them being consecutive; the stride never repeats within 90M.
   */
  function nextBookingId(): string {
    bookingSeq++
    return `SB${10_000_000 + ((options.seed * 7919 + bookingSeq * 104_729) % 90_000_000)}`
  }

  /** The listing with its calendar moved to the current today. */
  function state(id: number): ListingState | undefined {
    const i = position.get(id)
    if (i === undefined) return undefined
    const ls = states[i]
    ensureWindow(ls.cal, ls.params, todayDay())
    return ls
  }

  /** The listing, or the service's 404 for an id it does not know. */
  function known(id: number): ListingState {
    const ls = state(id)
    if (!ls) throw new SandboxError(404, `listing ${id} not found`)
    return ls
  }

  function holdNights(b: BookingState, hold: boolean): void {
    const ls = known(b.listingId)
    for (let day = toDayNumber(b.from); day < toDayNumber(b.to); day++) {
      const i = indexOf(ls.cal, day)
      if (i < 0) continue
      ls.cal.flags[i] = hold ? ls.cal.flags[i] | BOOKED : ls.cal.flags[i] & ~BOOKED
    }
    changes.mark('availability', b.listingId, nowSeconds())
  }

  /** Every call starts here: unpaid bookings past their payment period expire and free their nights. */
  function expire(): void {
    if (awaitingPayment.size === 0) return
    const t = now()
    for (const id of awaitingPayment) {
      const b = bookings.get(id)
      if (!b || b.status !== 'pendingPayment') {
        awaitingPayment.delete(id)
      } else if (b.expiresAtMs !== undefined && t >= b.expiresAtMs) {
        b.status = 'expired'
        awaitingPayment.delete(id)
        holdNights(b, false)
      }
    }
  }

  function quoteFor(ls: ListingState, stay: StayRequest) {
    const today = todayDay()
    const start = today - ls.cal.baseDay
    return quoteStay({
      listing: ls.listing,
      rates: rateRecord(ls, today),
      stay,
      today: fromDayNumber(today),
      days: (date) => {
        if (!isIsoDate(date)) return undefined
        const k = toDayNumber(date) - today
        return k >= 0 && k < AVAILABILITY_DAYS ? dayRecord(ls.cal, start + k) : undefined
      }
    })
  }

  function rateRecord(ls: ListingState, today = todayDay()): RateRecord {
    return { listingId: ls.id, rate: rateMap(ls.cal, today), ...ls.rules }
  }

  /** A booking the caller may act on: made through its channel (or for it, by a channel manager). */
  function findBooking(caller: Caller, key: string, channel: string): BookingState | undefined {
    const b = bookings.get(key) ?? bookings.get(byOwnReference.get(`${channel}\n${key}`) ?? '')
    return b && (b.channel === channel || b.channel === caller.channel) ? b : undefined
  }

  const store: SandboxStore = {
    now,
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError('the sandbox clock only moves forward')
      offsetMs += ms
      expire()
    },
    listingIds: () => ids,
    listing(id) {
      expire()
      return state(id)?.listing
    },
    availability(id): AvailabilityRecord | undefined {
      expire()
      const ls = state(id)
      return ls && { listingId: id, availability: availabilityMap(ls.cal, todayDay()) }
    },
    rates(id) {
      expire()
      const ls = state(id)
      return ls && rateRecord(ls)
    },
    changedSince(resource: Resource, sinceSeconds) {
      expire()
      return changes.since(resource, sinceSeconds)
    },
    // Availability and rate records are materialized from today, so a new sandbox day changes
    // every record's content: the day is part of their version, which keeps page caches honest.
    version: (resource, id) =>
      resource === 'listings'
        ? changes.version(resource, id)
        : todayDay() * 1_000_000 + changes.version(resource, id),

    availableInPeriod(from, to) {
      expire()
      if (!isIsoDate(from) || !isIsoDate(to))
        throw new SandboxError(400, 'dates must be YYYY-MM-DD')
      const first = toDayNumber(from)
      const end = toDayNumber(to)
      if (end <= first) throw new SandboxError(400, 'toDate must be after fromDate')
      const today = todayDay()
      // Nights outside the published window are unknown, and unknown is never offered.
      if (first < today || end - today > AVAILABILITY_DAYS) return []
      const out: Listing[] = []
      for (const id of ids) {
        const ls = state(id)
        if (!ls || ls.listing.active === false) continue
        let free = true
        for (let day = first; free && day < end; day++) {
          free = isAvailable(ls.cal, day - ls.cal.baseDay)
        }
        if (!free) continue
        // The period endpoint leaves out rates and status (spec, Listing).
        const { specialRates: _s, basicRates: _b, status: _st, ...rest } = ls.listing
        out.push(rest)
      }
      return out
    },

    quote(req: QuoteRequest): QuoteAnswer {
      expire()
      const outcome = quoteFor(known(req.listingId), req)
      return outcome.available
        ? toWireQuote(outcome.price)
        : { available: false, reasons: outcome.misses.map((m) => m.message) }
    },

    createBooking(caller, req: BookingRequest) {
      expire()
      const ls = known(req.listingId)
      const channel = req.salesChannel ?? caller.channel
      if (req.creditCard && caller.merchantOfRecord === 'channel') {
        throw new SandboxError(
          400,
          'creditCard is only accepted when the service is Merchant of Record'
        )
      }
      const today = fromDayNumber(todayDay())
      const card = req.creditCard ? chargeCard(req.creditCard, today) : undefined
      if (req.ownReference !== undefined) {
        const taken = byOwnReference.get(`${channel}\n${req.ownReference}`)
        if (taken)
          throw new SandboxError(
            409,
            `ownReference ${req.ownReference} is already used by booking ${taken}`
          )
      }
      const outcome = quoteFor(ls, req)
      if (!outcome.available)
        throw new SandboxError(409, outcome.misses.map((m) => m.message).join(' '))

      const id = nextBookingId()
      const createdMs = now()
      const b = newBooking(
        id,
        caller,
        channel,
        req,
        outcome.price,
        createdMs,
        () => ++instalmentSeq
      )
      if (card) applyCard(b, card, createdMs, today)
      const onRequest = ls.listing.bookingType === 'onRequest'
      if (b.lastPayment === 'failure' || (!card && !onRequest)) {
        b.expiresAtMs = createdMs + PAYMENT_PERIOD_MS
        awaitingPayment.add(id)
      } else {
        b.status = onRequest ? 'pendingConfirm' : 'confirmed'
      }
      bookings.set(id, b)
      if (b.ownReference !== undefined) byOwnReference.set(`${channel}\n${b.ownReference}`, id)
      holdNights(b, true)
      return createdAnswer(b)
    },

    pay(caller, bookingId, req: PayRequest): PayResult {
      expire()
      const b = findBooking(caller, bookingId, caller.channel)
      if (!b || b.id !== bookingId) throw new SandboxError(404, `booking ${bookingId} not found`)
      if (b.status !== 'pendingPayment') throw new SandboxError(409, NOT_VALID)
      const today = fromDayNumber(todayDay())
      applyCard(b, chargeCard(req.creditCard, today), now(), today)
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
      expire()
      const b = findBooking(caller, req.bookingId, req.salesChannel ?? caller.channel)
      if (!b) throw new SandboxError(404, `booking ${req.bookingId} not found`)
      if (!CANCELLABLE.has(b.status)) throw new SandboxError(409, NOT_VALID)
      const ls = known(b.listingId)
      const result = cancelBooking(
        b,
        ls,
        by,
        req.reason,
        req.message,
        now(),
        fromDayNumber(todayDay())
      )
      awaitingPayment.delete(b.id)
      holdNights(b, false)
      return result
    },

    readBooking(bookingId, channel) {
      expire()
      const b = bookings.get(bookingId)
      if (!b || b.channel !== channel) throw new SandboxError(404, `booking ${bookingId} not found`)
      return bookingDetails(b, known(b.listingId), fromDayNumber(todayDay()))
    },

    setReference(caller, listingId, ref) {
      expire()
      known(listingId)
      referencesOf(ref.salesChannel ?? caller.channel).set(listingId, { ...ref })
    },

    setReferences(caller, refs: ListingReferences) {
      expire()
      // All or nothing: one unknown listing refuses the whole batch before anything is stored.
      for (const r of refs.references) known(r.listingId)
      for (const { listingId, ...ref } of refs.references) {
        referencesOf(ref.salesChannel ?? refs.salesChannel ?? caller.channel).set(listingId, ref)
      }
    },

    churn() {
      expire()
      const result = churnStep(churnPrng, states, todayDay())
      const at = nowSeconds()
      for (const id of result.rates) changes.mark('rates', id, at)
      for (const id of result.availability) changes.mark('availability', id, at)
      for (const id of result.listings) {
        state(id)!.listing.lastModified = at
        changes.mark('listings', id, at)
      }
      return result
    }
  }

  function referencesOf(channel: string): Map<number, ListingReference> {
    let m = references.get(channel)
    if (!m) references.set(channel, (m = new Map()))
    return m
  }

  return store
}
