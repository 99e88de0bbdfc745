import { z } from 'zod'
import { eur, intish, isoDate, numericKeyRecord } from './common.schema'
import { Cleaning, Fee } from './listing.schema'

/** Rate record: a price per night for a year ahead plus the listing's pricing rules. */
const ExclusionPeriod = z.object({ startDate: isoDate, endDate: isoDate })
type ExclusionPeriod = z.infer<typeof ExclusionPeriod>

const AdditionalGuests = z.object({
  /** How many guests beyond the included occupancy may be added (see docs/pricing.md). */
  amount: intish.pipe(z.number().min(0)),
  /** EUR per additional guest per night. */
  price: eur
})

export const RateRecord = z.object({
  listingId: intish,
  rate: z.record(isoDate, eur),
  /** minimum nights (string key) -> discount % when staying more than that many nights. */
  longerStay: numericKeyRecord.optional(),
  longerStayExclusionPeriods: z.array(ExclusionPeriod).optional(),
  /** days (string key) -> discount % when booked less than that many days before check-in. */
  lastMinute: numericKeyRecord.optional(),
  /** days (string key) -> discount % when booked more than that many days before check-in. */
  earlyBird: numericKeyRecord.optional(),
  additionalGuests: AdditionalGuests.optional(),
  cleaning: Cleaning.optional(),
  securityDeposit: eur.optional(),
  extras: z.array(Fee).optional(),
  taxes: z.array(Fee).optional(),
  localTax: Fee.optional()
})
export type RateRecord = z.infer<typeof RateRecord>
export type RateRecordWire = z.input<typeof RateRecord>

export const RatePage = z.array(RateRecord)
