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
  NO_RATE,
  OPEN,
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
import {
  MIN_STAY_FROM,
  MIN_STAY_NIGHTS,
  MISTYPED_FROM,
  MISTYPED_NIGHTS,
  PRICE_CUT_FROM,
  PRICE_CUT_NIGHTS,
  PRICE_CUT_PERCENT,
  RAISED_MIN_STAY,
  UNPRICED_FROM,
  confirmedAhead,
  firstOpenNight,
  fullyHeld,
  mistypeFits,
  nightsAhead,
  quietListings,
  type DemoSituations,
  type IncidentReport,
  type ReopenedNight
} from './situations'

/** The story's floor (EUR 30 in cents): the mistyped nights are priced under it. */
const MISTYPED_UNDER_CENTS = 3000

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

  /** Booking id → day numbers reopened while it held them (reopenNight). */
  const reopened = new Map<string, Set<number>>()

  /**
   * Past nights are outside the calendar and skipped; `record` false for the starting state.
   * Releasing a booking leaves its reopened nights alone: another booking may hold them now.
   */
  function holdNights(b: BookingState, hold: boolean, record = true): void {
    const ls = known(b.listingId)
    const skip = hold ? undefined : reopened.get(b.id)
    for (let day = toDayNumber(b.from); day < toDayNumber(b.to); day++) {
      const i = indexOf(ls.cal, day)
      if (i < 0 || skip?.has(day)) continue
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
          const cents = k >= 0 && k < RATE_DAYS ? ls.cal.priceCents[start + k] : NO_RATE
          return cents === NO_RATE ? undefined : cents / 100
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

  /** The calendar index of `date` inside the `days` from today, or the service's 400. */
  function windowIndex(ls: ListingState, date: string, days: number, what: string): number {
    const day = isIsoDate(date) ? toDayNumber(date) : NaN
    const k = day - todayDay()
    const i = Number.isNaN(day) ? -1 : indexOf(ls.cal, day)
    if (i < 0 || !(k >= 0 && k < days)) {
      throw new SandboxError(400, `no ${what} on ${date} for listing ${ls.id}`)
    }
    return i
  }

  function reopen(listingId: number, date: string, record: boolean): ReopenedNight {
    const ls = known(listingId)
    const i = windowIndex(ls, date, AVAILABILITY_DAYS, 'night in the calendar')
    const day = toDayNumber(date)
    const holder = desk.covering(listingId, day).find((b) => !reopened.get(b.id)?.has(day))
    if (!holder || !(ls.cal.flags[i] & BOOKED)) {
      throw new SandboxError(400, `${date} of listing ${listingId} is not held by a booking`)
    }
    ls.cal.flags[i] = (ls.cal.flags[i] | OPEN) & ~BOOKED
    reopened.set(holder.id, new Set([...(reopened.get(holder.id) ?? []), day]))
    if (record) changes.mark('availability', listingId, nowSeconds())
    return { bookingId: holder.id, listingId, date }
  }

  function setRate(listingId: number, date: string, cents: number): void {
    const ls = known(listingId)
    ls.cal.priceCents[windowIndex(ls, date, RATE_DAYS, 'rate')] = cents
  }

  const demoStates = (): BookingState[] => demoIds.map((id) => desk.get(id)!)
  /** Listings the starting situations use: the incidents happen elsewhere. */
  const storyListings = new Set<number>()

  /** The starting situations, part of the starting state like the demo bookings: no change recorded. */
  function placeSituations(): DemoSituations {
    const today = todayDay()
    const out: DemoSituations = {}
    const first = confirmedAhead(demoStates(), today)[0]
    if (first) out.reopened = reopen(first.listingId, first.from, false)
    const quiet = quietListings(states, demoStates())
    const dates = nightsAhead(today, MISTYPED_FROM, MISTYPED_NIGHTS)
    const mistyped = quiet.find((ls) => mistypeFits(ls, dates, MISTYPED_UNDER_CENTS))
    if (mistyped) {
      const nights = dates.map((date) => {
        const cents = mistyped.cal.priceCents[indexOf(mistyped.cal, toDayNumber(date))]
        const typed = Math.round(cents / 10)
        setRate(mistyped.id, date, typed)
        return { date, oldEur: cents / 100, newEur: typed / 100 }
      })
      out.mistyped = { listingId: mistyped.id, nights }
      storyListings.add(mistyped.id)
    }
    for (const ls of quiet) {
      const date = storyListings.has(ls.id) ? undefined : firstOpenNight(ls, today, UNPRICED_FROM)
      if (!date) continue
      const oldEur = ls.cal.priceCents[indexOf(ls.cal, toDayNumber(date))] / 100
      setRate(ls.id, date, NO_RATE)
      out.unpriced = { listingId: ls.id, date, oldEur }
      storyListings.add(ls.id)
      break
    }
    return out
  }

  const situations: DemoSituations = options.situations ? placeSituations() : {}

  function runIncidents(): IncidentReport {
    const today = todayDay()
    const report: IncidentReport = { at: now() }
    const held = fullyHeld(demoStates(), new Map(states.map((ls) => [ls.id, ls])), today)
    if (held) {
      report.reopened = reopen(held.listingId, fromDayNumber(toDayNumber(held.to) - 1), true)
    }
    const quiet = quietListings(states, demoStates()).filter((ls) => !storyListings.has(ls.id))
    const cutDates = nightsAhead(today, PRICE_CUT_FROM, PRICE_CUT_NIGHTS)
    const cut = quiet.find((ls) =>
      cutDates.every((d) => ls.cal.priceCents[indexOf(ls.cal, toDayNumber(d))] !== NO_RATE)
    )
    if (cut) {
      const nights = cutDates.map((date) => {
        const cents = cut.cal.priceCents[indexOf(cut.cal, toDayNumber(date))]
        const newCents = Math.round((cents * (100 - PRICE_CUT_PERCENT)) / 100)
        setRate(cut.id, date, newCents)
        return { date, oldEur: cents / 100, newEur: newCents / 100 }
      })
      changes.mark('rates', cut.id, nowSeconds())
      report.priceCut = { listingId: cut.id, nights }
    }
    const stayDates = nightsAhead(today, MIN_STAY_FROM, MIN_STAY_NIGHTS)
    const longer = quiet.find((ls) => ls !== cut && ls.params.maxStay >= RAISED_MIN_STAY)
    if (longer) {
      const nights = stayDates.map((date) => {
        const i = windowIndex(longer, date, AVAILABILITY_DAYS, 'night in the calendar')
        const old = longer.cal.minStay[i]
        longer.cal.minStay[i] = RAISED_MIN_STAY
        return { date, old, new: RAISED_MIN_STAY }
      })
      changes.mark('availability', longer.id, nowSeconds())
      report.minStay = { listingId: longer.id, nights }
    }
    return report
  }

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
      const cents = Math.round(eur * 100)
      // 0 cents is how the calendar stores "no rate published" (NO_RATE).
      if (!Number.isFinite(eur) || cents < 1 || cents > 0xffffffff) {
        throw new SandboxError(400, `a nightly rate must be at least EUR 0.01: ${eur}`)
      }
      setRate(listingId, date, cents)
      changes.mark('rates', listingId, nowSeconds())
    },

    reopenNight(listingId, date) {
      expire()
      reopen(listingId, date, true)
    },

    setMinStay(listingId, date, nights) {
      expire()
      if (!Number.isInteger(nights) || nights < 0 || nights > 255) {
        throw new SandboxError(
          400,
          `a minimum stay must be a whole number of nights, 0 to 255: ${nights}`
        )
      }
      const ls = known(listingId)
      ls.cal.minStay[windowIndex(ls, date, AVAILABILITY_DAYS, 'night in the calendar')] = nights
      changes.mark('availability', listingId, nowSeconds())
    },

    situations: () => structuredClone(situations),

    incidents() {
      expire()
      return runIncidents()
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
