import { sentenceDate } from '../domain/date-words'
import { utcDateOf } from '../domain/dates'
import type { Alert, AlertKind } from '../watch/alert.schema'
import { alertReason, listingWords } from '../watch/alert-words'
import type { NotifyKind } from './settings.schema'

/**
 * A desktop notification's words and what a click opens. A notification shows on a locked
 * screen, so its title and body name a booking by its id and a property by its listing, with
 * times: never a guest's name, e-mail, phone or address (notice.test.ts holds this).
 */
export interface Notice {
  kind: NotifyKind
  title: string
  body: string
  open: { screen: 'bookings'; bookingId: string } | { screen: 'alerts'; alertId: number }
}

/** A deadline of a kept booking: payment (pendingPayment) or decision (pendingConfirm). */
export interface BookingDeadline {
  kind: 'payment-deadline' | 'on-request-decision'
  bookingId: string
  listingId: number | null
  listingName: string | null
  /** When it ends, epoch ms. */
  at: number
}

/** "14:30 UTC on Thu, Nov 26, 2026": the service's times are UTC, and so is what we say. */
function utcTimeWords(at: number, locale?: string): string {
  const hhmm = new Date(at).toISOString().slice(11, 16)
  return `${hhmm} UTC on ${sentenceDate(utcDateOf(at), locale)}`
}

const listingOf = (d: Pick<BookingDeadline, 'listingId' | 'listingName'>) =>
  d.listingId === null ? 'its listing is not in the offline copy' : listingWords(d as never)

/** The words of a booking's deadline falling within the hour. */
export function deadlineNotice(d: BookingDeadline, profileName: string, locale?: string): Notice {
  const when = utcTimeWords(d.at, locale)
  const body =
    d.kind === 'payment-deadline'
      ? `Booking ${d.bookingId} (${listingOf(d)}) is not paid: its payment period ends at ${when}.`
      : `Booking ${d.bookingId} (${listingOf(d)}) awaits the property manager's decision, due by ${when}.`
  return {
    kind: d.kind,
    title: `${d.kind === 'payment-deadline' ? 'Payment deadline' : 'Decision due'} within the hour · ${profileName}`,
    body,
    open: { screen: 'bookings', bookingId: d.bookingId }
  }
}

/** Which setting an alert's kind falls under (price-at-booking has none: it is not a warning). */
export function notifyKindOf(kind: AlertKind): NotifyKind | null {
  if (kind === 'double-booking') return 'double-booking'
  if (kind === 'price-at-booking') return null
  return 'guardrail'
}

const GUARDRAIL_TITLE: Partial<Record<AlertKind, string>> = {
  'price-drop': 'Price drop',
  'price-floor': 'Price under the floor',
  'no-rate': 'Night with no rate',
  'min-stay-jump': 'Minimum stay jump'
}

/** At most this many notifications of one kind per watch run; more are said in one. */
const ALERTS_ONE_BY_ONE = 3

/**
 * The words of new alerts of one setting's kind: one notification each up to
 * ALERTS_ONE_BY_ONE, else one that counts them (a sync that finds 40 price drops must not bury
 * the desktop in 40 pop-ups). The alert's reason is the watch's own sentence (alert-words.ts):
 * booking id, listing, nights and prices, no guest data.
 */
export function alertNotices(
  kind: 'double-booking' | 'guardrail',
  alerts: readonly Alert[],
  profileName: string,
  locale?: string
): Notice[] {
  if (alerts.length === 0) return []
  if (alerts.length <= ALERTS_ONE_BY_ONE) {
    return alerts.map((a) => ({
      kind,
      title: `${kind === 'double-booking' ? 'Double-booking warning' : `Guardrail: ${GUARDRAIL_TITLE[a.kind] ?? a.kind}`} · ${profileName}`,
      body: alertReason(a, locale),
      open: { screen: 'alerts', alertId: a.id }
    }))
  }
  const listings = [...new Set(alerts.map((a) => a.listingId))]
  const named = listings.slice(0, 3).join(', ')
  const more = listings.length > 3 ? ` and ${listings.length - 3} more` : ''
  return [
    {
      kind,
      title: `${alerts.length} ${kind === 'double-booking' ? 'double-booking warnings' : 'guardrail hits'} · ${profileName}`,
      body: `Listing${listings.length === 1 ? '' : 's'} ${named}${more}: open the Alerts screen to read them.`,
      open: { screen: 'alerts', alertId: alerts[0].id }
    }
  ]
}
