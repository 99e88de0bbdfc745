import type { BookingDetails } from '@shared/api/booking.schema'
import { daysBetween, isIsoDate } from '@shared/domain/dates'
import { eurToCents, type Cents } from '@shared/domain/money'

/**
 * The Booking details object read for the screens: ids from what a person typed, dates, instants,
 * amounts in cents and contact links parsed out of what the service sent, each null when it is
 * absent or unreadable (never an error). The words are in booking-words.ts.
 */

/** A booking id as the service writes it ("SB" and digits), from what a person typed. */
export function bookingIdIn(text: string): string | null {
  const t = text
    .trim()
    .replace(/^#\s*/, '')
    .replace(/[\s-]+/g, '')
  return /^sb\d{1,16}$/i.test(t) ? t.toUpperCase() : null
}

/** Nights between check-in and check-out (null when either date is not a real date). */
export function nightsOf(checkIn: string, checkOut: string): number | null {
  if (!isIsoDate(checkIn) || !isIsoDate(checkOut)) return null
  return daysBetween(checkIn, checkOut)
}

/** The tier of booking details' `cancellationPolicy.refund`, as the preview names it. */
export function policyTier(
  policy: BookingDetails['cancellationPolicy']
): { percent: number; fromDaysBefore: number | null } | null {
  const refund = policy?.refund
  if (refund?.percentage === undefined) return null
  return { percent: refund.percentage, fromDaysBefore: refund.dayPeriod ?? null }
}

export function toCents(eur: number | null | undefined): Cents | null {
  return eur == null || !Number.isFinite(eur) ? null : eurToCents(eur)
}

/**
 * A service timestamp as epoch milliseconds: `YYYY-MM-DD HH:mm:ss` has no zone and is UTC (the
 * spec's `expiresAt` rule); ISO 8601 with a zone is read as written. Null when unreadable.
 */
export function instantOf(timestamp: string | null | undefined): number | null {
  const t = timestamp?.trim()
  if (!t) return null
  const iso = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(t) ? `${t.replace(' ', 'T')}Z` : t
  const ms = Date.parse(iso)
  return Number.isFinite(ms) ? ms : null
}

/**
 * A guest's e-mail address as a mailto: link, only when it is one plain address (main opens
 * mailto: with nothing more in it: src-main/shell/window-security.ts). Null otherwise.
 */
export function mailtoOf(email: string): string | null {
  const e = email.trim()
  return /^[^\s?#&/:@,;]+@[^\s?#&/:@,;]+\.[^\s?#&/:@,;]+$/.test(e) ? `mailto:${e}` : null
}

/** A phone number as a tel: link: digits and the separators people write, no letters or codes. */
export function telOf(phone: string): string | null {
  const p = phone.trim()
  if (!/^\+?[\d\s().-]{3,30}$/.test(p)) return null
  return `tel:${p.replace(/[\s().-]/g, '')}`
}
