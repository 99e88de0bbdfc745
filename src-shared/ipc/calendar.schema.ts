import { z } from 'zod'
import { isoDate } from '../api/common.schema'
import { StayFields, checkStay } from '../api/quote.schema'
import { checkStayLength } from '../domain/stay-limits'
import { MISS_CODES } from './availability.schema'
import { ListingSearchInput } from './listings.schema'
import { QuoteView } from './quotes.schema'

/**
 * Rate calendars across IPC: one listing's months and pricing rules, the offline price of a
 * stay, and the portfolio timeline. Answered from the offline copy. Money is integer cents,
 * dates YYYY-MM-DD, instants epoch milliseconds.
 */

const cents = z.number().int()

export const CalendarDay = z.object({
  date: isoDate,
  /** False when the offline copy has no availability for the day. */
  known: z.boolean(),
  available: z.boolean(),
  checkInDay: z.boolean(),
  checkOutDay: z.boolean(),
  minStay: z.number().int(),
  maxStay: z.number().int(),
  priceCents: cents.nullable()
})
export type CalendarDay = z.infer<typeof CalendarDay>

export const CalendarMonths = z.object({
  listingId: z.number().int(),
  months: z.array(z.object({ month: z.string(), days: z.array(CalendarDay) })),
  /** The cheapest and dearest night of the listing's year, for the price-level shading. */
  priceRange: z.object({ lowCents: cents, highCents: cents }).nullable(),
  /** First and last day with availability, and with a rate, in the offline copy. */
  coverage: z.object({
    availability: z.object({ from: isoDate, to: isoDate }).nullable(),
    rates: z.object({ from: isoDate, to: isoDate }).nullable()
  }),
  asOf: z.number().nullable()
})
export type CalendarMonths = z.infer<typeof CalendarMonths>

const PricingFee = z.object({ name: z.string(), basis: z.string().nullable(), fee: z.number() })

/** The rules that shape a listing's prices, beside its calendar. */
export const PricingRules = z.object({
  listingId: z.number().int(),
  longerStay: z.array(z.object({ minNights: z.number().int(), percent: z.number() })),
  longerStayExclusions: z.array(z.object({ from: isoDate, to: isoDate })),
  lastMinute: z.array(z.object({ withinDays: z.number().int(), percent: z.number() })),
  earlyBird: z.array(z.object({ beyondDays: z.number().int(), percent: z.number() })),
  additionalGuests: z
    .object({ upTo: z.number().int(), perNightCents: cents, includedGuests: z.number().int() })
    .nullable(),
  cleaning: z.object({ basis: z.string(), cents }).nullable(),
  /** A fee's amount is EUR, or a percentage when its basis is `% of Rental Amount`. */
  extras: z.array(PricingFee),
  taxes: z.array(PricingFee),
  localTax: PricingFee.nullable(),
  securityDepositCents: cents.nullable(),
  checkInDays: z.array(z.number().int()).nullable(),
  checkOutDays: z.array(z.number().int()).nullable(),
  minimumStay: z.number().int().nullable(),
  maximumStay: z.number().int().nullable(),
  advanceNoticeDays: z.number().int().nullable(),
  maxGuest: z.number().int().nullable(),
  /**
   * The listing's seasons as it publishes them (specialRates.seasonPriceRules): the spec gives a
   * rule no shape, so each is passed on as published and worded as the listing page words it.
   */
  seasons: z.array(z.unknown()),
  /** The listing says its rates are the same all year round (specialRates). */
  sameRatesAllYear: z.boolean()
})
export type PricingRules = z.infer<typeof PricingRules>

export const StayEstimateInput = StayFields.extend({ listingId: z.number().int().positive() })
  .strict()
  .superRefine(checkStay)
  .superRefine(checkStayLength)

export const StayEstimate = z.discriminatedUnion('state', [
  z.object({ state: z.literal('priced'), quote: QuoteView }),
  z.object({
    state: z.literal('unavailable'),
    reasons: z.array(z.object({ code: z.enum(MISS_CODES), message: z.string() }))
  }),
  z.object({ state: z.literal('unknown-listing') })
])
export type StayEstimate = z.infer<typeof StayEstimate>

const TIMELINE_MAX_DAYS = 120

/**
 * The portfolio as rows over the same days. Each day of a row is one letter, so thousands of
 * rows cross IPC cheaply: `o` open, `i` open with check-in allowed, `x` not available, `-` not in
 * the offline copy. Each row carries the kept bookings over its days, and each night's price
 * when `prices` asks for them (only when the days are drawn wide enough to show them).
 */
export const TimelineInput = z
  .object({
    from: isoDate,
    days: z.number().int().min(7).max(TIMELINE_MAX_DAYS),
    offset: z.number().int().min(0),
    limit: z.number().int().min(1).max(500),
    prices: z.boolean().optional(),
    filter: ListingSearchInput.pick({
      text: true,
      country: true,
      region: true,
      city: true,
      minGuests: true,
      minBedrooms: true,
      bookingType: true,
      active: true
    }).optional()
  })
  .strict()

/**
 * A kept booking over a row's days: one whose nights (check-in to the night before check-out)
 * meet the span, in a status that holds them (timelineHoldsNights).
 */
export const TimelineBooking = z.object({
  id: z.string(),
  guestName: z.string().nullable(),
  status: z.string(),
  checkIn: isoDate,
  checkOut: isoDate
})
export type TimelineBooking = z.infer<typeof TimelineBooking>

export const TimelineRows = z.object({
  from: isoDate,
  days: z.number().int(),
  total: z.number().int(),
  rows: z.array(
    z.object({
      listingId: z.number().int(),
      name: z.string(),
      city: z.string().nullable(),
      days: z.string(),
      /** Each night's published price in cents, null without a rate; only when asked for. */
      prices: z.array(cents.nullable()).optional(),
      /** By check-in, then id. */
      bookings: z.array(TimelineBooking)
    })
  )
})
export type TimelineRows = z.infer<typeof TimelineRows>
