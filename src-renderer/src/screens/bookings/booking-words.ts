import type { BookingDetails } from '@shared/api/booking.schema'
import { BRAND_LABEL, type CardBrand } from '@shared/domain/card'
import { daysBetween } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import { ENDED_STATUSES } from '@shared/domain/booking-status'
import { instalmentMoney, isOverdue, isPaidInstalment } from '@shared/domain/money-lines'
import { formatCents, formatDate, plural } from '../../components/text'
import { policyTier } from './booking-model'

/**
 * The Booking details object in a support agent's words. Pure, so the wording is unit-tested
 * (test/unit/renderer/screens/bookings/booking-words.test.ts) and the same in the details and the voucher.
 * Whatever the service leaves out reads as absent ("—" where shown), never as an error.
 */

/** "Zoë de Vries", from whichever name parts the service sent. */
export function guestName(guest: BookingDetails['guest']): string | null {
  const name = [guest?.firstName, guest?.lastName].filter((s) => s && s.trim()).join(' ')
  return name || null
}

const BRANDS: [RegExp, CardBrand][] = [
  [/visa/i, 'visa'],
  [/master\s*card|^mc\b/i, 'mastercard'],
  [/amex|american\s*express/i, 'amex']
]

/**
 * The card an instalment was paid with, as `paymentCardType` gives it: a brand ("visa"), and
 * the last four digits when the text carries them ("VISA-4242"). Only brand and last four are
 * ever shown; a longer run of digits is cut to its last four. Unknown brands show verbatim.
 */
export function cardTypeLabel(type: string | null | undefined): string | null {
  const text = type?.trim()
  if (!text) return null
  const brand = BRANDS.find(([re]) => re.test(text))?.[1]
  const last4 = /(\d{4})\D*$/.exec(text)?.[1]
  const name = brand ? BRAND_LABEL[brand] : text.replace(/[\d\s•*-]+$/, '').trim() || 'Card'
  return last4 ? `${name} •••• ${last4}` : name
}

/** The refund tier that applies now, in words: "50% back to the guest (…)". */
export function tierWords(
  tier: { percent: number; fromDaysBefore: number | null } | null | undefined
): string {
  if (!tier) return 'The tier that applies now is not known: the service decides the refund.'
  const back =
    tier.percent === 0 ? 'Nothing back to the guest' : `${tier.percent}% back to the guest`
  if (tier.fromDaysBefore === null) return back
  // The tier from 0 days is the last one (or the only one): it holds until arrival.
  if (tier.fromDaysBefore === 0) return `${back} (the tier that applies until arrival)`
  return `${back} (the tier for cancelling ${plural(tier.fromDaysBefore, 'day')} or more before arrival)`
}

/**
 * The guest's tier for a booking the service has ended. Only a guest's cancellation is refunded
 * by it: a property manager's or the service's cancellation, or a decline, gives back what was
 * paid whatever the tier says, so naming the tier there would contradict the Refunded line
 * (a declined booking read "Nothing back to the guest" beside everything refunded).
 */
export function endedTierWords(
  status: string,
  policy: BookingDetails['cancellationPolicy']
): string {
  if (status === 'cancelledByGuest') return tierWords(policyTier(policy))
  if (status === 'completed') return 'None: the booking was not cancelled'
  if (status === 'expired') return 'None: the booking expired unpaid, it was not cancelled'
  if (status === 'cancelled') {
    return 'Not known: the service does not say who cancelled; what came back is under Refunded'
  }
  return 'None: the guest did not cancel; what came back is under Refunded'
}

const INSTALMENT_STATE: Record<string, string> = {
  paid: 'Paid',
  init: 'Not paid yet',
  pending: 'Not paid yet',
  unpaid: 'Not paid yet',
  failed: 'Payment failed',
  failure: 'Payment failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled'
}

type Instalment = BookingDetails['instalments'][number]

/** An instalment's state in words; a state StayDesk does not know shows verbatim. */
export function instalmentState(i: Instalment): string {
  const status = i.status?.trim()
  if (!status) return i.paidAt ? 'Paid' : 'Not known'
  return INSTALMENT_STATE[status.toLowerCase()] ?? status
}

const ENDED_WHY: Record<string, string> = {
  expired: 'the booking expired',
  declined: 'the booking was declined',
  completed: 'the stay is over'
}

