import { dateRange, sentenceDate } from '../domain/date-words'
import { formatEur } from '../domain/money'
import type { Alert } from './alert.schema'
import type { PriceAlertFacts } from './price-alert'
import type { PriceRule } from './price-at-booking.schema'

/**
 * An alert's reason in one sentence: the same words on the Alerts screen, in `staydesk alerts`
 * and in a notification. Dates as the app writes them in sentences, money as the app formats it,
 * and the service's own word "unavailable" (it does not tell a booking from an owner's block).
 */
export type AlertFacts = Pick<
  Alert,
  'kind' | 'listingId' | 'listingName' | 'bookingId' | 'nights' | 'oldValue' | 'newValue' | 'limit'
> &
  Partial<Pick<Alert, 'openNights'>> & {
    /** price-at-booking: the day whose rates priced the stay, and the rules that differ. */
    priceAtBooking?: PriceAlertFacts
  }

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** "Sat, Aug 14, 2027", or "Aug 14 – 16, 2027 (3 nights)" for a run of nights. */
function nightsWords(nights: readonly string[], locale?: string): string {
  if (nights.length === 0) return 'no nights'
  if (nights.length === 1) return sentenceDate(nights[0], locale)
  const period = dateRange(nights[0], nights[nights.length - 1], locale)
  return `${period} (${plural(nights.length, 'night')})`
}

/** "Villa Alba (100023)", or "listing 100023" when the copy no longer has its name. */
export function listingWords(a: Pick<Alert, 'listingId' | 'listingName'>): string {
  return a.listingName ? `${a.listingName} (${a.listingId})` : `listing ${a.listingId}`
}

/** The rules of the price as a sentence names them (docs/pricing.md), and whether they are many. */
const RULE_WORDS: Record<PriceRule, [string, boolean]> = {
  'nightly-rates': ['the nightly rates', true],
  'extra-guests': ['the extra guests', true],
  discount: ['the discount', false],
  cleaning: ['the cleaning', false],
  total: ['the total', false]
}

/** "the nightly rates differ", "the discount and the cleaning differ". */
function rulesDifferWords(rules: readonly PriceRule[]): string {
  const names = rules.map((r) => RULE_WORDS[r][0])
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]
  const many = rules.length > 1 || (rules.length === 1 && RULE_WORDS[rules[0]][1])
  return `${list} ${many ? 'differ' : 'differs'}`
}

/**
 * Which of a floor alert's nights are open for booking now: the floor guards every published
 * rate, open or not (a mistyped rate on an unavailable night sells cheap the day it is
 * released), so the reason says which ones a guest can book today. Empty when not known.
 */
function openWords(
  nights: readonly string[],
  open: readonly string[] | undefined,
  locale?: string
): string {
  if (open === undefined) return ''
  const n = open.length
  if (nights.length === 1) return n > 0 ? ' (open for booking now)' : ' (not open for booking now)'
  if (n === 0) return ' (none of them open for booking now)'
  if (n === nights.length) return ' (all of them open for booking now)'
  const which = n <= 3 ? `: ${open.map((d) => sentenceDate(d, locale)).join('; ')}` : ''
  return ` (${n} of them open for booking now${which})`
}

const money = (cents: number | null) => (cents === null ? 'no price' : formatEur(cents))

export function alertReason(a: AlertFacts, locale?: string): string {
  const when = nightsWords(a.nights, locale)
  const many = a.nights.length > 1
  const where = listingWords(a)
  switch (a.kind) {
    case 'double-booking':
      return (
        `${a.bookingId ?? 'A kept booking'}: ${when} ${many ? 'are' : 'is'} bookable again at ` +
        `${where}: cancelled elsewhere, or a calendar error`
      )
    case 'price-drop': {
      const drop =
        a.oldValue && a.newValue !== null
          ? Math.round(((a.oldValue - a.newValue) * 100) / a.oldValue)
          : null
      return (
        `${where}: the price of ${when} fell${drop === null ? '' : ` ${drop}%`} from ` +
        `${money(a.oldValue)} to ${money(a.newValue)} a night` +
        (a.limit === null ? '' : `, more than the ${a.limit}% limit`)
      )
    }
    case 'price-floor':
      return (
        `${where}: ${when} ${many ? 'are' : 'is'} priced ${many ? 'from' : 'at'} ` +
        `${money(a.newValue)} a night, under the floor of ${money(a.limit)}` +
        openWords(a.nights, a.openNights, locale)
      )
    case 'no-rate':
      return `${where}: ${when} ${many ? 'are' : 'is'} open for booking with no published rate`
    case 'min-stay-jump':
      return (
        `${where}: the minimum stay from ${when} rose from ` +
        `${a.oldValue === null ? 'none' : plural(a.oldValue, 'night')} to ` +
        `${a.newValue === null ? 'none' : plural(a.newValue, 'night')}` +
        (a.limit === null ? '' : `, above the limit of ${plural(a.limit, 'night')}`)
      )
    case 'price-at-booking': {
      const p = a.priceAtBooking
      const booking = `${a.bookingId ?? 'A kept booking'} at ${where}: charged ${money(a.newValue)}`
      if (!p || p.rules.length === 0) {
        return `${booking}, the rates of the day it was made give ${money(a.oldValue)}`
      }
      return (
        `${booking}, the rates of ${sentenceDate(p.madeOn, locale)} give ${money(a.oldValue)}: ` +
        rulesDifferWords(p.rules)
      )
    }
  }
}

