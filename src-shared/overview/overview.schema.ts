import { z } from 'zod'
import { isoDate } from '../api/common.schema'

/** The portfolio overview's and gap nights' IPC shapes (commands/overview.ts names them). */

const count = z.number().int().min(0)
const cents = z.number().int()
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month written YYYY-MM')

/**
 * A period's figures (a month, or the twelve), for a listing, a region or the portfolio. Shares
 * and averages are worked out in main so that the screen, the CSV and the command line say the
 * same; money is cents at the service's published rates.
 */
export const OverviewFigures = z.object({
  /** Days counted (a month's from today on). */
  days: count,
  /** Days the calendar has no record of: neither unavailable nor open. */
  unknown: count,
  /** Days the service marks not available: a booking or an owner's block (it does not say). */
  unavailable: count,
  /** unavailable / (days - unknown); null when no day is known. */
  unavailableShare: z.number().min(0).max(1).nullable(),
  /** Mean published nightly rate over the nights that have one; null when none has. */
  averageRateCents: cents.nullable(),
  pricedNights: count,
  open: count,
  /** The open nights' value at published rates; `openUnpriced` open nights have no rate. */
  openValueCents: cents,
  openUnpriced: count,
  /** Gap nights: open, but no stay inside their run passes the stay rules. */
  gapNights: count,
  gapValueCents: cents,
  gapUnpriced: count
})
export type OverviewFigures = z.infer<typeof OverviewFigures>

const OVERVIEW_SORTS = [
  'id',
  'name',
  'region',
  'unavailableShare',
  'averageRate',
  'openValue',
  'gapNights'
] as const
export type OverviewSort = (typeof OVERVIEW_SORTS)[number]

export const OverviewInput = z
  .object({
    /** Only the listings of this region (its name as the listing gives it). */
    region: z.string().min(1).max(100).optional(),
    /** The period of the regions' and listings' figures: one month, or all twelve without. */
    month: month.optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(1000).default(100),
    sort: z.enum(OVERVIEW_SORTS).default('id'),
    descending: z.boolean().default(false)
  })
  .strict()

export const OverviewListingRow = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.string().nullable(),
  figures: OverviewFigures
})
export type OverviewListingRow = z.infer<typeof OverviewListingRow>

export const Overview = z.object({
  /** The first day counted (UTC). */
  today: isoDate,
  /** The twelve months, each with the figures of the listings selected (the region filter). */
  months: z.array(z.object({ month, figures: OverviewFigures })),
  /** The period the regions' and listings' figures are of: a month, or null for all twelve. */
  period: month.nullable(),
  /** The period's figures of the listings selected. */
  totals: OverviewFigures,
  /** Every region of the portfolio (null: listings that name none), figures for the period. */
  regions: z.array(
    z.object({ region: z.string().nullable(), listings: count, figures: OverviewFigures })
  ),
  region: z.string().nullable(),
  /** A window of the selected listings, sorted as asked. */
  listings: z.object({ total: count, offset: count, items: z.array(OverviewListingRow) })
})
export type Overview = z.infer<typeof Overview>

const GAP_REASONS = [
  'check-in-day',
  'advance-notice',
  'min-stay',
  'check-out-day',
  'max-stay'
] as const

export const GapsInput = z
  .object({
    listingId: z.number().int().positive().optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(500).default(100)
  })
  .strict()

export const GapItem = z.object({
  listingId: z.number().int(),
  name: z.string(),
  region: z.string().nullable(),
  /** First gap night, and the day after the last one within the window. */
  from: isoDate,
  to: isoDate,
  nights: count,
  /** Value of the nights with a published rate; `unpriced` names those without one. */
  valueCents: cents,
  unpriced: z.array(isoDate),
  /** The rule that stops every stay from `arrival` (GapReason in src-shared/overview/gap-nights.ts). */
  reason: z.enum(GAP_REASONS),
  /** The run's first check-in day the advance notice allows; null when it has none. */
  arrival: isoDate.nullable(),
  /** How many check-in days of the run the advance notice allows. */
  arrivals: count,
  /** Nights from `arrival` to the run's end (the whole run, past the window too). */
  nightsLeft: count.nullable(),
  /** The minimum stay (at least 1) and maximum stay (0: none) of `arrival`, or the first night's. */
  minStay: z.number().int().min(1),
  maxStay: count,
  /** The first day the advance notice allows an arrival, when it rules out one of the run's. */
  earliest: isoDate.nullable(),
  /** Whether later arrival days are stopped by other rules than `arrival`'s. */
  mixed: z.boolean()
})
export type GapItem = z.infer<typeof GapItem>

export const Gaps = z.object({
  today: isoDate,
  /** How many days ahead gaps are listed for (90). */
  days: count,
  total: count,
  nights: count,
  valueCents: cents,
  unpriced: count,
  offset: count,
  items: z.array(GapItem)
})
export type Gaps = z.infer<typeof Gaps>

export const OverviewExportInput = z
  .object({ region: z.string().min(1).max(100).optional(), month: month.optional() })
  .strict()
