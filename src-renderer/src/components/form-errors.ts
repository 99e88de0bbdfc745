import type { UseFormReturnType } from '@mantine/form'
import { IpcError } from '../ipc/client'

export interface FieldMap {
  /** The part of main's field path that names the form's object (`profile` in `profile.name`). */
  prefix?: string
  /** The form's own field paths. */
  fields: readonly string[]
}

/** The form field main's refusal is about, when it names one of this form's fields. */
export function formFieldOf(err: unknown, map: FieldMap): string | undefined {
  if (!(err instanceof IpcError) || !err.field) return undefined
  if (err.code !== 'bad-input' && err.code !== 'conflict') return undefined
  const path =
    map.prefix && err.field.startsWith(`${map.prefix}.`)
      ? err.field.slice(map.prefix.length + 1)
      : err.field
  return map.fields.includes(path) ? path : undefined
}

/**
 * Puts main's refusal on the field it names (`profile.salesChannel` → the form's
 * `salesChannel`), so the person sees it where they typed. Returns false when it names no
 * field of this form: the caller shows it elsewhere.
 */
export function showOnField<T>(form: UseFormReturnType<T>, err: unknown, map: FieldMap): boolean {
  const path = formFieldOf(err, map)
  if (path === undefined) return false
  form.setFieldError(path, (err as Error).message)
  return true
}
