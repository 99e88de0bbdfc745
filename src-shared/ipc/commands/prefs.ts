import { z } from 'zod'
import { PrefKey } from '../prefs.schema'
import type { ContractSlice } from './common'

/** A screen setting kept per profile: small JSON (filters, sort), never data. */
const prefValue = z.json().refine((v) => JSON.stringify(v).length <= 16_384, 'is too large')

export const prefCommands = {
  'prefs:get': {
    input: z.object({ key: PrefKey }).strict(),
    output: z.object({ value: z.json().nullable() })
  },
  'prefs:set': {
    input: z.object({ key: PrefKey, value: prefValue }).strict(),
    output: z.object({ saved: z.boolean() })
  }
} as const satisfies ContractSlice<'prefs'>
