import { z } from 'zod'
import { intish, salesChannelId } from './common.schema'

export const CHANNEL_LISTING_STATUSES = ['building', 'incomplete', 'active', 'inactive'] as const

const referenceFields = {
  reference: z.string().trim().min(1, 'is required'),
  url: z.url('must be a URL').optional(),
  status: z.enum(CHANNEL_LISTING_STATUSES).optional(),
  scUrl: z.url('must be a URL').optional(),
  scReference: z.string().optional(),
  salesChannel: salesChannelId.optional()
}

/** PATCH /v1/listing/{listingId}/reference */
export const ListingReference = z.object(referenceFields)
export type ListingReference = z.infer<typeof ListingReference>

/** PATCH /v1/listing/references */
export const ListingReferences = z.object({
  salesChannel: salesChannelId.optional(),
  references: z
    .array(z.object({ listingId: intish.pipe(z.number().int().positive()), ...referenceFields }))
    .min(1, 'must hold at least one reference')
})
export type ListingReferences = z.infer<typeof ListingReferences>
