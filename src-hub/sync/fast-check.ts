import { fastAvailability, fastRates } from '@shared/calendar/fast-records'
import type { SyncResourceName } from '@shared/ipc/sync.schema'

/**
 * A quick yes for the common shape of the two large records, without zod: a calendar holds 730
 * days and a rate record 365 prices, and zod's check of them cost about twice their JSON.parse
 * (the largest part of the hub's own work in a full sync). It answers only "surely valid under
 * the shared schema", by the desks' own fast paths (src-shared/calendar/fast-records.ts): numbers
 * as numbers, days with the five typed fields, prices under real dates. Anything else (numeric
 * strings, which the schema also accepts, missing or odd fields) answers false and the record
 * goes to the shared schema, which decides and names the problem for the quarantine. The hub
 * keeps the service's bytes; a record as the service sends it is returned as it came, so the
 * fast paths build nothing for it.
 */
export function surelyValid(resource: SyncResourceName, item: unknown): boolean {
  if (resource === 'availability') return fastAvailability(item) !== undefined
  if (resource === 'rates') return fastRates(item) !== undefined
  return false
}
