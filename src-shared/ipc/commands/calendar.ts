import { z } from 'zod'
import {
  CalendarMonths,
  PricingRules,
  StayEstimate,
  StayEstimateInput,
  TimelineInput,
  TimelineRows
} from '../calendar.schema'
import type { ContractSlice } from './common'

export const calendarCommands = {
  /** One listing's months: each night's price, availability and stay rules. */
  'calendar:months': {
    input: z
      .object({
        listingId: z.number().int().positive(),
        from: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM'),
        count: z.number().int().min(1).max(3)
      })
      .strict(),
    output: CalendarMonths
  },
  'calendar:rules': {
    input: z.object({ listingId: z.number().int().positive() }).strict(),
    output: PricingRules.nullable()
  },
  /** The offline price of a stay on the calendar, or why it can't be booked. */
  'calendar:stay': { input: StayEstimateInput, output: StayEstimate },
  /** Many listings as rows over the same days (the portfolio timeline). */
  'calendar:timeline': { input: TimelineInput, output: TimelineRows }
} as const satisfies ContractSlice<'calendar'>
