import { z } from 'zod'
import { ProfileInput, ProfileView, TokenStatus } from '../../profile.schema'
import { ConnectionVerdict } from '../../profile.schema'
import { none, profileId, type ContractSlice } from './common'

/** The token only ever travels renderer → main (create, set-token); no output carries it. */
export const tokenInput = z
  .string()
  .trim()
  .min(8, 'Token must be at least 8 characters')
  .max(4096, 'Token is too long')
  .regex(/^[\x21-\x7e]+$/, 'Token must be one line of visible characters')

export const profileCommands = {
  'profiles:list': {
    input: none,
    output: z.object({ profiles: z.array(ProfileView), activeId: z.string() })
  },
  'profiles:create': {
    input: z
      .object({
        profile: ProfileInput,
        token: tokenInput.optional(),
        acceptWeakStorage: z.boolean().optional()
      })
      .strict(),
    output: ProfileView
  },
  'profiles:update': {
    input: z.object({ id: z.string().min(1).max(100), profile: ProfileInput }).strict(),
    output: ProfileView
  },
  'profiles:delete': { input: profileId, output: z.object({ leftoverFiles: z.array(z.string()) }) },
  'profiles:activate': { input: profileId, output: ProfileView },
  'profiles:set-token': {
    input: z
      .object({
        id: z.string().min(1).max(100),
        token: tokenInput,
        acceptWeakStorage: z.boolean().optional()
      })
      .strict(),
    output: TokenStatus
  },
  'profiles:clear-token': { input: profileId, output: TokenStatus },
  'profiles:test-connection': { input: profileId, output: ConnectionVerdict }
} as const satisfies ContractSlice<'profiles'>
