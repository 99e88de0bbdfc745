import { dateRange } from '@shared/domain/date-words'
import { addDays } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import type { AlertCheck } from '@shared/ipc/commands/watch'
import type { Alert, AlertKind, AlertStatus, GuardrailRules } from '@shared/watch/alert.schema'
import { ALERT_KIND_WORDS } from '@shared/watch/alert-words'
import { agoAt } from '../../components/data-source'
import { formatCents, formatNumber, plural } from '../../components/text'

/**
 * The Alerts screen's words: kinds, nights, values and the watch's own lines, written once so
 * the list, the opened alert and the empty states say the same. The reason itself is main's
 * sentence (Alert.reason): the same words the command line and notifications use.
 */

export const KIND_CHOICES = [
  { value: 'all', label: 'All kinds' },
  ...Object.entries(ALERT_KIND_WORDS).map(([value, label]) => ({ value, label }))
]

export const STATUS_LABEL: Record<AlertStatus, string> = {
  new: 'New',
  seen: 'Seen',
  dismissed: 'Dismissed'
}

/** Runs of consecutive nights, ascending: ['2026-08-14','2026-08-15','2026-08-20'] → 2 runs. */
export function nightRuns(nights: readonly string[]): [string, string][] {
  const sorted = [...new Set(nights)].sort()
  const runs: [string, string][] = []
  for (const night of sorted) {
    const last = runs.at(-1)
    if (last && addDays(last[1], 1) === night) last[1] = night
    else runs.push([night, night])
  }
  return runs
}

/**
 * The nights in words: "Aug 14, 2026", "Aug 14 – 16, 2026 (3 nights)", several runs joined by
 * semicolons (each date has commas of its own), the first three runs then how many more.
 */
export function nightsWords(nights: readonly string[]): string {
  const runs = nightRuns(nights)
  const shown = runs.slice(0, 3).map(([from, to]) => dateRange(from, to))
  const more = runs.length - shown.length
  const text = more > 0 ? `${shown.join('; ')}; and ${plural(more, 'more run')}` : shown.join('; ')
  return nights.length > 1 ? `${text} (${plural(new Set(nights).size, 'night')})` : text
}

/** What an alert's old and new values count: money, nights, or nothing to compare. */
type Unit = 'cents' | 'nights' | 'none'

const UNIT: Record<AlertKind, Unit> = {
  'double-booking': 'none',
  'price-drop': 'cents',
  'price-floor': 'cents',
  'no-rate': 'cents',
  'min-stay-jump': 'nights',
  'price-at-booking': 'cents'
}

/** One value of an alert in words: "€120.00", "3 nights", and what no value means for its kind. */
function valueWords(kind: AlertKind, value: number | null): string {
  if (value === null) return kind === 'no-rate' ? 'no published rate' : '—'
  return UNIT[kind] === 'nights' ? plural(value, 'night') : formatCents(value)
}

/**
 * "€120.00 → €70.00"; a double booking's night in the service's words ("unavailable →
 * available": it does not say booked); a price at booking says which total is which ("priced
 * €1,180.00 → charged €1,240.00"); a floor hit with no recorded change says the price against
 * the floor ("€7.93, floor €30.00"), never an empty old value with an arrow; null when an alert
 * has no values to compare.
 */
export function changeWords(
  alert: Pick<Alert, 'kind' | 'oldValue' | 'newValue'> & Partial<Pick<Alert, 'limit'>>
): string | null {
  if (alert.kind === 'double-booking') return 'unavailable → available'
  if (alert.kind === 'price-floor' && alert.oldValue === null) {
    if (alert.newValue === null) return null
    const floor = alert.limit == null ? '' : `, floor ${formatCents(alert.limit)}`
    return `${formatCents(alert.newValue)}${floor}`
  }
  // The stay at the rates of the day it was booked, then what the booking says it cost.
  if (alert.kind === 'price-at-booking') {
    return `priced ${valueWords(alert.kind, alert.oldValue)} → charged ${valueWords(alert.kind, alert.newValue)}`
  }
  if (alert.oldValue === null && alert.newValue === null) return null
  return `${valueWords(alert.kind, alert.oldValue)} → ${valueWords(alert.kind, alert.newValue)}`
}

/** The rule's threshold the alert crossed: "Rule: a drop of more than 30%". */
export function limitWords(alert: Pick<Alert, 'kind' | 'limit'>): string | null {
  if (alert.limit === null) return null
  switch (alert.kind) {
    case 'price-drop':
      return `Rule: a drop of more than ${alert.limit}%`
    case 'price-floor':
      return `Rule: a floor of ${formatCents(alert.limit)}`
    case 'min-stay-jump':
      return `Rule: a minimum stay above ${plural(alert.limit, 'night')}`
    case 'price-at-booking':
      return `Rule: a difference of more than ${formatCents(alert.limit)}`
    default:
      return null
  }
}

/**
 * A value the history recorded (the change's JSON), in words: availability in the service's
 * own words ("available", "unavailable": it does not tell a booking from an owner's block),
 * a price as the service sent it (euros) in the app's money, a count in nights, anything else as it was recorded.
 */
