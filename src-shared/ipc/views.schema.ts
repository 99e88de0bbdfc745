import { z } from 'zod'
import { AppErrorCode } from '../errors'

/**
 * Shapes that cross IPC besides the API's own resources. The main process builds these from
 * the mirror and the sync engine; its handlers are type-checked against them, so a drift
 * between the two sides is a compile error.
 */

export const SYNC_RESOURCES = ['listings', 'availability', 'rates'] as const
export const SyncResourceName = z.enum(SYNC_RESOURCES)
export type SyncResourceName = z.infer<typeof SyncResourceName>

export const ErrorAt = z.object({ code: AppErrorCode, message: z.string(), at: z.number() })

export const ResourceStatus = z.object({
  resource: SyncResourceName,
  /** 'never' until a first sync has committed anything. */
  phase: z.enum(['never', 'full', 'delta']),
  lastSuccessAt: z.number().nullable(),
  /** Milliseconds since the last successful sync, null when never synced. */
  dataAgeMs: z.number().nullable(),
  records: z.number().int(),
  quarantined: z.number().int(),
  lastError: ErrorAt.nullable()
})
export type ResourceStatus = z.infer<typeof ResourceStatus>

export const SyncStatus = z.object({
  profileId: z.string(),
  running: z.boolean(),
  /** The service could not be reached on the last attempt; the mirror still answers. */
  offline: z.boolean(),
  resources: z.array(ResourceStatus)
})
export type SyncStatus = z.infer<typeof SyncStatus>

export const ResourceSyncResult = z.object({
  resource: SyncResourceName,
  mode: z.enum(['full', 'delta', 'full+delta']),
  pages: z.number().int(),
  records: z.number().int(),
  changed: z.number().int(),
  quarantined: z.number().int(),
  /**
   * The saved point to resume an interrupted full download from was refused by the service
   * (404 or 410), so the download started over; what was saved before is kept.
   */
  restarted: z.boolean().optional()
})
export type ResourceSyncResult = z.infer<typeof ResourceSyncResult>

export const SyncSummary = z.object({
  profileId: z.string(),
  full: z.boolean(),
  startedAt: z.number(),
  finishedAt: z.number(),
  results: z.array(ResourceSyncResult),
  errors: z.array(z.object({ resource: SyncResourceName, code: AppErrorCode, message: z.string() }))
})
export type SyncSummary = z.infer<typeof SyncSummary>

export const SyncProgressEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    resource: SyncResourceName,
    mode: z.enum(['full', 'delta'])
  }),
  z.object({
    type: z.literal('page'),
    resource: SyncResourceName,
    mode: z.enum(['full', 'delta']),
    /** Pages and valid records of this walk so far. */
    pagesDone: z.number().int(),
    recordsDone: z.number().int(),
    quarantined: z.number().int(),
    /** Records the walk will bring in all (the service's X-Total-Count), when known. */
    total: z.number().int().optional(),
    /**
     * A changes-only walk right after a full download in the same run, picking up what changed
     * while it ran: a continuation of that run, not a new start (its counts are its own).
     */
    catchUp: z.boolean().optional()
  }),
  z.object({ type: z.literal('done'), resource: SyncResourceName, result: ResourceSyncResult }),
  z.object({
    type: z.literal('error'),
    resource: SyncResourceName,
    code: AppErrorCode,
    message: z.string()
  })
])
export type SyncProgressEvent = z.infer<typeof SyncProgressEvent>

export const QuarantinedRecordView = z.object({
  resource: SyncResourceName,
  recordId: z.string().optional(),
  path: z.string(),
  code: z.string(),
  firstSeen: z.number(),
  lastSeen: z.number(),
  count: z.number().int()
})

/** Columns the listings search can order by; every page follows the order (not just one page). */
export const LISTING_SORT_KEYS = [
  'id',
  'referenceNumber',
  'name',
  'city',
  'country',
  'maxGuest',
  'bedrooms'
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
    sort: ListingSort.optional()
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

export const ConnectionVerdict = z.object({
  ok: z.boolean(),
  /** One sentence for the Profiles screen: what happened and what to do next. */
  verdict: z.string(),
  code: AppErrorCode.optional(),
  listings: z.number().int().optional(),
  /** How long the service took to answer; absent when no answer arrived. */
  latencyMs: z.number().optional()
})
export type ConnectionVerdict = z.infer<typeof ConnectionVerdict>

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

/** Data the offline copy keeps besides the synced resources: bookings read, references set. */
export const KEPT_DATA = ['bookings', 'references'] as const
export const DataResource = z.enum([...SYNC_RESOURCES, ...KEPT_DATA])
export type DataResource = z.infer<typeof DataResource>
