import { z } from 'zod'
import { Listing } from '../api/listing.schema'
import { CHANNEL_LISTING_STATUSES } from '../api/reference.schema'
import { isoDate } from '../api/common.schema'
import { StayFields, checkStay } from '../api/quote.schema'
import { checkStayLength } from '../domain/stay-limits'
import { AppErrorCode } from '../errors'
import { MISS_CODES } from './availability.schema'
import { QuoteView } from './desk.schema'
import { ListingSearchInput } from './views.schema'

/**
 * What the property manager's desk takes and gives across IPC: the full listing page, rate
 * calendars and the portfolio timeline, change history, and listing references (the
 * availability search is in availability.schema.ts). Answered from the offline copy unless a name says "live".
 * Money is integer cents, dates YYYY-MM-DD, instants epoch milliseconds.
 */

const cents = z.number().int()

/** A listing's own reference on this channel, as this profile last set it (kept locally). */
export const KeptReference = z.object({
  listingId: z.number().int(),
  reference: z.string(),
  url: z.string().nullable(),
  status: z.enum(CHANNEL_LISTING_STATUSES).nullable(),
  /** When this profile set it (the service has no way to read references back). */
  setAt: z.number()
})
export type KeptReference = z.infer<typeof KeptReference>

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

/** The filtered portfolio as a CSV file the person chooses. */
export const ListingExportInput = ListingSearchInput.omit({ limit: true, offset: true })

export const CalendarDay = z.object({
  date: isoDate,
  /** False when the offline copy has no availability for the day. */
  known: z.boolean(),
  available: z.boolean(),
  checkInDay: z.boolean(),
  checkOutDay: z.boolean(),
  minStay: z.number().int(),
  maxStay: z.number().int(),
  priceCents: cents.nullable()
})
export type CalendarDay = z.infer<typeof CalendarDay>

export const CalendarMonths = z.object({
  listingId: z.number().int(),
  months: z.array(z.object({ month: z.string(), days: z.array(CalendarDay) })),
  /** The cheapest and dearest night of the listing's year, for the price-level shading. */
  priceRange: z.object({ lowCents: cents, highCents: cents }).nullable(),
  /** First and last day with availability, and with a rate, in the offline copy. */
  coverage: z.object({
    availability: z.object({ from: isoDate, to: isoDate }).nullable(),
    rates: z.object({ from: isoDate, to: isoDate }).nullable()
  }),
  asOf: z.number().nullable()
})
export type CalendarMonths = z.infer<typeof CalendarMonths>

const PricingFee = z.object({ name: z.string(), basis: z.string().nullable(), fee: z.number() })

/** The rules that shape a listing's prices, beside its calendar. */
export const PricingRules = z.object({
  listingId: z.number().int(),
  longerStay: z.array(z.object({ minNights: z.number().int(), percent: z.number() })),
  longerStayExclusions: z.array(z.object({ from: isoDate, to: isoDate })),
  lastMinute: z.array(z.object({ withinDays: z.number().int(), percent: z.number() })),
  earlyBird: z.array(z.object({ beyondDays: z.number().int(), percent: z.number() })),
  additionalGuests: z
    .object({ upTo: z.number().int(), perNightCents: cents, includedGuests: z.number().int() })
    .nullable(),
  cleaning: z.object({ basis: z.string(), cents }).nullable(),
  /** A fee's amount is EUR, or a percentage when its basis is `% of Rental Amount`. */
  extras: z.array(PricingFee),
  taxes: z.array(PricingFee),
  localTax: PricingFee.nullable(),
  securityDepositCents: cents.nullable(),
  checkInDays: z.array(z.number().int()).nullable(),
  checkOutDays: z.array(z.number().int()).nullable(),
  minimumStay: z.number().int().nullable(),
  maximumStay: z.number().int().nullable(),
  advanceNoticeDays: z.number().int().nullable(),
  maxGuest: z.number().int().nullable(),
  /**
   * The listing's seasons as it publishes them (specialRates.seasonPriceRules): the spec gives a
   * rule no shape, so each is passed on as published and worded as the listing page words it.
   */
  seasons: z.array(z.unknown()),
  /** The listing says its rates are the same all year round (specialRates). */
  sameRatesAllYear: z.boolean()
})
export type PricingRules = z.infer<typeof PricingRules>

export const StayEstimateInput = StayFields.extend({ listingId: z.number().int().positive() })
  .strict()
  .superRefine(checkStay)
  .superRefine(checkStayLength)

export const StayEstimate = z.discriminatedUnion('state', [
  z.object({ state: z.literal('priced'), quote: QuoteView }),
  z.object({
    state: z.literal('unavailable'),
    reasons: z.array(z.object({ code: z.enum(MISS_CODES), message: z.string() }))
  }),
  z.object({ state: z.literal('unknown-listing') })
])
export type StayEstimate = z.infer<typeof StayEstimate>

export const TIMELINE_MAX_DAYS = 120

/**
 * The portfolio as rows over the same days. Each day of a row is one letter, so thousands of
 * rows cross IPC cheaply: `o` open, `i` open with check-in allowed, `x` not available, `-` not in
 * the offline copy.
 */
