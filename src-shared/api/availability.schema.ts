import { z } from 'zod'
import { intish, isoDate } from './common.schema'

/** One day of a listing's calendar. minStay/maxStay apply to stays arriving on this day. */
export const AvailabilityDay = z.object({
  available: z.boolean(),
  checkInDay: z.boolean(),
  checkOutDay: z.boolean(),
  minStay: intish.pipe(z.number().min(0)),
  maxStay: intish.pipe(z.number().min(0))
})
export type AvailabilityDay = z.infer<typeof AvailabilityDay>

export const AvailabilityRecord = z.object({
  listingId: intish,
  availability: z.record(isoDate, AvailabilityDay)
})
export type AvailabilityRecord = z.infer<typeof AvailabilityRecord>

export const AvailabilityPage = z.array(AvailabilityRecord)

/** GET /v1/availability/listing/{listingId} wraps its records in `{list: [...]}`. */
export const AvailabilityByListing = z.object({ list: z.array(AvailabilityRecord) })
