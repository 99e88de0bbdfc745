import { HUB_UNREACHABLE } from '@shared/hub/words'
import type { ResourceStatus, SyncStatus } from '@shared/ipc/sync.schema'
import { isStale } from './data-age'
import { ago, formatDateTime, leadThen, plural } from './text'

/**
 * Where the data on screen comes from and how old it is, in words: every screen's data-source
 * line is made here, each naming its own data ("rates", a kept booking), so the sentences are
 * written once. The rules (when a copy is stale, its tone) are in data-age.ts.
 */

const NOUN: Record<ResourceStatus['resource'], [string, string]> = {
  listings: ['listing', 'listings'],
  availability: ['calendar', 'calendars'],
  rates: ['rate record', 'rate records']
}

/**
 * Where the active profile's copy is synced from, and so whom an outage is about: the service,
 * or on a team profile its team hub (sync status `via`; absent = the service).
 */
export type Via = NonNullable<SyncStatus['via']>

/** "the team hub", "The service": what a sentence calls the profile's source. */
export function sourceName(via: Via = 'service', opens = false): string {
  const name = via === 'hub' ? 'the team hub' : 'the service'
  return opens ? `${name[0]!.toUpperCase()}${name.slice(1)}` : name
}

/**
 * "The team hub can't be reached" (the hub's words, HUB_UNREACHABLE, which main's errors start
 * with too), or the service's; lower case when it does not open its sentence.
 */
export function unreachableText(via: Via = 'service', opens = false): string {
  const text = via === 'hub' ? HUB_UNREACHABLE : 'The service can’t be reached'
  return opens ? text : `${text[0]!.toLowerCase()}${text.slice(1)}`
}

/**
 * A copy's flags in words: in full on the screen's own line under its title, and brief on a
 * panel's line below it (the same screen says the advice once, not on every line).
 */
const FLAG_WORDS = {
  full: {
    stale: 'older than a day: a sync brings it up to date',
    offline: (via: Via) => `${unreachableText(via)} right now`
  },
  brief: { stale: 'older than a day', offline: (via: Via) => unreachableText(via) }
} as const

export type FlagWords = keyof typeof FLAG_WORDS

/** What a line that already says when a copy was made adds in words: its colour is not enough. */
export function ageFlags(
  asOf: number | null,
  offline: boolean,
  now: number,
  words: FlagWords = 'full',
  via: Via = 'service'
): string[] {
  return [
    ...(isStale({ lastSuccessAt: asOf }, now) ? [FLAG_WORDS[words].stale] : []),
    ...(offline ? [FLAG_WORDS[words].offline(via)] : [])
  ]
}

/** A copy's own age line with its flags: "…, synced 3 days ago · older than a day". */
export function withAgeFlags(
  text: string,
  asOf: number | null,
  offline: boolean,
  now: number,
  words: FlagWords = 'full',
  via: Via = 'service'
): string {
  return [text, ...ageFlags(asOf, offline, now, words, via)].join(' · ')
}

/** How long ago, then when: "just now (12 Mar 2026, 10:04)", as a data age or an ask. */
export function agoAt(at: number, now: number): string {
  return `${ago(at, now)} (${formatDateTime(at)})`
}

/** When, then how long ago: "12 Mar 2026, 10:04 (5 minutes ago)". */
export function atAgo(at: number, now: number): string {
  return `${formatDateTime(at)} (${ago(at, now)})`
}

/**
 * Where a screen's data comes from and how old it is, in one line under its title: "Offline
 * copy, synced 5 minutes ago" ("Offline copy from the team hub, …" on a team profile), or, while the first download is still filling it, how much it
 * holds so far (never "never synced" above rows that are plainly there). A copy more than a day
 * old says so in words, not only by its date.
 */
