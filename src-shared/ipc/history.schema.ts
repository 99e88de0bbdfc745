import { z } from 'zod'
import { isoDate } from '../api/common.schema'

/** The change history across IPC: what the syncs recorded, filtered, newest first. */

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
