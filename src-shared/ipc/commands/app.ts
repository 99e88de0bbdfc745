import { z } from 'zod'
import { PROFILE_KINDS } from '../../profile.schema'
import { none, type ContractSlice } from './common'

export const AppInfo = z.object({
  version: z.string(),
  dataDir: z.string(),
  profile: z.object({ id: z.string(), name: z.string(), kind: z.enum(PROFILE_KINDS) }),
  /** Something found at start-up that the user must know about (an unreadable profiles file). */
  notice: z.object({ title: z.string(), message: z.string() }).nullable()
})
export type AppInfo = z.infer<typeof AppInfo>

export const appCommands = {
  'app:info': { input: none, output: AppInfo }
} as const satisfies ContractSlice<'app'>
