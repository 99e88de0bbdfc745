import { schemaResolver, type FormErrors } from '@mantine/form'
import type { z } from 'zod'
import { CHANNEL_LISTING_STATUSES } from '@shared/api/reference.schema'
import { isOutage } from '@shared/errors'
import type { CommandInput } from '@shared/ipc/contract'
import {
  ReferenceInput,
  type KeptReference,
  type SetReferenceOutcome
} from '@shared/ipc/references.schema'
import { formFieldOf } from '../../components/form-errors'
import { IpcError } from '../../ipc/client'
import { describeError } from '../../ipc/errors'

/**
 * The listing's reference on this channel, as the page's form edits it: the form's values, the
 * command's input, the shared schema's checks under each field, and what came of a click.
 */

export type ChannelStatus = (typeof CHANNEL_LISTING_STATUSES)[number]

export interface ReferenceValues {
  reference: string
  url: string
  status: ChannelStatus | null
}

export const REFERENCE_FIELDS = ['reference', 'url', 'status'] as const

export const REFERENCE_LABELS = {
  reference: 'Reference',
  url: 'URL',
  status: 'Status on the channel'
} as const

export const STATUS_WORDS: Record<ChannelStatus, string> = {
  building: 'Building',
  incomplete: 'Incomplete',
  active: 'Active',
  inactive: 'Inactive'
}

/** The form starts from what this profile last set, so an edit changes only what it means to. */
export function referenceValues(kept: KeptReference | null | undefined): ReferenceValues {
  return { reference: kept?.reference ?? '', url: kept?.url ?? '', status: kept?.status ?? null }
}

/** What is sent: an empty URL or status is left out (the service keeps no "empty" for them). */
function payload(v: ReferenceValues) {
  const url = v.url.trim()
  return {
    reference: v.reference,
    ...(url ? { url } : {}),
    ...(v.status ? { status: v.status } : {})
  }
}

export function referenceInput(
  listingId: number,
  v: ReferenceValues,
  confirmation?: string
): CommandInput<'references:set'> {
  return {
    listingId,
    ...payload(v),
    ...(confirmation !== undefined ? { confirmation } : {})
  }
}

const check = schemaResolver(ReferenceInput.pick({ reference: true, url: true, status: true }), {
  sync: true
})

/**
 * The shared schema's checks (main runs the same), each message led by its field's label:
 * "Reference is required", "URL must be a URL".
 */
export function validateReference(v: ReferenceValues): FormErrors {
  const out: FormErrors = {}
  for (const [path, message] of Object.entries(check(payload(v)))) {
    const label = REFERENCE_LABELS[path as keyof typeof REFERENCE_LABELS]
    const text = String(message ?? '')
    out[path] = label && /^(is|must)\b/.test(text) ? `${label} ${text}` : text
  }
  return out
}

export interface ReferenceOutcome {
  kind: 'done' | 'refused' | 'unknown' | 'not-sent'
  title: string
  message: string
  /** An outage: said in the outage colour, not as a failure of StayDesk. */
  outage: boolean
}

/**
 * What one click came to. Main answers done, refused or unknown; a request that never left
 * (the service unreachable, the journal unable to record it, the same request already on its
 * way, a production confirmation missing) comes back as an error and is "not sent". A refusal
 * naming one of the form's fields is shown on that field instead (null here).
 */
export function referenceOutcome(
  result: z.infer<typeof SetReferenceOutcome> | undefined,
  error: unknown
): ReferenceOutcome | null {
  if (result?.outcome === 'done') {
    return {
      kind: 'done',
      title: 'Reference set',
      message: `The service accepted “${result.reference.reference}” for this listing.`,
      outage: false
    }
  }
  if (result?.outcome === 'refused') {
    return {
      kind: 'refused',
      title: 'Refused by the service',
      message: result.message,
      outage: false
    }
  }
  if (result?.outcome === 'unknown') {
    return { kind: 'unknown', title: 'Outcome unknown', message: result.message, outage: false }
  }
  if (!error) return null
  if (formFieldOf(error, { fields: REFERENCE_FIELDS })) return null
  const d = describeError(error)
  const field = error instanceof IpcError ? error.field : undefined
  const notSent =
    d.code === 'offline' ||
    d.code === 'conflict' ||
    d.code === 'database' ||
    field === 'confirmation' ||
    field === 'listingId'
  if (notSent) {
    return {
      kind: 'not-sent',
      title: 'Not sent',
      message: `${d.message} Nothing changed on the service.`,
      outage: isOutage(d.code)
    }
  }
  if (d.code === 'timeout' || d.code === 'outcome-unknown') {
    return { kind: 'unknown', title: 'Outcome unknown', message: d.message, outage: false }
  }
  return {
    kind: 'refused',
    title: 'Refused by the service',
    message: `${d.message} ${d.action}`,
    outage: false
  }
}
