import { z } from 'zod'
import { isoDate } from '../api/common.schema'
import { StayFields, checkStay } from '../api/quote.schema'
import { checkStayLength } from '../domain/stay-limits'

/**
 * The quote calculator across IPC: the service's live quote beside the estimate from the
 * offline copy. Money is integer cents, dates YYYY-MM-DD, instants epoch milliseconds. How a
 * quote is built and compared is in src-shared/domain/quote-view.ts.
 */

const cents = z.number().int()

/** A quote in cents, from the service or estimated from the offline copy. */
export const QuoteView = z.object({
  /** Nights at their base rate plus extra guests, before any discount (rentalRate + discount). */
  beforeDiscountCents: cents,
  discountCents: cents,
  /** Which rule gave the discount: known for the offline estimate only (the service only gives the amount). */
  discountRule: z
    .object({ kind: z.enum(['longerStay', 'lastMinute', 'earlyBird']), percent: z.number() })
    .nullable(),
  rentalRateCents: cents,
  cleaningFeeBasis: z.string(),
  cleaningCents: cents,
  /** rentalRate, plus cleaning when mandatory; never taxes (they are paid at check-in). */
  totalCents: cents,
  taxes: z.array(z.object({ name: z.string(), cents })),
  localTaxCents: cents.nullable(),
  securityDepositCents: cents,
  instalments: z.array(z.object({ name: z.string(), amountCents: cents, dueDate: isoDate })),
  bookingType: z.string(),
  cancellationPolicyName: z.string().nullable(),
  cancellation: z.string().nullable(),
  /** Offline only: each night's rate. */
  nightly: z.array(z.object({ date: isoDate, cents })).nullable()
})
export type QuoteView = z.infer<typeof QuoteView>

export const QuoteInput = StayFields.extend({
  listingId: z.number().int().positive(),
  customerCountry: z.string().length(2, 'must be a two-letter country code').optional(),
  customerLanguage: z.string().min(2).max(3).optional()
})
  .strict()
  .superRefine(checkStay)
  .superRefine(checkStayLength)

const QuoteSide = z.discriminatedUnion('state', [
  z.object({ state: z.literal('priced'), quote: QuoteView }),
  z.object({ state: z.literal('unavailable'), reasons: z.array(z.string()) }),
  /** The service could not be asked (offline, failing): not an error, the estimate still shows. */
  z.object({ state: z.literal('unreachable'), message: z.string() }),
  /** The offline copy holds no such listing. */
  z.object({ state: z.literal('unknown-listing') })
])

export const QuoteAnswer = z.object({
  listing: z
    .object({
      id: z.number().int(),
      name: z.string(),
      bookingType: z.string().nullable(),
      maxGuest: z.number().nullable()
    })
    .nullable(),
  live: QuoteSide,
  offline: QuoteSide,
  /** Fields on which the live quote and the estimate differ: a sign the offline copy is stale. */
  differences: z.array(
    z.object({ field: z.string(), label: z.string(), live: z.string(), offline: z.string() })
  ),
  /** When the offline copy of this listing's rates was last synced or refreshed. */
  offlineAsOf: z.number().nullable(),
  askedAt: z.number()
})
export type QuoteAnswer = z.infer<typeof QuoteAnswer>
