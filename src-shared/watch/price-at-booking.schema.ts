import { z } from 'zod'
import { isoDate } from '../api/common.schema'

/**
 * 'watch:booking-price': a kept booking's stay priced from the rates as they stood when it was
 * made (today's mirror rolled back through the history's changes) beside what the booking says
 * it cost, and the rule that differs when they disagree (src-shared/watch/price-at-booking.ts).
 */

export const BookingPriceInput = z.object({ bookingId: z.string().trim().min(1).max(64) }).strict()
export type BookingPriceInput = z.infer<typeof BookingPriceInput>

/** The price's parts, in the order they add up (docs/pricing.md, "The price"). */
const PriceAtBookingLineKey = z.enum([
  'nightly',
  'extra-guests',
  'discount',
  'rental',
  'cleaning',
  'total'
])
type PriceAtBookingLineKey = z.infer<typeof PriceAtBookingLineKey>

export const PriceAtBookingLine = z.object({
  key: PriceAtBookingLineKey,
  label: z.string(),
  /**
   * Signed cents as the line adds up (the discount negative; subtotals and the total are sums
   * of the lines above them); null when not known.
   */
  cents: z.number().int().nullable(),
  /** What the booking itself says for this line, signed alike; null when its read has none. */
  bookingCents: z.number().int().nullable(),
  /** rental and total: sums of the lines above, not parts of the sum. */
  subtotal: z.boolean(),
  /** The rule behind the line, or why it is not known, in words. */
  note: z.string().nullable()
})
export type PriceAtBookingLine = z.infer<typeof PriceAtBookingLine>

export const PriceAtBookingNight = z.object({
  date: isoDate,
  /** The night's published rate when the booking was made; null when not known. */
  cents: z.number().int().nullable(),
  /** Its published rate in the mirror now; null when the mirror has none (a past night). */
  nowCents: z.number().int().nullable()
})
export type PriceAtBookingNight = z.infer<typeof PriceAtBookingNight>

/** Which rule of the price differs, named as docs/pricing.md names it. */
export const PriceRule = z.enum(['nightly-rates', 'extra-guests', 'discount', 'cleaning', 'total'])
export type PriceRule = z.infer<typeof PriceRule>

export const PriceDifference = z.object({
  rule: PriceRule,
  /** Signed cents: the booking's amount minus the amount at the rates of the day. */
  deltaCents: z.number().int(),
  /** One sentence naming the rule and both amounts. */
  words: z.string()
})
export type PriceDifference = z.infer<typeof PriceDifference>

export const BookingPriceAtBooking = z.object({
  bookingId: z.string(),
  listingId: z.number().int().nullable(),
  listingName: z.string().nullable(),
  from: isoDate,
  to: isoDate,
  /** When the booking was made (epoch ms): its first payment, else the day its first instalment was due. */
  madeAt: z.number().int().nullable(),
  madeOn: isoDate.nullable(),
  /** How madeAt is known: the payment's time, or only the day (the first instalment's due date). */
  madeFrom: z.enum(['payment-date', 'first-instalment']).nullable(),
  /** Since when the mirror's history of this listing is complete (epoch ms); null: no history. */
  historyStartsAt: z.number().int().nullable(),
  /** same: the rates of the day give the booking's total; differs: a rule differs; not-known. */
  verdict: z.enum(['same', 'differs', 'not-known']),
  /** The outcome in one sentence; the differences and unknowns say why. */
  summary: z.string(),
  /** Lines that add up to the total at the rates of the day, each beside the booking's. */
  lines: z.array(PriceAtBookingLine),
  nights: z.array(PriceAtBookingNight),
  differences: z.array(PriceDifference),
  /** What is not known, one sentence each ("Nightly rates: not known: the history starts on …"). */
  unknowns: z.array(z.string()),
  /** Changes of the listing's rates and fields seen after the booking was made, rolled back. */
  changesRolledBack: z.number().int().min(0),
  /** When the mirror last saw the listing's rates (epoch ms): the data's age. */
  ratesSeenAt: z.number().int().nullable(),
  /**
   * How far the service's clock (madeAt) ran ahead of this computer's (the history's) at the
   * last sync, as measured; null before a delta sync measured it.
   */
  serviceClockAheadMs: z.number().int().nullable().optional()
})
export type BookingPriceAtBooking = z.infer<typeof BookingPriceAtBooking>
