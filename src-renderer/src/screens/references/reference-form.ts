import { schemaResolver, type FormErrors } from '@mantine/form'
import { z } from 'zod'
import { CHANNEL_LISTING_STATUSES } from '@shared/api/reference.schema'
import { ReferenceInput, type KeptReference } from '@shared/ipc/references.schema'

/**
 * The one-listing form, checked by the contract's own ReferenceInput fields (main checks the
 * same again), its messages led by the field's label so each reads whole under its field.
 */

export interface ReferenceValues {
  listingId: string | null
  reference: string
  url: string
  status: string | null
}

export const REFERENCE_FIELDS = ['listingId', 'reference', 'url', 'status'] as const

const REFERENCE_LABELS: Record<(typeof REFERENCE_FIELDS)[number], string> = {
  listingId: 'Listing',
  reference: 'Reference',
  url: 'URL',
  status: 'Status'
}

export const EMPTY_REFERENCE: ReferenceValues = {
  listingId: null,
  reference: '',
  url: '',
  status: null
}

const shape = ReferenceInput.shape

/** The form's values: the same field rules as the command, with an empty URL left out. */
const FormSchema = z.object({
  listingId: z
    .string({ error: 'Choose a listing' })
    .regex(/^\d+$/, 'Choose a listing from the list'),
  reference: shape.reference,
  url: z
    .string()
    .trim()
    .pipe(z.union([z.literal(''), shape.url.unwrap()])),
  status: z.enum(CHANNEL_LISTING_STATUSES).nullable()
})

const resolve = schemaResolver(FormSchema, { sync: true })

export function referenceFormErrors(values: ReferenceValues): FormErrors {
  const out: FormErrors = {}
  for (const [path, message] of Object.entries(resolve(values))) {
    const label = REFERENCE_LABELS[path as keyof typeof REFERENCE_LABELS]
    const text = String(message ?? '')
    out[path] = label && /^(is|must)\b/.test(text) ? `${label} ${text}` : text
  }
  return out
}

/** The command's input from valid form values (the URL and status only when given). */
export function referenceInput(values: ReferenceValues): ReferenceInput {
  return {
    listingId: Number(values.listingId),
    reference: values.reference.trim(),
    ...(values.url.trim() ? { url: values.url.trim() } : {}),
    ...(values.status ? { status: values.status as ReferenceInput['status'] } : {})
  }
}

/** The form pre-filled with what this profile last set for the listing (or blank). */
export function valuesFromKept(listingId: string, kept: KeptReference | null): ReferenceValues {
  return {
    listingId,
    reference: kept?.reference ?? '',
    url: kept?.url ?? '',
    status: kept?.status ?? null
  }
}

/** "12 / 100 characters", counted as sent (trimmed), and how many too many. */
export function charCount(text: string, max: number): string {
  const n = text.trim().length
  return `${n} / ${max} characters${n > max ? ` — ${n - max} too many` : ''}`
}
