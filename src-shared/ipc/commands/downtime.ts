import { z } from 'zod'
import { none, type ContractSlice } from './common'

// Skeleton: the helper building the downtime domain replaces these schemas.
export const downtimeCommands = {
  'downtime:sheet': { input: none, output: z.object({}) },
  'downtime:save-pdf': { input: none, output: z.object({}) }
} as const satisfies ContractSlice<'downtime'>
