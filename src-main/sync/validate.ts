import { AvailabilityRecord, Listing, RateRecord } from '@shared/api'
import type { z } from 'zod'
import type { QuarantineInput, SyncResource } from '../db'

export type { SyncResource }

const schemas = { listings: Listing, availability: AvailabilityRecord, rates: RateRecord } as const

export type QuarantinedRecord = QuarantineInput

export interface ValidatedPage<R extends SyncResource> {
  valid: z.output<(typeof schemas)[R]>[]
  quarantined: QuarantinedRecord[]
}

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

/**
 * Splits a page into records the schema accepts and records to quarantine. Only the zod path
 * and code are kept as the reason (never values), per the quarantine policy.
 */
export function validatePage<R extends SyncResource>(
  resource: R,
  items: unknown[]
): ValidatedPage<R> {
  const schema = schemas[resource]
  const valid: z.output<(typeof schemas)[R]>[] = []
  const quarantined: QuarantinedRecord[] = []
  for (const item of items) {
    const parsed = schema.safeParse(item)
    if (parsed.success) {
      valid.push(parsed.data as z.output<(typeof schemas)[R]>)
      continue
    }
    const issue = parsed.error.issues[0]
    let raw = JSON.stringify(item) ?? 'undefined'
    if (raw.length > RAW_CAP) raw = raw.slice(0, RAW_CAP)
    quarantined.push({
      recordId: recordIdOf(item),
      path: issue.path.join('.') || '(record)',
      code: issue.code,
      raw
    })
  }
  return { valid, quarantined }
}
