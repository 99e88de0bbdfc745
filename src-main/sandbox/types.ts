import type {
  AvailabilityRecord,
  BookingCreated,
  BookingDetails,
  BookingRequest,
  CancellationResult,
  CancelledBy,
  CancelRequest,
  Listing,
  ListingReference,
  ListingReferences,
  PayRequest,
  PayResult,
  QuoteRequest,
  RateRecord
} from '@shared/api'
import type { z } from 'zod'
import type { PricedQuote, UnavailableQuote } from '@shared/api'
import type { DemoSituations, IncidentReport } from './state/situations'

export type { DemoSituations, IncidentReport } from './state/situations'

/**
 * The seam between the sandbox's data (state/) and its HTTP layer (http/). The state keeps
 * parsed values (zod output types); the HTTP layer serializes them. Everything the state
 * refuses is a SandboxError carrying the HTTP status and the `{message}` the service returns.
 */

export type Resource = 'listings' | 'availability' | 'rates'

/** Who calls: each token belongs to one sales channel and one Merchant-of-Record mode. */
export interface Caller {
  token: string
  /** 4-character sales channel id. */
  channel: string
  /** `service`: the service takes card payments; `channel`: the sales channel does. */
  merchantOfRecord: 'service' | 'channel'
}

export interface SandboxOptions {
  /** Number of listings in the generated portfolio (default 300). */
  listings: number
  /** Seed for the deterministic generator (default 1). */
  seed: number
  /** The sandbox's "today" (`YYYY-MM-DD`); the clock starts at 10:00:00 UTC on it and runs. */
  today?: string
  callers: Caller[]
  /**
   * The watch's situations from the start (docs/sandbox.md, "Situations and incidents"): a
   * confirmed demo booking with a night open again, nights priced under EUR 30, an open night
   * without a rate. Off by default: the app's embedded demo turns them on.
   */
  situations?: boolean
}

/** A refusal with the HTTP status and message the service would send. */
export class SandboxError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422,
    message: string
  ) {
    super(message)
    this.name = 'SandboxError'
  }
}

export type QuoteAnswer = z.input<typeof PricedQuote> | z.input<typeof UnavailableQuote>

/** One of the bookings the store files at creation (docs/sandbox.md, "Demo bookings"). */
export interface DemoBookingSummary {
  id: string
  /** The current status (a demo booking can be paid, cancelled or expire like any other). */
  status: string
  listingId: number
  /** `firstName lastName` as the guest gave them. */
  guestName: string
  from: string
  to: string
  merchantOfRecord: 'service' | 'channel'
  ownReference?: string
  /** While the booking awaits payment: the end of its payment period (ISO 8601, UTC). */
  expiresAt?: string
}

/**
 * Data side of the sandbox: portfolio, calendars, bookings, change tracking, clock. Every call
 * first expires unpaid bookings whose payment period has passed.
 *
 * Records returned by `listing`, `availability`, `rates` and `availableInPeriod` are (or share
 * parts with) the store's own objects, not copies: callers read and serialize them and must
 * never change them, since change tracking and the page cache would not notice. (They are not
 * typed DeepReadonly because callers pass them on as the shared `@shared/api` types.)
 */
