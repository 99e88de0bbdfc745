import type { ResourceStatus, SyncStatus } from '@shared/ipc/views.schema'
import { ago, formatNumber } from './format'

const NOUN: Record<ResourceStatus['resource'], [string, string]> = {
  listings: ['listing', 'listings'],
  availability: ['calendar', 'calendars'],
  rates: ['rate record', 'rate records']
}

/** A copy last synced longer ago than this is flagged: prices and nights may well have moved. */
export const STALE_AFTER_MS = 24 * 60 * 60_000

/**
 * How a data-age line should look: `fresh` (quiet grey), `stale` (synced more than a day ago)
 * or `offline` (the service can't be reached right now); both of the latter stand out.
 */
export type DataAgeTone = 'fresh' | 'stale' | 'offline'

export function isStale(r: Pick<ResourceStatus, 'lastSuccessAt'>, now: number): boolean {
  return r.lastSuccessAt !== null && now - r.lastSuccessAt > STALE_AFTER_MS
}

export function dataAgeTone(status: SyncStatus, r: ResourceStatus, now: number): DataAgeTone {
  if (status.offline) return 'offline'
  return isStale(r, now) ? 'stale' : 'fresh'
}

/**
 * Where a screen's data comes from and how old it is, in one line: "Offline copy, synced 5
 * minutes ago", or, while the first download is still filling it, how much it holds so far
 * (never "never synced" above rows that are plainly there). A copy more than a day old says so
 * in words, not only by its date.
 */
export function dataAgeText(status: SyncStatus, r: ResourceStatus, now: number): string {
  const [one, many] = NOUN[r.resource]
  let age: string
  if (r.lastSuccessAt !== null) age = `synced ${ago(r.lastSuccessAt, now)}`
  else if (r.records > 0) {
    age = `first download ${status.running ? 'in progress' : 'not finished'}: ${formatNumber(r.records)} ${r.records === 1 ? one : many} so far`
  } else age = status.running ? 'first download in progress' : 'not synced yet'
  const parts = [`Offline copy, ${age}`]
  if (isStale(r, now)) parts.push('older than a day: a sync brings it up to date')
  if (status.offline) parts.push('the service can’t be reached right now')
  if (status.running && r.lastSuccessAt !== null) parts.push('sync running')
  return parts.join(' · ')
}
