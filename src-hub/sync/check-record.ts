import { AvailabilityRecord, Listing, RateRecord } from '@shared/api'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import { parseRecord, redactText } from '../../src-main/api'
import { surelyValid } from './fast-check'

/**
 * One record of a page, checked against the shared zod schemas the desks check it with
 * (src-shared/api), as the desktop's sync does (src-main/sync/validate.ts, which the hub may not
 * import), after a quick yes for the common shape of calendars and rates (fast-check.ts); a
 * record that gets no quick yes is decided by the schema. A valid record is kept as the bytes the service sent, so desks get exactly what the
 * service said; a rejected one goes to the quarantine with the zod path and code of its first
 * problem and its JSON scrubbed of tokens and card-like numbers, capped as the desktop caps it.
 */

const SCHEMAS = { listings: Listing, availability: AvailabilityRecord, rates: RateRecord } as const

/** Raw JSON of a rejected record is kept for a person to look at, capped as the desktop does. */
const RAW_CAP = 64 * 1024

export interface QuarantinedRecord {
  recordId: string
  path: string
  code: string
  raw: string
}

export type CheckedRecord =
  { valid: { id: number; json: string } } | { quarantined: QuarantinedRecord }

/** The record's text parsed; one that is not JSON fails the page as parseRecord words it. */
function parseJson(json: string, bytes: Buffer): unknown {
  try {
    return JSON.parse(json)
  } catch {
    return parseRecord(bytes)
  }
}

function recordIdOf(item: unknown): string {
  if (item && typeof item === 'object') {
    const r = item as Record<string, unknown>
    const id = r.id ?? r.listingId
    if (typeof id === 'number' || typeof id === 'string') return String(id)
  }
  return '(no id)'
}

export function checkRecord(resource: SyncResourceName, bytes: Buffer): CheckedRecord {
  const json = bytes.toString('utf8')
  const item = parseJson(json, bytes)
  if (surelyValid(resource, item)) {
    return { valid: { id: (item as { listingId: number }).listingId, json } }
  }
  const quarantined = (path: string, code: string): CheckedRecord => ({
    quarantined: {
      recordId: recordIdOf(item),
      path,
      code,
      raw: redactText(json).slice(0, RAW_CAP)
    }
  })
  const parsed = SCHEMAS[resource].safeParse(item)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return quarantined(issue.path.join('.') || '(record)', issue.code)
  }
  const data = parsed.data as { id?: number; listingId?: number }
  return { valid: { id: (resource === 'listings' ? data.id : data.listingId) as number, json } }
}
