import { z } from 'zod'
import { none, type ContractSlice } from './common'

// Skeleton: the helper building the notify domain replaces these schemas.
export const notifyCommands = {
  'notify:settings': { input: none, output: z.object({}) },
  'notify:set': { input: none, output: z.object({}) }
} as const satisfies ContractSlice<'notify'>
