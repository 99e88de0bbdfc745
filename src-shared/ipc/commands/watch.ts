import { z } from 'zod'
import { none, type ContractSlice } from './common'

// Skeleton: the helper building the watch domain replaces these schemas.
export const watchCommands = {
  'watch:alerts': { input: none, output: z.object({}) },
  'watch:set-status': { input: none, output: z.object({}) },
  'watch:check': { input: none, output: z.object({}) },
  'watch:rules': { input: none, output: z.object({}) },
  'watch:set-rules': { input: none, output: z.object({}) },
  'watch:gaps': { input: none, output: z.object({}) },
  'watch:booking-price': { input: none, output: z.object({}) }
} as const satisfies ContractSlice<'watch'>
