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

/** Data side of the sandbox: portfolio, calendars, bookings, change tracking, clock. */
export interface SandboxStore {
  /** Epoch milliseconds on the sandbox clock. */
  now(): number
  /** Moves the clock forward (tests: expiry of unpaid bookings, delta timestamps). */
  advance(ms: number): void
  /** Listing ids in ascending order (the order of every paged endpoint). */
  listingIds(): readonly number[]
  listing(id: number): Listing | undefined
  availability(id: number): AvailabilityRecord | undefined
  rates(id: number): RateRecord | undefined
  /** Ids (ascending) whose `resource` changed at or after `sinceSeconds` (Unix seconds). */
  changedSince(resource: Resource, sinceSeconds: number): number[]
  /**
   * Monotonic counter bumped whenever `resource` of listing `id` changes; lets the HTTP layer
   * cache serialized pages and invalidate only pages that hold a changed listing.
   */
  version(resource: Resource, id: number): number
  /** Listings of the caller that are bookable for the whole period (period-availability endpoint). */
  availableInPeriod(from: string, to: string): Listing[]
  quote(req: QuoteRequest): QuoteAnswer
  createBooking(caller: Caller, req: BookingRequest): z.input<typeof BookingCreated>
  pay(caller: Caller, bookingId: string, req: PayRequest): PayResult
  cancel(caller: Caller, by: CancelledBy, req: CancelRequest): z.input<typeof CancellationResult>
  /** Booking details; 404 unless the booking exists and was made through `channel`. */
  readBooking(bookingId: string, channel: string): z.input<typeof BookingDetails>
  setReference(caller: Caller, listingId: number, ref: ListingReference): void
  setReferences(caller: Caller, refs: ListingReferences): void
  /** One churn step: changes some rates and availability (and now and then a listing). */
  churn(): { listings: number[]; availability: number[]; rates: number[] }
}