export const TimelineInput = z
  .object({
    from: isoDate,
    days: z.number().int().min(7).max(TIMELINE_MAX_DAYS),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(500),
    filter: ListingSearchInput.pick({
      text: true,
      country: true,
      region: true,
      city: true,
      minGuests: true,
      minBedrooms: true,
      bookingType: true,
      active: true
    }).optional()
  })
  .strict()

export const TimelineRows = z.object({
  from: isoDate,
  days: z.number().int(),
  total: z.number().int(),
  rows: z.array(
    z.object({
      listingId: z.number().int(),
      name: z.string(),
      city: z.string().nullable(),
      days: z.string()
    })
  )
})
export type TimelineRows = z.infer<typeof TimelineRows>

export const HISTORY_KINDS = ['price', 'availability', 'listing'] as const

export const HistoryInput = z
  .object({
    listingId: z.number().int().positive().optional(),
    kind: z.enum(HISTORY_KINDS).optional(),
    /** Changes seen from this day on (UTC). */
    from: isoDate.optional(),
    /** Changes seen up to this day (UTC, inclusive). */
    to: isoDate.optional(),
    /** One night or day's changes (price and availability of that date). */
    date: isoDate.optional(),
    limit: z.number().int().min(1).max(1000).optional(),
    offset: z.number().int().min(0).optional()
  })
  .strict()

export const HistoryItem = z.object({
  listingId: z.number().int(),
  listingName: z.string().nullable(),
  kind: z.enum(HISTORY_KINDS),
  /** The night or day (price, availability), the field (listing), or `rule:<name>` (rates). */
  key: z.string(),
  /** Before and after, in words ("€120.00", "closed", "open, check-in"), or JSON for a field. */
  before: z.string(),
  after: z.string(),
  seenAt: z.number()
})
export type HistoryItem = z.infer<typeof HistoryItem>

export const HistoryPage = z.object({ total: z.number().int(), items: z.array(HistoryItem) })

/** One listing's reference to set, as a person or an imported CSV row gives it. */
export const ReferenceInput = z
  .object({
    listingId: z.number().int().positive(),
    reference: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
    url: z.url('must be a URL').max(500, 'must be at most 500 characters').optional(),
    status: z
      .enum(CHANNEL_LISTING_STATUSES, {
        error: `must be one of ${CHANNEL_LISTING_STATUSES.join(', ')}`
      })
      .optional()
  })
  .strict()
export type ReferenceInput = z.infer<typeof ReferenceInput>

export const SetReferenceInput = ReferenceInput.extend({
  confirmation: z.string().max(200).optional()
}).strict()

export const SetReferenceOutcome = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('done'), reference: KeptReference }),
  z.object({ outcome: z.literal('refused'), message: z.string(), code: AppErrorCode }),
  z.object({ outcome: z.literal('unknown'), message: z.string() })
])

/** A row of an imported references file, checked against the portfolio and the kept values. */
export const ImportRow = z.object({
  /** The file's line number (the header is line 1). */
  line: z.number().int(),
  listingId: z.number().int().nullable(),
  listingName: z.string().nullable(),
  reference: z.string(),
  url: z.string().nullable(),
  status: z.string().nullable(),
  /** What this profile last set for the listing, to compare with. */
  current: KeptReference.nullable(),
  change: z.enum(['new', 'changed', 'same', 'invalid']),
  /** Every problem with the row: unknown listing, duplicate reference, bad status, too long. */
  problems: z.array(z.string())
})
export type ImportRow = z.infer<typeof ImportRow>

export const ImportPreview = z.object({
  rows: z.array(ImportRow),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    same: z.number().int(),
    invalid: z.number().int()
  }),
  /** Problems with the file as a whole (no header, a missing column). */
  fileProblems: z.array(z.string())
})
export type ImportPreview = z.infer<typeof ImportPreview>

export const ApplyReferencesInput = z
  .object({
    rows: z.array(ReferenceInput).min(1).max(10_000),
    /** Rows per request to the bulk endpoint. */
    batchSize: z.number().int().min(1).max(500).optional(),
    /** On production: the number of changes, as the dialog asked. */
    confirmation: z.string().max(200).optional()
  })
  .strict()

export const ApplyReferencesResult = z.object({
  results: z.array(
    z.object({
      listingId: z.number().int(),
      outcome: z.enum(['done', 'refused', 'unknown', 'not-sent']),
      message: z.string().nullable(),
      batch: z.number().int()
    })
  ),
  batches: z.number().int(),
  /**
   * The previous values of every listing that had one, as a references CSV: importing it puts
   * them back. Listings that had none are left out (the service can't remove a reference).
   */
  undo: z.object({ csv: z.string(), rows: z.number().int(), withoutPrevious: z.number().int() })
})
export type ApplyReferencesResult = z.infer<typeof ApplyReferencesResult>

/** A screen setting kept per profile (the listings' filters and sort, the last search). */
export const PrefKey = z.enum(['listings.view', 'availability.search', 'timeline.view'])
export type PrefKey = z.infer<typeof PrefKey>
