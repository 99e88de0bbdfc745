import { z } from 'zod'
import { Alert, AlertKind, AlertStatus, GuardrailRules } from '../../watch/alert.schema'
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

// The owner of the watch domain completes 'watch:check' and 'watch:booking-price'.
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
    output: z.object({})
  },
  'watch:rules': { input: none, output: GuardrailRules },
  'watch:set-rules': { input: GuardrailRules, output: z.object({ saved: z.boolean() }) },
  'watch:booking-price': {
    input: z.object({ bookingId: z.string().min(1).max(64) }).strict(),
    output: z.object({})
  }
} as const satisfies ContractSlice<'watch'>
