import { z } from 'zod'
import { isoDate } from '../api/common.schema'

/**
 * The portfolio watch's alerts (issue 23), as main keeps them and every reader (the Alerts
 * screen, notifications, `staydesk alerts`) sees them. Owners may add fields; names stay.
 *
 * - double-booking: a kept confirmed booking's night is bookable again.
 * - price-drop: a night's published price fell more than the rule's percentage.
 * - price-floor: a night's published price is under the floor (the listing's, else the portfolio's).
 * - no-rate: a night open for booking has no published rate (inside the rates' window).
 * - min-stay-jump: a night's minimum stay rose above the rule's limit.
 * - price-at-booking: a kept booking's total differs from its stay priced at the rates of the
 *   day it was made.
 */
export const AlertKind = z.enum([
  'double-booking',
  'price-drop',
  'price-floor',
  'no-rate',
  'min-stay-jump',
  'price-at-booking'
])
export type AlertKind = z.infer<typeof AlertKind>

/** new until opened or listed as seen; dismissed never comes back for the same change. */
export const AlertStatus = z.enum(['new', 'seen', 'dismissed'])
export type AlertStatus = z.infer<typeof AlertStatus>

/** The change as the sync's history recorded it (null when the alert is not about a change). */
export const AlertChange = z.object({
  /** When the sync saw it, epoch ms. */
  seenAt: z.number().int(),
  old: z.json().nullable(),
  new: z.json().nullable()
})

export const Alert = z.object({
  id: z.number().int().positive(),
  kind: AlertKind,
  status: AlertStatus,
  listingId: z.number().int(),
  /** The listing's display name in the mirror, null when the mirror no longer has it. */
  listingName: z.string().nullable(),
  /** The kept booking it is about (double-booking, price-at-booking). */
  bookingId: z.string().nullable(),
  /** The nights concerned, ascending (one or more). */
  nights: z.array(isoDate).min(1),
  /** Old and new value: cents for prices, nights for a minimum stay; null when none. */
  oldValue: z.number().int().nullable(),
  newValue: z.number().int().nullable(),
  /** The rule's threshold that was crossed (percent, cents or nights), when a rule fired. */
  limit: z.number().int().nullable(),
  change: AlertChange.nullable(),
  /**
   * price-floor: which of its nights the offline copy shows open for booking now (the floor
   * guards every published rate, open or not, and the reason says which are open).
   */
  openNights: z.array(isoDate).optional(),
  /** The reason in words, one sentence (src-shared/watch: the same words everywhere). */
  reason: z.string(),
  /** When the watch first and last found it, epoch ms. */
  firstSeen: z.number().int(),
  lastSeen: z.number().int(),
  /**
   * When the watch found the situation over (the night unavailable again, the price moved on),
   * epoch ms; null while it lasts. The same situation coming back later is a new alert.
   */
  endedAt: z.number().int().nullable().optional()
})
export type Alert = z.infer<typeof Alert>

/**
 * A profile's guardrails. null switches a rule off. Defaults: DEFAULT_GUARDRAILS.
 */
export const GuardrailRules = z
  .object({
    /** A night's price falling by more than this percent from what it was. */
    priceDropPercent: z.number().int().min(1).max(99).nullable(),
    /** Portfolio-wide floor in cents: a night priced under it. */
    floorCents: z.number().int().min(0).max(100_000_000).nullable(),
    /** Floors of single listings (override the portfolio's). */
    listingFloors: z
      .array(
        z
          .object({
            listingId: z.number().int().positive(),
            floorCents: z.number().int().min(0).max(100_000_000)
          })
          .strict()
      )
      .max(10_000),
    /** A night open for booking with no published rate. */
    noRate: z.boolean(),
    /** A night's minimum stay rising above this many nights. */
    minStayLimit: z.number().int().min(1).max(365).nullable()
  })
  .strict()
export type GuardrailRules = z.infer<typeof GuardrailRules>

export const DEFAULT_GUARDRAILS: GuardrailRules = {
  priceDropPercent: 30,
  floorCents: 3000,
  listingFloors: [],
  noRate: true,
  minStayLimit: 14
}
