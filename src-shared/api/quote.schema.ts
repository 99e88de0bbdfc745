import { z } from 'zod'
import { eur, intish, isoDate, salesChannelId } from './common.schema'
import { bookingType, cleaningFeeBasis } from './listing.schema'
import { daysBetween, isIsoDate } from '../domain/dates'

/** Who is staying and when: the part shared by quote and booking requests. */
export const StayFields = z.object({
  listingId: intish.pipe(z.number().int().positive('must be a positive listing id')),
  from: isoDate,
  to: isoDate,
  adults: intish.pipe(z.number().int().positive('must be a positive number')),
  children: intish.pipe(z.number().int().min(0, 'must not be negative')).optional(),
  childrenAges: z
    .array(
      intish.pipe(z.number().int().min(0, 'ages go from 0 to 12').max(12, 'ages go from 0 to 12'))
    )
    .optional()
})

type StayInput = { from: string; to: string; children?: number; childrenAges?: number[] }

/** Cross-field rules for a stay; applied to every quote and booking request. */
export function checkStay(stay: StayInput, ctx: z.RefinementCtx): void {
  // zod 4 runs this even when a field already failed, so only compare dates that parsed.
  if (isIsoDate(stay.from) && isIsoDate(stay.to) && daysBetween(stay.from, stay.to) < 1) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' })
  }
  if (
    typeof stay.children === 'number' &&
    Array.isArray(stay.childrenAges) &&
    stay.children !== stay.childrenAges.length
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['childrenAges'],
      message: `must list one age per child (children is ${stay.children})`
    })
  }
}

export const QuoteRequest = StayFields.extend({
  salesChannel: salesChannelId.optional(),
  salesBrand: z.string().optional(),
  customerCountry: z.string().length(2, 'must be a two-letter country code').optional(),
  customerLanguage: z.string().min(2).max(3).optional()
}).superRefine(checkStay)
export type QuoteRequest = z.infer<typeof QuoteRequest>

const GuestPaymentInstallment = z.object({ name: z.string(), amount: eur, dueDate: isoDate })

export const PricedQuote = z.object({
  rentalRate: eur,
  discount: eur,
  bookingType: bookingType,
  cancellation: z.string().optional(),
  taxes: z.array(z.object({ name: z.string(), fee: eur })).default([]),
  localTax: eur.optional(),
  cleaningFeeBasis: cleaningFeeBasis,
  cleaning: eur,
  securityDeposit: eur.optional(),
  guestPaymentInstallments: z.array(GuestPaymentInstallment).default([]),
  cancellationPolicyName: z.string().optional()
})
export type PricedQuote = z.infer<typeof PricedQuote>
export type PricedQuoteWire = z.input<typeof PricedQuote>

export const UnavailableQuote = z.object({
  available: z.literal(false),
  reasons: z.array(z.string())
})
export type UnavailableQuote = z.infer<typeof UnavailableQuote>

/** POST /v1/quote answers 200 either way; the unavailable form is recognised by `available: false`. */
export const QuoteResult = z.union([UnavailableQuote, PricedQuote])
export type QuoteResult = z.infer<typeof QuoteResult>