/** The kinds in words, for filters and the command line's table. */
export const ALERT_KIND_WORDS: Record<Alert['kind'], string> = {
  'double-booking': 'Double booking',
  'price-drop': 'Price drop',
  'price-floor': 'Under the floor',
  'no-rate': 'No published rate',
  'min-stay-jump': 'Minimum stay jump',
  'price-at-booking': 'Price at booking'
}

/** What a live check found, for checkWords. */
export interface CheckFacts {
  outcome:
    | 'still-bookable'
    | 'closed-again'
    | 'booking-cancelled'
    | 'still-applies'
    | 'resolved'
    | 'unknown'
  bookingId: string | null
  bookingStatus: string | null
  /** The nights the finding is about (the open ones when still bookable). */
  nights: readonly string[]
  /** price-at-booking: what the booking's read says it cost now, and what the alert says. */
  charged?: number | null
  wasCharged?: number | null
  /**
   * price-drop, price-floor, min-stay-jump: what the service answered for each of `nights`
   * (cents, or nights of minimum stay; null when it publishes none), and the alert's own values,
   * so the finding names the value the service answered.
   */
  answered?: {
    kind: 'price-drop' | 'price-floor' | 'min-stay-jump'
    values: readonly (number | null)[]
    oldValue: number | null
    newValue: number | null
    limit: number | null
  }
}

/** "€424.35", "€420.00 to €707.25" (the answered values' span), or null when none was given. */
function spanWords(values: readonly (number | null)[], say: (v: number) => string): string | null {
  const known = values.filter((v): v is number => v !== null)
  if (known.length === 0) return null
  const lo = Math.min(...known)
  const hi = Math.max(...known)
  return lo === hi ? say(lo) : `${say(lo)} to ${say(hi)}`
}

/** The finding of a price or minimum-stay check, naming the value the service answered. */
function answeredWords(
  a: NonNullable<CheckFacts['answered']>,
  still: boolean,
  when: string
): string {
  const nightsOf = (v: number | null) => (v === null ? 'none' : plural(v, 'night'))
  if (a.kind === 'min-stay-jump') {
    const stay = spanWords(a.values, (v) => plural(v, 'night'))
    const asks = stay === null ? 'no minimum stay' : `a minimum stay of ${stay}`
    return still
      ? `The service still asks ${asks} from ${when} (the rise from ${nightsOf(a.oldValue)} stands).`
      : `The service now asks ${asks} from ${when}, not ${nightsOf(a.newValue)}.`
  }
  const price = spanWords(a.values, formatEur)
  const publishes = price === null ? 'no rate' : price
  if (a.kind === 'price-drop') {
    return still
      ? `The service still publishes ${publishes} for ${when} (the drop from ${money(a.oldValue)} stands).`
      : `The service now publishes ${publishes} for ${when}, not the dropped ${money(a.newValue)}.`
  }
  const floor = money(a.limit)
  return still
    ? `The service still publishes ${publishes} for ${when}, under the floor of ${floor}.`
    : `The service now publishes ${publishes} for ${when}, no longer under the floor of ${floor}.`
}

/** A live check's finding in one sentence: an outage is said as such, never as a failure. */
export function checkWords(c: CheckFacts, locale?: string): string {
  const when = nightsWords(c.nights, locale)
  const verb = c.nights.length > 1 ? 'are' : 'is'
  const booking = c.bookingId ?? 'The booking'
  if (c.charged !== undefined && (c.outcome === 'still-applies' || c.outcome === 'resolved')) {
    if (c.charged === null) return `The service's read of ${booking} states no price now.`
    return c.outcome === 'still-applies'
      ? `The service still says ${booking} cost ${formatEur(c.charged)}.`
      : `The service now says ${booking} cost ${formatEur(c.charged)}` +
          `${c.wasCharged == null ? '' : `, not ${formatEur(c.wasCharged)}`}: ` +
          'the watch prices it again after the next sync.'
  }
  if (c.answered && (c.outcome === 'still-applies' || c.outcome === 'resolved')) {
    return answeredWords(c.answered, c.outcome === 'still-applies', when)
  }
  switch (c.outcome) {
    case 'still-bookable':
      return (
        `${when} ${verb} still bookable at the service` +
        (c.bookingStatus ? `, while it says ${booking} is ${c.bookingStatus}.` : '.')
      )
    case 'closed-again':
      return `${when} ${verb} unavailable again at the service.`
    case 'booking-cancelled':
      return `The service says ${booking} is ${c.bookingStatus ?? 'gone'}: its nights are no longer held.`
    case 'still-applies':
      return `The service's calendar still shows it for ${when}.`
    case 'resolved':
      return "The service's calendar no longer shows it."
    case 'unknown':
      return 'The service did not answer, so nothing is known yet: check again when it is reachable.'
  }
}
