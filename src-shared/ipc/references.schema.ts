import { z } from 'zod'
import { CHANNEL_LISTING_STATUSES } from '../api/reference.schema'
import { AppErrorCode } from '../errors'

/**
 * Listing references across IPC: what this profile last set (the service can't be asked), one
 * set, and an imported file checked and applied in batches. Instants are epoch milliseconds.
 */

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
