import type { ResourceStatus, SyncStatus } from '@shared/ipc/sync.schema'
import { ago, formatDateTime, formatNumber } from './text'

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

/**
 * The tone of a copy known by when it was last brought up to date (a resource's last sync, or
 * one listing's last refresh): the one rule every data-age line follows.
 */
export function copyAgeTone(asOf: number | null, offline: boolean, now: number): DataAgeTone {
  if (offline) return 'offline'
  return isStale({ lastSuccessAt: asOf }, now) ? 'stale' : 'fresh'
}

export function dataAgeTone(status: SyncStatus, r: ResourceStatus, now: number): DataAgeTone {
  return copyAgeTone(r.lastSuccessAt, status.offline, now)
}

/**
 * A copy's flags in words: in full on the screen's own line under its title, and brief on a
 * panel's line below it (the same screen says the advice once, not on every line).
 */
const FLAG_WORDS = {
  full: {
    stale: 'older than a day: a sync brings it up to date',
    offline: 'the service can’t be reached right now'
  },
  brief: { stale: 'older than a day', offline: 'the service can’t be reached' }
} as const

export type FlagWords = keyof typeof FLAG_WORDS

/** What a line that already says when a copy was made adds in words: its colour is not enough. */
export function ageFlags(
  asOf: number | null,
  offline: boolean,
  now: number,
  words: FlagWords = 'full'
): string[] {
  return [
    ...(isStale({ lastSuccessAt: asOf }, now) ? [FLAG_WORDS[words].stale] : []),
    ...(offline ? [FLAG_WORDS[words].offline] : [])
  ]
}

/** A copy's own age line with its flags: "…, synced 3 days ago · older than a day". */
export function withAgeFlags(
  text: string,
  asOf: number | null,
  offline: boolean,
  now: number,
  words: FlagWords = 'full'
): string {
  return [text, ...ageFlags(asOf, offline, now, words)].join(' · ')
}

/** When the service was asked, in words and as a time: "just now (12 Mar 2026, 10:04)". */
export function askedWhen(at: number, now: number): string {
  return `${ago(at, now)} (${formatDateTime(at)})`
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
  const running = status.running && r.lastSuccessAt !== null ? ['sync running'] : []
  return [
    withAgeFlags(`Offline copy, ${age}`, r.lastSuccessAt, status.offline, now),
    ...running
  ].join(' · ')
}
