import { z } from 'zod'
import { tokenInput } from '@shared/ipc/commands/profiles'
import { ProfileInput } from '@shared/profile.schema'

/**
 * The profile form checked with the shared schemas main checks with (schemaResolver): the form
 * shows every problem at once, in the words main would use. An empty token means "set it later".
 */
export const ProfileForm = ProfileInput.extend({
  kind: z.enum(['test', 'production'], { error: 'Kind must be test or production' }),
  token: z.union([z.literal(''), tokenInput]),
  acceptWeakStorage: z.boolean()
})
export type ProfileFormValues = z.input<typeof ProfileForm>

export const PROFILE_FIELDS = [
  'name',
  'kind',
  'connection',
  'baseUrl',
  'salesChannel',
  'salesBrand',
  'token'
] as const

export const TokenForm = z.object({ token: tokenInput, acceptWeakStorage: z.boolean() })
export type TokenFormValues = z.input<typeof TokenForm>