export function dataAgeText(status: SyncStatus, r: ResourceStatus, now: number): string {
  const [one, many] = NOUN[r.resource]
  let age: string
  if (r.lastSuccessAt !== null) age = `synced ${ago(r.lastSuccessAt, now)}`
  else if (r.records > 0) {
    age = `first download ${status.running ? 'in progress' : 'not finished'}: ${plural(r.records, one, many)} so far`
  } else age = status.running ? 'first download in progress' : 'not synced yet'
  const running = status.running && r.lastSuccessAt !== null ? ['sync running'] : []
  const via = status.via ?? 'service'
  const copy = via === 'hub' ? `Offline copy from ${sourceName(via)}` : 'Offline copy'
  return [
    withAgeFlags(`${copy}, ${age}`, r.lastSuccessAt, status.offline, now, 'full', via),
    ...running
  ].join(' · ')
}

export interface CopyLine {
  /** What of the copy the figures are ("rates"), when the line names it. */
  what?: string
  /** Whether the line also gives the sync's time, after its age. */
  time?: boolean
  /** Whether the service (or team hub) is out of reach, when this line is the one to say so. */
  offline?: boolean
  words?: FlagWords
  /** Where the copy is synced from: a team profile's says its team hub. */
  via?: Via
  /** Whether the clause opens its line ("From the offline copy, …"). */
  opens?: boolean
}

/**
 * A panel's line on the copy its figures were read from, as a clause: "from the offline copy,
 * rates synced 5 minutes ago (12 Mar 2026, 10:04)" ("… synced from the team hub 5 minutes ago"
 * on a team profile), "from the offline copy, whose first sync has not finished", with the
 * copy's flags.
 */
export function fromCopyText(asOf: number | null, now: number, line: CopyLine = {}): string {
  const { what, time = false, offline = false, words = 'full', opens = false } = line
  const via = line.via ?? 'service'
  const from = via === 'hub' ? ` from ${sourceName(via)}` : ''
  const age =
    asOf === null
      ? `whose first sync${what ? ` of ${what}` : ''}${from} has not finished`
      : `${what ? `${what} ` : ''}synced${from} ${time ? agoAt(asOf, now) : ago(asOf, now)}`
  const text = `${opens ? 'F' : 'f'}rom the offline copy, ${age}`
  return withAgeFlags(text, asOf, offline, now, words, via)
}

/**
 * A live section's heading: its title, or, when the last ask failed, the title and what went
 * wrong ("Live quote: not available"), where the eye lands first.
 */
export function liveTitle(title: string, failure: string | null): string {
  return failure === null ? title : `${title}: ${failure}`
}

/**
 * What the service answered, and when it was asked: "From the service, asked just now (…).", or
 * on a team profile "From the service through the team hub, …" (the hub asks it live).
 */
export function fromServiceText(askedAt: number, now: number, via: Via = 'service'): string {
  return `From the service${via === 'hub' ? ' through the team hub' : ''}, asked ${agoAt(askedAt, now)}.`
}

/** An earlier answer left on screen after an ask that failed. */
export function earlierAnswerText(askedAt: number, now: number): string {
  return `Below, the service’s earlier answer, asked ${agoAt(askedAt, now)}: it may no longer hold.`
}

/** What StayDesk kept of a read: the record itself, how it was read, and when. */
export interface KeptRead {
  source: 'live' | 'copy'
  note?: string
  summary: { fetchedAt: number }
}

/**
 * Where a kept record on screen (a booking) comes from, and how old it is: "Live from the
 * service, read just now", or "Copy from 12 Nov 2026, 10:04 (2 hours ago): the service can't be
 * reached" ("… (2 hours ago). The team hub can't be reached: check …" when main's note is a
 * sentence of its own; a copy is not an error: it is what StayDesk kept from its last read).
 */
export function keptSourceText(kept: KeptRead, now: number, via: Via = 'service'): string {
  const at = kept.summary.fetchedAt
  if (kept.source === 'live') {
    return `Live from the service${via === 'hub' ? ' through the team hub' : ''}, read ${ago(at, now)}`
  }
  const note = kept.note?.trim()
  // Main's note is a clause ("the service can't be reached") or a sentence of its own ("The team
  // hub can't be reached: check …"), which follows a full stop.
  const copy = `Copy from ${atAgo(at, now)}`
  return note ? leadThen(copy, note) : copy
}
