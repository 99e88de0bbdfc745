import { z } from 'zod'
import { StayFields, checkStay } from '../api/quote.schema'
import { checkStayLength } from '../domain/stay-limits'
import { AppErrorCode } from '../errors'

/**
 * The availability search across IPC: the stay and filters a search and its reasons take, a
 * window of its bookable listings, the near misses by reason, and the service's own answer for
 * the period beside the offline copy's. Money is integer cents.
 */

const cents = z.number().int()

export const AVAILABILITY_SORTS = ['price', 'name'] as const

/** The stay and the filters: what a search and its reasons are asked about. */
const AvailabilitySearchFields = StayFields.omit({ listingId: true })
  .extend({
    country: z.string().max(100).optional(),
    city: z.string().max(100).optional(),
    minBedrooms: z.number().int().min(0).max(100).optional(),
    bookingType: z.string().max(20).optional(),
    minPriceCents: cents.min(0).optional(),
    maxPriceCents: cents.min(0).optional(),
    sort: z
      .object({ key: z.enum(AVAILABILITY_SORTS), dir: z.enum(['asc', 'desc']) })
      .strict()
      .optional(),
    /** How many listings per reason to name in "why not bookable" (the counts are complete). */
    missSample: z.number().int().min(0).max(500).optional()
  })
  .strict()

export const AvailabilitySearchInput =
  AvailabilitySearchFields.superRefine(checkStay).superRefine(checkStayLength)

/** The most result rows one answer carries (the table asks for windows as it scrolls). */
export const AVAILABILITY_WINDOW_MAX = 500

/**
 * A window of the search's results in the sort's order: a search can find thousands of
 * listings, and the table shows a few dozen at a time. Main keeps the last search's results,
 * so the next window (or another order) costs a slice of it, not a new search.
 */
export const AvailabilityResultsInput = AvailabilitySearchFields.extend({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(0).max(AVAILABILITY_WINDOW_MAX).default(200),
  /** Only these listings: which of them the search finds (the live comparison asks). */
  among: z.array(z.number().int()).max(AVAILABILITY_WINDOW_MAX).optional()
})
  .strict()
  .superRefine(checkStay)
  .superRefine(checkStayLength)

export const MISS_CODES = [
  'inactive',
  'not-available',
  'check-in-day',
  'check-out-day',
  'min-stay',
  'max-stay',
  'too-many-guests',
  'advance-notice',
  'no-rate'
] as const

export const AvailableListing = z.object({
  listingId: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  bedrooms: z.number().nullable(),
  maxGuest: z.number().nullable(),
  bookingType: z.string().nullable(),
  /** The offline price of the stay; null when the copy lacks a night's rate. */
  estimateCents: cents.nullable(),
  /**
   * The stay's average nightly price: estimateCents divided by the nights, rounded half away
   * from zero to the cent. Like the total it holds the rent (additional guests and the one
   * discount applied) and mandatory cleaning, never taxes. Null with the total.
   */
  nightlyCents: cents.nullable()
})
export type AvailableListing = z.infer<typeof AvailableListing>

/** How many listings outside the range a search names, with their totals. */
export const OUTSIDE_PRICE_SAMPLE = 25

/**
 * The bookable listings the price range left out, by side, and the nearest of them to the range
 * (those just past it first) with their totals: a property manager's "what if I paid a bit more".
 */
export const OutsidePrice = z.object({
  /** Priced below the min. total. */
  below: z.number().int(),
  /** Priced above the max. total. */
  above: z.number().int(),
  /** Without an estimate (the copy lacks a rate record), so in no range. */
  noEstimate: z.number().int(),
  /** Up to OUTSIDE_PRICE_SAMPLE of them, nearest to the range first, those without an estimate last. */
  listings: z.array(AvailableListing)
})
export type OutsidePrice = z.infer<typeof OutsidePrice>

export const AvailabilitySearchResult = z.object({
  nights: z.number().int(),
  /** How many listings are bookable (with `among`, how many of those). */
  total: z.number().int(),
  /** Where `rows` starts among them. */
  offset: z.number().int(),
  /** The window asked for, in the sort's order. */
  rows: z.array(AvailableListing),
  /** Listings the filters (country, city, bedrooms, type) left out before the rules. */
  filteredOut: z.number().int(),
  /** Bookable listings the price range left out (it is applied after the rules). */
  outsidePrice: OutsidePrice,
  asOf: z.number().nullable()
})
export type AvailabilitySearchResult = z.infer<typeof AvailabilitySearchResult>

/**
 * Why the listings the filters kept can't be booked for the stay, grouped by reason (a listing
 * counts under each reason it breaks), with how many break only that one rule: those a small
 * change would open. A separate answer from the search: judging every listing by every rule
 * takes longer than finding the bookable ones, and the bookable ones are what a person reads
 * first.
 */
export const AvailabilityMisses = z.object({
  /** Listings judged (those the filters kept, bookable or not). */
  considered: z.number().int(),
  /** How many of them can't be booked, each counted once whatever rules it breaks. */
  notBookable: z.number().int(),
  misses: z.array(
    z.object({
      code: z.enum(MISS_CODES),
      count: z.number().int(),
      onlyReason: z.number().int(),
      listings: z.array(
        z.object({ listingId: z.number().int(), name: z.string(), message: z.string() })
      )
    })
  )
})
export type AvailabilityMisses = z.infer<typeof AvailabilityMisses>

/** The service's own answer for the period, set beside the offline copy's. */
export const LiveAvailability = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('answered'),
    askedAt: z.number(),
    /** How many listings the service says are free for every night. */
    liveCount: z.number().int(),
    /** Free by the service, not by the offline copy: the copy is stale for these. */
    onlyLive: z.array(z.object({ listingId: z.number().int(), name: z.string() })),
    /** Free by the offline copy, not by the service: booked or closed since the last sync. */
    onlyOffline: z.array(z.object({ listingId: z.number().int(), name: z.string() }))
  }),
  z.object({ state: z.literal('unreachable'), message: z.string(), code: AppErrorCode })
])
export type LiveAvailability = z.infer<typeof LiveAvailability>