/**
 * Why nothing more is due on a booking the service ended, in words that fit its status: a
 * cancelled booking "was cancelled", not "has ended".
 */
export function endedWhy(status: string): string {
  if (Object.hasOwn(ENDED_WHY, status)) return ENDED_WHY[status]
  return status.startsWith('cancelled') ? 'the booking was cancelled' : 'the booking has ended'
}

/**
 * An instalment's state on its booking, as of `today`: one not paid is "Not paid yet" only while
 * money can still come; on a booking the service ended it is no longer due, and past its due
 * date it is overdue, said in words (never by colour alone).
 */
export function instalmentStateOn(
  i: Instalment,
  booking: { status: string },
  today: string
): string {
  const state = instalmentState(i)
  if (state !== 'Not paid yet' && state !== 'Not known') return state
  if (isPaidInstalment(i)) return 'Paid'
  if (ENDED_STATUSES.includes(booking.status)) {
    return `Not paid: ${endedWhy(booking.status)}, nothing is due`
  }
  const money = instalmentMoney(i)
  // Awaiting payment, the booking's payment deadline rules, not the instalment's due date.
  if (booking.status !== 'pendingPayment' && isOverdue(money, today)) {
    const late = plural(daysBetween(money.dueDate!, today), 'day')
    return `Overdue by ${late}: due ${formatDate(money.dueDate)}, not paid`
  }
  return state
}

/** The property's address as lines: street and number, zip and city, region, country. */
export function addressLines(a: BookingDetails['propertyAddress']): string[] {
  if (!a) return []
  const street = [a.street ?? a.en?.street, a.number ?? a.en?.number].filter(Boolean).join(' ')
  const first = a.address?.trim() || street
  const city = [a.zip, a.city ?? a.en?.city].filter(Boolean).join(' ')
  const country = a.country ?? a.en?.country
  const lines = [first, city, a.region ?? a.en?.region, country].filter(
    (s): s is string => !!s && !!s.trim()
  )
  // A full address line often already ends with the zip and city: don't say them twice. Only
  // its parts after the street count ("Rue de France" must not swallow the country France).
  const said = (a.address ?? '')
    .split(',')
    .slice(1)
    .map((p) => p.trim())
  return lines.filter((l, n) => n === 0 || !said.includes(l))
}

/** "43.71020° N, 7.26200° E" (null when the service sent no position). */
export function coordinatesText(
  latitude: number | null | undefined,
  longitude: number | null | undefined
): string | null {
  if (latitude == null || longitude == null) return null
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  const ns = `${Math.abs(latitude).toFixed(5)}° ${latitude < 0 ? 'S' : 'N'}`
  const ew = `${Math.abs(longitude).toFixed(5)}° ${longitude < 0 ? 'W' : 'E'}`
  return `${ns}, ${ew}`
}

/** "+39 5550142 (IT)": the check-in phone as the instructions give its parts. */
export function phoneText(
  phone: NonNullable<BookingDetails['instructions']>['phone']
): string | null {
  if (!phone || phone.number == null) return null
  const code = phone.code != null ? `+${String(phone.code).replace(/^\+/, '')} ` : ''
  const country = phone.country ? ` (${phone.country})` : ''
  return `${code}${phone.number}${country}`
}

/** "Nice Côte d'Azur (NCE), Nice, France · 7 km" */
export function airportText(
  a: NonNullable<NonNullable<BookingDetails['instructions']>['closestAirportsList']>[number]
): string {
  const name = [a.name, a.iata ? `(${a.iata})` : null].filter(Boolean).join(' ')
  const place = [a.city, a.country].filter(Boolean).join(', ')
  const distance = a.distance != null ? `${a.distance} km` : null
  return [[name, place].filter(Boolean).join(', '), distance].filter(Boolean).join(' · ') || '—'
}

/**
 * The service's extras and services, which the spec leaves unshaped: an object with a name
 * (and an amount) reads as "name: €12.00", anything else as the text it holds.
 */
export function extraLines(extras: readonly unknown[] | undefined): string[] {
  return (extras ?? []).map((x) => {
    if (typeof x === 'string' || typeof x === 'number') return String(x)
    if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>
      const name = o.name ?? o.title ?? o.type
      const amount = o.amount ?? o.fee ?? o.price
      if (typeof name === 'string') {
        return typeof amount === 'number' ? `${name}: ${formatCents(eurToCents(amount))}` : name
      }
    }
    return JSON.stringify(x)
  })
}
