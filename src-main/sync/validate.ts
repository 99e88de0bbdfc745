import { AvailabilityRecord, Listing, RateRecord } from '@shared/api'
import { fastAvailability, fastRates } from '@shared/calendar/fast-records'
import { readPackedDays, readPackedRates } from '@shared/calendar/packed-lines'
import type { z } from 'zod'
import { redactText } from '../api'
import type { PreparedOf, QuarantineInput } from '../db'
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
  return { quarantined: quarantineOf(item, issue.path.join('.') || '(record)', issue.code) }
}

/** What to quarantine: the path and code of the problem, never values, and the raw JSON. */
function quarantineOf(item: unknown, path: string, code: string): QuarantinedRecord {
  // QuarantineInput promises redacted raw JSON: no Bearer values or card-like numbers kept.
  let raw = redactText(JSON.stringify(item) ?? 'undefined')
  if (raw.length > RAW_CAP) raw = raw.slice(0, RAW_CAP)
  return { recordId: recordIdOf(item), path, code, raw }
}

/** A line of a packed snapshot checked: ready to write, a record to prepare, or quarantined. */
export type CheckedLine<R extends SyncResourceName> = CheckedRecord<R> | { prepared: PreparedOf[R] }

const isRecordOf = (resource: SyncResourceName, item: unknown): boolean =>
  typeof item === 'object' &&
  item !== null &&
  Object.hasOwn(item, resource === 'availability' ? 'availability' : 'rate')

/**
 * One line of a hub's packed snapshot (src-shared/calendar/packed-lines.ts). A calendar or rate
 * record the hub could not pack comes as the record (its `availability` or `rate` key says so)
 * and is checked as one; any other line must be a packed record, checked part by part into the
 * form the mirror writes, and quarantined like a record with the path and code of its first
 * problem. Listings are never packed.
 */
export function validatePackedLine<R extends SyncResourceName>(
  resource: R,
  item: unknown
): CheckedLine<R> {
  if (resource === 'listings' || isRecordOf(resource, item)) return validateRecord(resource, item)
  if (resource === 'availability') {
    const read = readPackedDays(item)
    if ('problem' in read)
      return { quarantined: quarantineOf(item, read.problem.path, read.problem.code) }
    const { listingId, packed, extra } = read.checked
    return { prepared: { listingId, packed, extra } as PreparedOf[R] }
  }
  const read = readPackedRates(item)
  if ('problem' in read)
    return { quarantined: quarantineOf(item, read.problem.path, read.problem.code) }
  const { listingId, packed, rules, exact } = read.checked
  return { prepared: { record: { listingId }, packed, rules, exact } as PreparedOf[R] }
}
