import { schemaResolver, type FormErrors } from '@mantine/form'

/**
 * The shared schemas word their problems after the field ("is required", "must be at most 500
 * characters"), as main does in its messages ("reason is required"). Under a form field the
 * label goes first, so each message reads whole on its own: "Reason is required".
 */
export function labelErrors(errors: FormErrors, labels: Record<string, string>): FormErrors {
  const out: FormErrors = {}
  for (const [path, message] of Object.entries(errors)) {
    const label = labels[path]
    const text = typeof message === 'string' ? message : String(message ?? '')
    out[path] = label && /^(is|must|has)\b/.test(text) ? `${label} ${text}` : text
  }
  return out
}

/** schemaResolver over a shared schema, its messages labelled (see labelErrors). */
export function labelledResolver(
  schema: Parameters<typeof schemaResolver>[0],
  labels: Record<string, string>
) {
  const resolve = schemaResolver(schema, { sync: true })
  return (values: unknown): FormErrors => labelErrors(resolve(values), labels)
}