export interface SandboxStore {
  /** Epoch milliseconds on the sandbox clock. */
  now(): number
  /** Moves the clock forward (tests: expiry of unpaid bookings, delta timestamps). */
  advance(ms: number): void
  /**
   * Listing ids in ascending order (the order of every paged endpoint). The same cached array on
   * every call: the page cache slices it per page and compares ids by position.
   */
  listingIds(): readonly number[]
  /** The store's own listing object (not a copy): read it, never change it. */
  listing(id: number): Listing | undefined
  /** Built on demand: the 730 days from the sandbox's current today. */
  availability(id: number): AvailabilityRecord | undefined
  /** Built on demand: rates for the 365 days from today, plus the listing's rate rules (shared). */
  rates(id: number): RateRecord | undefined
  /** Ids (ascending) whose `resource` changed at or after `sinceSeconds` (Unix seconds). */
  changedSince(resource: Resource, sinceSeconds: number): number[]
  /**
   * A number that only ever increases, bumped whenever `resource` of listing `id` changes; the
   * HTTP layer caches serialized pages and re-makes only pages whose versions moved. For
   * availability and rates it is `day × 1,000,000 + counter`, day being the sandbox's current
   * day number: their records start at today, so a new day must invalidate the cached page
   * even when nothing was booked (otherwise the cache would serve yesterday's window).
   */
  version(resource: Resource, id: number): number
  /**
   * Active listings bookable for every night of [from, to), without rates and status (the
   * period-availability endpoint); `[]` when the period leaves today..today+729.
   */
  availableInPeriod(from: string, to: string): Listing[]
  quote(req: QuoteRequest): QuoteAnswer
  /**
   * The rules the stay breaks, each with its reason as the quote words it (empty when the quote
   * prices it). Not on the wire: tests compare the client's verdict with the service's by rule,
   * since the two word their reasons apart.
   */
  refusals(req: QuoteRequest): { rule: string; reason: string }[]
  /** Answers carry origin-relative `paymentUrl` and `confirmationUrl`; HTTP makes them absolute. */
  createBooking(caller: Caller, req: BookingRequest): z.input<typeof BookingCreated>
  pay(caller: Caller, bookingId: string, req: PayRequest): PayResult
  cancel(caller: Caller, by: CancelledBy, req: CancelRequest): z.input<typeof CancellationResult>
  /**
   * Booking details by booking id or by the channel's `ownReference`; 404 unless the booking
   * exists and was made through `channel`.
   */
  readBooking(bookingId: string, channel: string): z.input<typeof BookingDetails>
  /**
   * The bookings filed when the store was created, in a fixed order (the order of the demo
   * script), with their current status.
   */
  demoBookings(): DemoBookingSummary[]
  setReference(caller: Caller, listingId: number, ref: ListingReference): void
  setReferences(caller: Caller, refs: ListingReferences): void
  /**
   * What the PATCH reference endpoints stored for `channel`: listing id → reference (copies, for
   * tests that check what the sandbox received; nothing in the spec reads them back).
   */
  referencesOf(channel: string): Map<number, ListingReference>
  /**
   * The owner changes one night's price (EUR), as the calendar would after an edit: tests use it
   * to make an offline copy stale. Recorded as a rates change for delta sync.
   */
  setNightlyRate(listingId: number, date: string, eur: number): void
  /**
   * A night held by a booking becomes bookable again, as a calendar error or a cancellation
   * made elsewhere would leave it; the booking itself stays as it is (its status, money and
   * the rest of its nights). Recorded as an availability change for delta sync. 400 for a
   * night outside the calendar or not held by a booking.
   */
  reopenNight(listingId: number, date: string): void
  /**
   * The owner changes the minimum stay of arrivals on `date` (0 = none, up to 255 nights).
   * Recorded as an availability change for delta sync.
   */
  setMinStay(listingId: number, date: string, nights: number): void
  /** What the demo has from the start (empty unless created with `situations: true`). */
  situations(): DemoSituations
  /**
   * The demo's incidents, at once: reopens a night of a confirmed demo booking (the first one
   * still wholly held), cuts five nights of a quiet listing by 40 % and raises a week of
   * another's minimum stay to 21 nights, each recorded for delta sync. Meant to run once;
   * parts that find no place (a tiny portfolio) are left out of the report.
   */
  incidents(): IncidentReport
  /**
   * One churn step: new prices for some nights, some owner days opened or closed (never nights
   * held by bookings), now and then a listing text (its lastModified moves). Each list holds
   * the changed listing ids once, ascending.
   */
  churn(): { listings: number[]; availability: number[]; rates: number[] }
}
