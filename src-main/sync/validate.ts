import { AvailabilityRecord, Listing, RateRecord } from '@shared/api'
import { fastAvailability, fastRates } from '@shared/calendar/fast-records'
import { readPackedDays, readPackedRates } from '@shared/calendar/packed-lines'
import type { z } from 'zod'
import { redactText } from '../api'
import type { PreparedOf, QuarantineInput } from '../db'
import { inflatedFrom } from '../db/listing-json'
import { prepareListing } from '../db/repos/listings'
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

/** A record the hub could not pack says so by its own key: a listing's `id`, else the days. */
const RECORD_KEY = { listings: 'id', availability: 'availability', rates: 'rate' } as const

const isRecordOf = (resource: SyncResourceName, item: unknown): boolean =>
  typeof item === 'object' && item !== null && Object.hasOwn(item, RECORD_KEY[resource])

/**
 * One line of a hub's packed snapshot (src-shared/calendar/packed-lines.ts for calendars and
 * rates, src-main/db/listing-json.ts for listings). A record the hub could not pack comes as the
 * record (its `id`, `availability` or `rate` key says so) and is checked as one. A calendar or
 * rate line is checked part by part into the form the mirror writes, and quarantined like a
 * record with the path and code of its first problem. A listing line's deflated JSON is inflated
 * into the record, which is parsed and checked by the schema as any record (quarantined as one if
 * it fails); bytes that do not inflate or hold no JSON, or a listing other than the line names,
 * are quarantined under the line's listingId (a retry asks for the record). The hub's bytes are
 * stored only where they prove to be this desk's own (prepareListing).
 */
export function validatePackedLine<R extends SyncResourceName>(
  resource: R,
  item: unknown,
  seenAt: number
): CheckedLine<R> {
  if (isRecordOf(resource, item)) return validateRecord(resource, item)
  if (resource === 'listings') return checkListingLine(item, seenAt) as CheckedLine<R>
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

function checkListingLine(item: unknown, seenAt: number): CheckedLine<'listings'> {
  const line = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>
  if (typeof line.deflated !== 'string') {
    return { quarantined: quarantineOf(item, 'deflated', 'invalid_type') }
  }
  const inflated = inflatedFrom(line.deflated)
  if (!inflated) return { quarantined: quarantineOf(item, 'deflated', 'invalid_deflate') }
  let record: unknown
  try {
    record = JSON.parse(inflated.json)
  } catch {
    return { quarantined: quarantineOf(item, 'deflated', 'invalid_json') }
  }
  // Quarantined, the listing is kept as the record itself: what a retry or a reader replays.
  const checked = validateRecord('listings', record)
  if (!('valid' in checked)) return checked
  if (line.listingId !== checked.valid.id) {
    return { quarantined: quarantineOf(item, 'listingId', 'invalid_value') }
  }
  return {
    prepared: prepareListing(checked.valid, seenAt, {
      json: inflated.json,
      packed: inflated.bytes,
      pricing: line.pricing
    })
  }
}
