import { AvailabilityRecord, Listing, RateRecord } from '@shared/api'
import { fastAvailability, fastRates } from '@shared/calendar/fast-records'
import type { z } from 'zod'
import { redactText } from '../api'
import type { QuarantineInput } from '../db'
import type { SyncResourceName } from '@shared/ipc/sync.schema'

const schemas = { listings: Listing, availability: AvailabilityRecord, rates: RateRecord } as const

export type QuarantinedRecord = QuarantineInput

/** Raw JSON of a rejected record is kept for replay, capped so one huge record can't bloat the DB. */
const RAW_CAP = 64 * 1024

function recordIdOf(raw: unknown): string | undefined {
  if (raw && typeof raw === 'object') {
    const r = raw as Record<string, unknown>
    const id = r.id ?? r.listingId
    if (typeof id === 'number' || typeof id === 'string') return String(id)
  }
  return undefined
}

const fastPaths: Partial<Record<SyncResourceName, (item: unknown) => unknown>> = {
  availability: fastAvailability,
  rates: fastRates
}

/** One record checked: the schema's output, or what to quarantine. */
export type CheckedRecord<R extends SyncResourceName> =
  { valid: z.output<(typeof schemas)[R]> } | { quarantined: QuarantinedRecord }

/**
 * Checks one record against its resource's schema. Only the zod path and code are kept as the
 * reason for a rejected one (never values), per the quarantine policy.
 */
export function validateRecord<R extends SyncResourceName>(
  resource: R,
  item: unknown
): CheckedRecord<R> {
  const fastPath = fastPaths[resource]
  const fast = fastPath?.(item)
  if (fast) return { valid: fast as z.output<(typeof schemas)[R]> }
  const parsed = schemas[resource].safeParse(item)
  if (parsed.success) return { valid: parsed.data as z.output<(typeof schemas)[R]> }
  const issue = parsed.error.issues[0]
  // QuarantineInput promises redacted raw JSON: no Bearer values or card-like numbers kept.
  let raw = redactText(JSON.stringify(item) ?? 'undefined')
  if (raw.length > RAW_CAP) raw = raw.slice(0, RAW_CAP)
  return {
    quarantined: {
      recordId: recordIdOf(item),
      path: issue.path.join('.') || '(record)',
      code: issue.code,
      raw
    }
  }
}
