import { z } from 'zod'
import { none, type ContractSlice } from './common'

// Skeleton: the helper building the overview domain replaces these schemas.
export const overviewCommands = {
  'overview:get': { input: none, output: z.object({}) },
  'overview:gaps': { input: none, output: z.object({}) },
  'overview:export': { input: none, output: z.object({}) }
} as const satisfies ContractSlice<'overview'>
