import { z } from 'zod'
import { isoDate } from '../api/common.schema'
import { Listing } from '../api/listing.schema'
import { KeptReference } from './references.schema'

/**
 * The portfolio across IPC: the listings search and its filters' choices, a listing's full
 * page and images, a refresh from the service, and the export. Answered from the offline copy
 * unless a name says otherwise; instants are epoch milliseconds.
 */

/** Columns the listings search can order by; every page follows the order (not just one page). */
const LISTING_SORT_KEYS = [
  'id',
  'referenceNumber',
  'name',
  'city',
  'country',
  'maxGuest',
  'bedrooms',
  // The figures at a glance (ListingGlance), counted from today.
  'lowestPrice',
  'minStay',
  'nextArrival'
] as const

export const ListingSort = z
  .object({ key: z.enum(LISTING_SORT_KEYS), dir: z.enum(['asc', 'desc']) })
  .strict()
export type ListingSort = z.infer<typeof ListingSort>

export const ListingSearchInput = z
  .object({
    text: z.string().max(200).optional(),
    /**
     * City, region and country match the start of the local or the English name, ignoring case
     * and accents: "spa" finds España, "cor" finds Córdoba.
     */
    city: z.string().max(100).optional(),
    region: z.string().max(100).optional(),
    country: z.string().max(100).optional(),
    minGuests: z.number().int().min(1).max(100).optional(),
    minBedrooms: z.number().int().min(0).max(100).optional(),
    bookingType: z.string().max(20).optional(),
    active: z.boolean().optional(),
    limit: z.number().int().min(1).max(500).optional(),
    offset: z.number().int().min(0).optional(),
    /** Default: by id. Empty values sort last either way; ties go by id. */
    sort: ListingSort.optional(),
    /** Also each row's figures at a glance (`glance`), as the Listings table shows them. */
    glance: z.boolean().optional()
  })
  .strict()

export const ListingSummary = z.object({
  id: z.number().int(),
  referenceNumber: z.string().nullable(),
  name: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  maxGuest: z.number().nullable(),
  bedrooms: z.number().nullable(),
  bookingType: z.string().nullable(),
  active: z.boolean().nullable()
})
export type ListingSummary = z.infer<typeof ListingSummary>

/**
 * Why a figure at a glance is missing, said in words on the screen and in the CSV: no open
 * night (or no day a stay can start), or open ones without a published rate.
 */
export const GlanceMissing = z.enum(['none-open', 'no-rate'])
export type GlanceMissing = z.infer<typeof GlanceMissing>

/**
 * The words for a missing figure: in the table's cell (never empty or 0), and in the CSV's own
 * `…Missing` columns beside an empty number or date cell.
 */
export const GLANCE_MISSING_WORDS: Record<GlanceMissing, string> = {
  'none-open': 'none open',
  'no-rate': 'no rate'
}

/** How many nights from today the lowest price looks at. */
export const LOWEST_PRICE_NIGHTS = 30

/**
 * What a manager reads of a listing at a glance, from the offline copy's calendar and rates,
 * counted from today (UTC); src-main/db/queries/listing-glance.ts says exactly how.
 */
export const ListingGlance = z.object({
  /**
   * The lowest published nightly rate among the open nights of the next LOWEST_PRICE_NIGHTS
   * nights (today's included), in cents.
   */
  lowestCents: z.number().int().nullable(),
  lowestMissing: GlanceMissing.nullable(),
  /**
   * The first day from today (advance notice respected) from which a stay of some length between
   * the day's minimum and maximum stay can be booked: every night open and priced, check-in and
   * check-out allowed.
   */
  nextArrival: isoDate.nullable(),
  /** The minimum stay for an arrival on nextArrival (at least 1). */
  minStayNights: z.number().int().nullable(),
  arrivalMissing: GlanceMissing.nullable()
})
export type ListingGlance = z.infer<typeof ListingGlance>

/** A row of the Listings table: the summary, with the figures at a glance when asked. */
export const ListingRow = ListingSummary.extend({ glance: ListingGlance.optional() })
export type ListingRow = z.infer<typeof ListingRow>

/** One value of a filter the portfolio actually holds, with how many listings have it. */
export const FacetValue = z.object({
  /** What the filter matches (the name as the service publishes it). */
  value: z.string(),
  /** How the choice reads: the English name too when it differs ("Spain (España)"). */
  label: z.string(),
  count: z.number().int()
})
export type FacetValue = z.infer<typeof FacetValue>

/** The portfolio's own countries, regions and cities, for the filters' choices. */
export const ListingFacets = z.object({
  countries: z.array(FacetValue),
  regions: z.array(FacetValue),
  cities: z.array(FacetValue)
})
export type ListingFacets = z.infer<typeof ListingFacets>

/** What one listing's refresh from the service changed in the offline copy. */
export const ListingRefreshed = z.object({
  listingId: z.number().int(),
  /** Per resource: the service's record differed from the copy (history was recorded). */
  changed: z.object({ listings: z.boolean(), availability: z.boolean(), rates: z.boolean() }),
  /** False when the service no longer publishes the listing (the copy is left as it was). */
  found: z.boolean(),
  refreshedAt: z.number()
})
export type ListingRefreshed = z.infer<typeof ListingRefreshed>

/** The full listing page: the listing as published, with where its parts stand. */
export const ListingPage = z.object({
  listing: Listing,
  reference: KeptReference.nullable(),
  /** When each of the listing's records last changed in the offline copy (null: never seen). */
  seenAt: z.object({
    listings: z.number().nullable(),
    availability: z.number().nullable(),
    rates: z.number().nullable()
  }),
  /** When each resource was last synced as a whole. */
  syncedAt: z.object({
    listings: z.number().nullable(),
    availability: z.number().nullable(),
    rates: z.number().nullable()
  })
})
export type ListingPage = z.infer<typeof ListingPage>

/** A listing image, read through the main process and kept for offline viewing. */
export const ListingImage = z.object({
  /** A data: URL (the window loads nothing from the network). */
  dataUrl: z.string(),
  /** From the kept copy rather than the service just now. */
  fromCopy: z.boolean(),
  fetchedAt: z.number()
})

/** The filtered portfolio as a CSV file the person chooses (always with the figures at a glance). */
export const ListingExportInput = ListingSearchInput.omit({
  limit: true,
  offset: true,
  glance: true
})
