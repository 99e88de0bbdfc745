import { commands } from '@shared/ipc/contract'
import { ProfileInput } from '@shared/profile.schema'

/** The contract's own token rule, so the form says exactly what main would refuse. */
const tokenSchema = commands['profiles:set-token'].input.shape.token

export interface ProfileFormValues {
  name: string
  kind: 'test' | 'production'
  baseUrl: string
  salesChannel: string
  salesBrand: string
  /** Create only; never persisted in the renderer beyond the open form. */
  token: string
  acceptWeakStorage: boolean
}

/** Field errors straight from the shared zod schema: its messages already name the field. */
export function validateProfile(values: ProfileFormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  const parsed = ProfileInput.safeParse({
    name: values.name,
    kind: values.kind,
    baseUrl: values.baseUrl,
    salesChannel: values.salesChannel,
    salesBrand: values.salesBrand
  })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'name')
      errors[key] ??= issue.message
    }
  }
  const tokenError = validateToken(values.token, true)
  if (tokenError) errors.token = tokenError
  return errors
}

export function validateToken(token: string, optional: boolean): string | null {
  if (optional && token.trim() === '') return null
  const r = tokenSchema.safeParse(token)
  return r.success ? null : `Token ${r.error.issues[0]?.message ?? 'is not valid'}`
}
