import type { ResourceStatus, SyncStatus } from '@shared/ipc/views.schema'
import { ago, formatNumber } from './format'

const NOUN: Record<ResourceStatus['resource'], [string, string]> = {
  listings: ['listing', 'listings'],
  availability: ['calendar', 'calendars'],
  rates: ['rate record', 'rate records']
}

/**
 * Where a screen's data comes from and how old it is, in one line: "Offline copy, synced 5
 * minutes ago", or, while the first download is still filling it, how much it holds so far
 * (never "never synced" above rows that are plainly there).
 */
export function dataAgeText(status: SyncStatus, r: ResourceStatus, now: number): string {
  const [one, many] = NOUN[r.resource]
  let age: string
  if (r.lastSuccessAt !== null) age = `synced ${ago(r.lastSuccessAt, now)}`
  else if (r.records > 0) {
    age = `first download ${status.running ? 'in progress' : 'not finished'}: ${formatNumber(r.records)} ${r.records === 1 ? one : many} so far`
  } else age = status.running ? 'first download in progress' : 'not synced yet'
  const parts = [`Offline copy, ${age}`]
  if (status.offline) parts.push('the service can’t be reached right now')
  if (status.running && r.lastSuccessAt !== null) parts.push('sync running')
  return parts.join(' · ')
}
