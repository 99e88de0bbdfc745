import { z } from 'zod'
import { isoDate } from '../../api/common.schema'
import { Alert, AlertKind, AlertStatus, GuardrailRules } from '../../watch/alert.schema'
import { BookingPriceAtBooking, BookingPriceInput } from '../../watch/price-at-booking.schema'
import { none, type ContractSlice } from './common'

const AlertFilter = z
  .object({
    /** 'open': new and seen (the default list); a status: only those. */
    status: z.union([AlertStatus, z.literal('open')]).default('open'),
    kind: AlertKind.optional(),
    listingId: z.number().int().positive().optional(),
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(500).default(200)
  })
  .strict()

/**
 * What a live check of one alert found:
 * - still-bookable: a double-booked night is still open for booking at the service;
 * - closed-again: every night of the alert is unavailable again;
 * - booking-cancelled: the service says the booking itself is cancelled (or expired, declined);
 * - still-applies / resolved: a guardrail hit the service's calendar still shows, or no longer;
 * - unknown: the service did not answer (an outage, never an error of StayDesk).
 */
export const AlertCheckOutcome = z.enum([
  'still-bookable',
  'closed-again',
  'booking-cancelled',
  'still-applies',
  'resolved',
  'unknown'
])
export type AlertCheckOutcome = z.infer<typeof AlertCheckOutcome>

/** One night of the alert as the service answered it; null where it did not say. */
const CheckedNight = z.object({
  date: isoDate,
  available: z.boolean().nullable(),
  /** The published nightly rate in cents (null: none published, or not read). */
  priceCents: z.number().int().nullable(),
  minStay: z.number().int().nullable()
})

export const AlertCheck = z.object({
  id: z.number().int().positive(),
  outcome: AlertCheckOutcome,
  /** The finding in one sentence, e.g. '14 Aug is still bookable at the service.' */
  words: z.string(),
  /** When the service was asked, epoch ms. */
  checkedAt: z.number().int(),
  nights: z.array(CheckedNight),
  /** The booking's status as the service just said it; null when not read (or no booking). */
  bookingStatus: z.string().nullable(),
  /** True when the service could not be reached or did not answer in time (outcome unknown). */
  unreachable: z.boolean()
})
export type AlertCheck = z.infer<typeof AlertCheck>

export const watchCommands = {
  /** Alerts of the active profile, newest first, with the count per status. */
  'watch:alerts': {
    input: AlertFilter,
    output: z.object({
      items: z.array(Alert),
      total: z.number().int(),
      counts: z.object({
        new: z.number().int(),
        seen: z.number().int(),
        dismissed: z.number().int()
      }),
      /** When the watch last ran (after a sync), epoch ms; null before its first run. */
      lastRunAt: z.number().int().nullable()
    })
  },
  'watch:set-status': {
    input: z
      .object({ ids: z.array(z.number().int().positive()).min(1).max(500), status: AlertStatus })
      .strict(),
    output: z.object({ changed: z.number().int() })
  },
  'watch:check': {
    input: z.object({ id: z.number().int().positive() }).strict(),
    output: AlertCheck
  },
  'watch:rules': { input: none, output: GuardrailRules },
  'watch:set-rules': { input: GuardrailRules, output: z.object({ saved: z.boolean() }) },
  /** A kept booking's stay priced at the rates of the day it was made (price at booking). */
  'watch:booking-price': { input: BookingPriceInput, output: BookingPriceAtBooking }
} as const satisfies ContractSlice<'watch'>
