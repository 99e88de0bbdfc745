import type { AvailabilityRecord, Listing, ListingReference, RateRecord } from '@shared/api'
import { fromDayNumber, isIsoDate, toDayNumber } from '@shared/domain/dates'
import {
  SandboxError,
  type DemoBookingSummary,
  type QuoteAnswer,
  type Resource,
  type SandboxOptions,
  type SandboxStore
} from '../types'
import { createBookingDesk } from './booking-desk'
import type { BookingState } from './bookings'
import { fileDemoBookings } from './demo-bookings'
import {
  AVAILABILITY_DAYS,
  BOOKED,
  RATE_DAYS,
  availabilityMap,
  dayRecord,
  ensureWindow,
  indexOf,
  isAvailable,
  rateMap
} from './calendar'
import { ChangeLog } from './changes'
import { churnStep } from './churn'
import { createClock } from './clock'
import { generatePortfolio, type ListingState } from './portfolio'
import { quoteOf, wireQuote, wireRefusal, type QuoteOutcome, type QuoteStay } from './pricing/quote'
import { mulberry32, subSeed } from './prng'

/**
 * The sandbox's data: the generated portfolio with its calendars, change tracking, listing
 * references and churn, plus the booking desk (booking-desk.ts). Every call first expires
 * unpaid bookings whose payment period has passed.
 */