export function recordedWords(kind: AlertKind, value: unknown): string {
  if (value === null || value === undefined) return 'nothing recorded'
  if (typeof value === 'boolean') return value ? 'available' : 'unavailable'
  if (typeof value === 'number') {
    // The history keeps prices as the service sent them: euros, not cents.
    if (UNIT[kind] === 'cents') return formatCents(eurToCents(value))
    return UNIT[kind] === 'nights' ? plural(value, 'night') : formatNumber(value)
  }
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}

/** A recorded day's fields in words (the availability records the history keeps per night). */
const DAY_FIELD_WORDS: Record<string, (v: unknown) => string> = {
  available: (v) => (v ? 'available' : 'unavailable'),
  checkInDay: (v) => (v ? 'check-in allowed' : 'no check-in'),
  checkOutDay: (v) => (v ? 'check-out allowed' : 'no check-out'),
  minStay: (v) => (typeof v === 'number' ? `minimum stay ${plural(v, 'night')}` : String(v)),
  maxStay: (v) => (typeof v === 'number' ? `maximum stay ${plural(v, 'night')}` : String(v))
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The change as the history recorded it, in words: a night's record says only the fields that
 * moved ("unavailable → available"), a price or a count in the alert's unit.
 */
export function recordedChangeWords(kind: AlertKind, before: unknown, after: unknown): string {
  if (isRecord(before) && isRecord(after)) {
    const moved = Object.keys({ ...before, ...after }).filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k])
    )
    if (moved.length > 0) {
      return moved
        .map((k) => {
          const say = DAY_FIELD_WORDS[k] ?? ((v: unknown) => `${k} ${recordedWords(kind, v)}`)
          return `${say(before[k])} → ${say(after[k])}`
        })
        .join('; ')
    }
  }
  return `${recordedWords(kind, before)} → ${recordedWords(kind, after)}`
}

/**
 * The screen's source line: what the alerts are made from and when the watch last ran.
 */
export function watchSourceText(lastRunAt: number | null, now: number): string {
  return lastRunAt === null
    ? 'From the offline copy: the watch has not run yet. It runs after each sync.'
    : `From the offline copy: the watch last ran ${agoAt(lastRunAt, now)}; it runs after each sync.`
}

/** What the guardrails watch, in words, for the empty states: nothing on is said too. */
export function watchedWords(rules: GuardrailRules | undefined): string {
  const parts = ['kept confirmed bookings whose nights become bookable again']
  if (rules) {
    if (rules.priceDropPercent !== null) {
      parts.push(`prices dropping more than ${rules.priceDropPercent}%`)
    }
    if (rules.floorCents !== null || rules.listingFloors.length > 0) {
      const floors = rules.listingFloors.length
      parts.push(
        rules.floorCents !== null
          ? `prices under ${formatCents(rules.floorCents)}${floors > 0 ? ` (or a listing's own floor: ${formatNumber(floors)} set)` : ''}`
          : `prices under the floors of ${plural(floors, 'listing')}`
      )
    }
    if (rules.noRate) parts.push('open nights without a published rate')
    if (rules.minStayLimit !== null) {
      parts.push(`minimum stays rising above ${plural(rules.minStayLimit, 'night')}`)
    }
  }
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]
  return `After each sync, StayDesk watches for ${list}.`
}

/** "No new alerts", "No dismissed alerts match the filters": the empty list's title. */
export function emptyTitle(status: AlertStatus, filtered: boolean): string {
  return `No ${status} alerts${filtered ? ' match the filters' : ''}`
}

/** The line under the empty list: what is watched, or what the filters leave out. */
export function emptyText(
  status: AlertStatus,
  filtered: boolean,
  rules: GuardrailRules | undefined,
  lastRunAt: number | null
): string {
  if (filtered) return 'Other alerts may match without the filters: clear them to see all.'
  if (status === 'dismissed') {
    return 'An alert dismissed stays here and never comes back for the same change.'
  }
  if (status === 'seen') return 'An alert opened or marked seen moves here from New.'
  const watched = watchedWords(rules)
  return lastRunAt === null
    ? `${watched} It has not run yet: run a sync.`
    : `${watched} The last run found nothing new.`
}

/** "New (3)": a tab's name with its count. */
export function tabLabel(status: AlertStatus, count: number | undefined): string {
  return count === undefined
    ? STATUS_LABEL[status]
    : `${STATUS_LABEL[status]} (${formatNumber(count)})`
}

/**
 * What a live check found, in words. The service not answering is what it is (the alert
 * stays as the last sync found it), never an error of StayDesk.
 */
export function checkWords(check: AlertCheck, now: number): { title: string; text: string } {
  if (check.unreachable || check.outcome === 'unknown') {
    return {
      title: 'The service did not answer',
      text: `Asked ${agoAt(check.checkedAt, now)}. The alert stays as the last sync found it; check again later.`
    }
  }
  return {
    title: `The service answered, asked ${agoAt(check.checkedAt, now)}`,
    text: check.words
  }
}

/** The month (YYYY-MM) of an alert's first night: where its calendar link opens. */
export function alertMonth(alert: Pick<Alert, 'nights'>): string {
  return alert.nights[0]!.slice(0, 7)
}
