import { daysBetween } from '@shared/domain/dates'
import { AVAILABILITY_DAYS } from '../state/calendar'
import { HttpError } from './errors'

/**
 * The service publishes availability for two years from today (spec, Limits), so no stay longer
 * than that window can be available. Such a stay is answered at once, before the store walks
 * its nights: a departure typed in the year 9027 (three million nights) held the demo service
 * for 13 s. The sandbox's own guard, from the spec: it stands for the service and shares no
 * rule with the client (the client caps stays in src-shared/domain/stay-limits.ts).
 */
function longStayReason(stay: { from: string; to: string }): string | undefined {
  const nights = daysBetween(stay.from, stay.to)
  if (nights <= AVAILABILITY_DAYS) return undefined
  return (
    `The stay has ${nights} nights; availability is published for ${AVAILABILITY_DAYS} days ` +
    'from today, so no longer stay can be available.'
  )
}

/** The quote's unavailable answer for a stay longer than the window, or undefined. */
export function longStayQuote(stay: {
  from: string
  to: string
}): { available: false; reasons: string[] } | undefined {
  const reason = longStayReason(stay)
  return reason === undefined ? undefined : { available: false, reasons: [reason] }
}

/** A booking of such a stay: refused like any unbookable stay (409 with the reasons). */
export function refuseLongStay(stay: { from: string; to: string }): void {
  const reason = longStayReason(stay)
  if (reason !== undefined) throw new HttpError(409, reason)
}