export function createSandboxStore(options: SandboxOptions): SandboxStore {
  const clock = createClock(options.today)
  const { now, nowSeconds, todayDay } = clock

  const states = generatePortfolio({
    seed: options.seed,
    size: options.listings,
    today: todayDay(),
    nowSeconds: Math.floor(clock.startMs / 1000)
  })
  const ids: readonly number[] = states.map((s) => s.id)
  const position = new Map(ids.map((id, i) => [id, i]))
  // Before any change, a listing's three resources changed at its lastModified.
  const changes = new ChangeLog(
    ids,
    (id) => position.get(id) ?? -1,
    (i) => states[i].listing.lastModified ?? 0
  )
  const churnPrng = mulberry32(subSeed(options.seed, 3))
  const references = new Map<string, Map<number, ListingReference>>()

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

  /** Past nights are outside the calendar and skipped; `record` false for the starting state. */
  function holdNights(b: BookingState, hold: boolean, record = true): void {
    const ls = known(b.listingId)
    for (let day = toDayNumber(b.from); day < toDayNumber(b.to); day++) {
      const i = indexOf(ls.cal, day)
      if (i < 0) continue
      ls.cal.flags[i] = hold ? ls.cal.flags[i] | BOOKED : ls.cal.flags[i] & ~BOOKED
    }
    if (record) changes.mark('availability', b.listingId, nowSeconds())
  }

  function rateRecord(ls: ListingState, today = todayDay()): RateRecord {
    return { listingId: ls.id, rate: rateMap(ls.cal, today), ...ls.rules }
  }

  /**
   * The quote for a stay from the published calendar and rates, priced by the sandbox's own
   * reading of the spec (pricing/quote.ts), never by the client's pricing code. `asOf` (a day
   * number, default today) is the quote's today, for lead days and instalment dates: the demo
   * bookings are priced as the quote would have answered on the day they were made.
   */
  function quoteFor(ls: ListingState, stay: QuoteStay, asOf = todayDay()): QuoteOutcome {
    const today = todayDay()
    const start = today - ls.cal.baseDay
    // Windows count from the sandbox's today: rates for 365 days, availability for 730.
    const offset = (date: string) => (isIsoDate(date) ? toDayNumber(date) - today : -1)
    return quoteOf(
      {
        listing: ls.listing,
        rules: ls.rules,
        nightly(date) {
          const k = offset(date)
          // The EUR the rates endpoint publishes for the night (cents / 100, as rateMap).
          return k >= 0 && k < RATE_DAYS ? ls.cal.priceCents[start + k] / 100 : undefined
        }
      },
      {
        day(date) {
          const k = offset(date)
          return k >= 0 && k < AVAILABILITY_DAYS ? dayRecord(ls.cal, start + k) : undefined
        },
        availabilityEnd: fromDayNumber(today + AVAILABILITY_DAYS),
        ratesEnd: fromDayNumber(today + RATE_DAYS)
      },
      stay,
      fromDayNumber(asOf)
    )
  }

  function channelReferences(channel: string): Map<number, ListingReference> {
    let m = references.get(channel)
    if (!m) references.set(channel, (m = new Map()))
    return m
  }

  const desk = createBookingDesk({ seed: options.seed, clock, known, quote: quoteFor, holdNights })
  const { expire } = desk
  // Demo bookings belong to the default (first) caller's channel, so its profile reads them.
  const demoIds = options.callers.length
    ? fileDemoBookings({
        seed: options.seed,
        today: todayDay(),
        startMs: clock.startMs,
        channel: options.callers[0].channel,
        listings: states,
        quote: quoteFor,
        file: desk.file
      }).map((b) => b.id)
    : []

  return {
    now,
    advance(ms) {
      clock.advance(ms)
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
      if (!isIsoDate(from) || !isIsoDate(to)) {
        throw new SandboxError(400, 'dates must be YYYY-MM-DD')
      }
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

    quote(req): QuoteAnswer {
      expire()
      const outcome = quoteFor(known(req.listingId), req)
      return outcome.available ? wireQuote(outcome.price) : wireRefusal(outcome.refusals)
    },
    refusals(req) {
      expire()
      const outcome = quoteFor(known(req.listingId), req)
      return outcome.available ? [] : outcome.refusals
    },

    createBooking(caller, req) {
      expire()
      return desk.createBooking(caller, req)
    },
    pay(caller, bookingId, req) {
      expire()
      return desk.pay(caller, bookingId, req)
    },
    cancel(caller, by, req) {
      expire()
      return desk.cancel(caller, by, req)
    },
    readBooking(bookingId, channel) {
      expire()
      return desk.readBooking(bookingId, channel)
    },
    demoBookings() {
      expire()
      return demoIds.map((id) => demoSummary(desk.get(id)!))
    },

    setReference(caller, listingId, ref) {
      expire()
      known(listingId)
      channelReferences(ref.salesChannel ?? caller.channel).set(listingId, { ...ref })
    },

    setReferences(caller, refs) {
      expire()
      // All or nothing: one unknown listing refuses the whole batch before anything is stored.
      for (const r of refs.references) known(r.listingId)
      for (const { listingId, ...ref } of refs.references) {
        channelReferences(ref.salesChannel ?? refs.salesChannel ?? caller.channel).set(
          listingId,
          ref
        )
      }
    },

    referencesOf(channel) {
      const stored = references.get(channel) ?? new Map<number, ListingReference>()
      return new Map([...stored].map(([id, ref]) => [id, { ...ref }]))
    },

    setNightlyRate(listingId, date, eur) {
      expire()
      const ls = known(listingId)
      const i = isIsoDate(date) ? indexOf(ls.cal, toDayNumber(date)) : -1
      const k = isIsoDate(date) ? toDayNumber(date) - todayDay() : -1
      if (i < 0 || k < 0 || k >= RATE_DAYS) {
        throw new SandboxError(400, `no rate on ${date} for listing ${listingId}`)
      }
      ls.cal.priceCents[i] = Math.round(eur * 100)
      changes.mark('rates', listingId, nowSeconds())
    },

    churn() {
      expire()
      const result = churnStep(churnPrng, states, todayDay())
      const at = nowSeconds()
      for (const id of result.rates) changes.mark('rates', id, at)
      for (const id of result.availability) changes.mark('availability', id, at)
      for (const id of result.listings) {
        known(id).listing.lastModified = at
        changes.mark('listings', id, at)
      }
      return result
    }
  }
}

function demoSummary(b: BookingState): DemoBookingSummary {
  return {
    id: b.id,
    status: b.status,
    listingId: b.listingId,
    guestName: `${b.guest.firstName} ${b.guest.lastName}`,
    from: b.from,
    to: b.to,
    merchantOfRecord: b.merchantOfRecord,
    ...(b.ownReference !== undefined ? { ownReference: b.ownReference } : {}),
    ...(b.status === 'pendingPayment' && b.expiresAtMs !== undefined
      ? { expiresAt: new Date(b.expiresAtMs).toISOString() }
      : {})
  }
}
