import type { AvailabilityRecord } from '@shared/api/availability.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import { eurToCents } from '@shared/domain/money'
import { isOutage } from '@shared/errors'
import type { AlertCheck, AlertCheckOutcome } from '@shared/ipc/commands/watch'
import type { Alert } from '@shared/watch/alert.schema'
import { checkWords, type CheckFacts } from '@shared/watch/alert-words'
import { HOLDING_STATUSES } from '@shared/watch/rules'
import { AppError, toAppError } from '../../errors'
import { readAndKeep } from '../bookings/open'
import type { ProfileContext } from '../context'

/**
 * 'watch:check': one alert checked live. The booking is read again from the service (and kept,
 * so the next watch pass sees a cancellation), the listing's calendar and rates too; the answer
 * says in words what the service says now. A service that does not answer is an outcome
 * ('unknown', unreachable), never an error of StayDesk.
 */
export async function checkAlert(ctx: ProfileContext, alert: Alert): Promise<AlertCheck> {
  const checkedAt = ctx.now()
  const client = ctx.client()
  try {
    let bookingStatus: string | null = null
    // What the booking's read says it cost now (price at booking compares it with the alert's).
    let charged: number | null = null
    if (alert.bookingId) {
      try {
        const kept = await readAndKeep(ctx, client, alert.bookingId, { listingId: alert.listingId })
        bookingStatus = kept.booking.status
        const amount = kept.booking.payment?.amount
        charged = amount === undefined ? null : eurToCents(amount)
      } catch (err) {
        // A booking the service no longer knows holds nothing: said below as gone.
        if (toAppError(err).code !== 'not-found') throw err
        bookingStatus = 'unknown to the service'
      }
    }
    const [availability, rates] = await Promise.all([
      client.availability(alert.listingId),
      needsRates(alert) ? client.rates(alert.listingId) : Promise.resolve(undefined)
    ])
    const nights = alert.nights.map((date) => nightOf(date, availability, rates))
    const { outcome, about } = judge(alert, bookingStatus, nights, charged)
    return {
      id: alert.id,
      outcome,
      words: checkWords({
        outcome,
        bookingId: alert.bookingId,
        bookingStatus,
        nights: about,
        ...(alert.kind === 'price-at-booking' && { charged, wasCharged: alert.newValue }),
        ...answered(alert, nights, about)
      }),
      checkedAt,
      nights,
      bookingStatus,
      unreachable: false
    }
  } catch (err) {
    const failure = toAppError(err)
    if (!isOutage(failure.code)) throw failure
    return {
      id: alert.id,
      outcome: 'unknown',
      words: checkWords({
        outcome: 'unknown',
        bookingId: alert.bookingId,
        bookingStatus: null,
        nights: []
      }),
      checkedAt,
      nights: alert.nights.map((date) => ({
        date,
        available: null,
        priceCents: null,
        minStay: null
      })),
      bookingStatus: null,
      unreachable: true
    }
  } finally {
    await client.close()
  }
}

/** Price and minimum-stay checks name the value the service answered for the nights said. */
function answered(
  alert: Alert,
  nights: readonly CheckedNight[],
  about: readonly string[]
): { answered?: CheckFacts['answered'] } {
  const kind = alert.kind
  if (kind !== 'price-drop' && kind !== 'price-floor' && kind !== 'min-stay-jump') return {}
  const said = new Set(about)
  const values = nights
    .filter((n) => said.has(n.date))
    .map((n) => (kind === 'min-stay-jump' ? n.minStay : n.priceCents))
  return {
    answered: {
      kind,
      values,
      oldValue: alert.oldValue,
      newValue: alert.newValue,
      limit: alert.limit
    }
  }
}

const needsRates = (a: Alert) =>
  a.kind !== 'double-booking' && a.kind !== 'min-stay-jump' && a.kind !== 'price-at-booking'

type CheckedNight = AlertCheck['nights'][number]

function nightOf(
  date: string,
  availability: AvailabilityRecord | undefined,
  rates: RateRecord | undefined
): CheckedNight {
  const day = availability?.availability[date]
  const price = rates?.rate[date]
  return {
    date,
    available: day ? day.available : availability ? false : null,
    priceCents: price === undefined ? null : eurToCents(price),
    minStay: day ? day.minStay : null
  }
}

function judge(
  alert: Alert,
  bookingStatus: string | null,
  nights: CheckedNight[],
  charged: number | null
): { outcome: AlertCheckOutcome; about: string[] } {
  const all = nights.map((n) => n.date)
  const where = (test: (n: CheckedNight) => boolean) => nights.filter(test).map((n) => n.date)
  if (alert.bookingId && bookingStatus !== null && !HOLDING_STATUSES.includes(bookingStatus)) {
    return { outcome: 'booking-cancelled', about: all }
  }
  const verdict = (hit: string[], yes: AlertCheckOutcome, no: AlertCheckOutcome) =>
    hit.length > 0 ? { outcome: yes, about: hit } : { outcome: no, about: all }
  switch (alert.kind) {
    case 'double-booking':
      return verdict(
        where((n) => n.available === true),
        'still-bookable',
        'closed-again'
      )
    case 'price-drop':
      return verdict(
        where((n) => n.priceCents === alert.newValue),
        'still-applies',
        'resolved'
      )
    case 'price-floor':
      return verdict(
        where((n) => n.priceCents !== null && alert.limit !== null && n.priceCents < alert.limit),
        'still-applies',
        'resolved'
      )
    case 'no-rate':
      return verdict(
        where((n) => n.available === true && n.priceCents === null),
        'still-applies',
        'resolved'
      )
    case 'min-stay-jump':
      return verdict(
        where((n) => n.minStay === alert.newValue),
        'still-applies',
        'resolved'
      )
    case 'price-at-booking':
      // The booking's total as the alert has it: the difference stands until a pass prices the
      // read just kept (the next sync's).
      return { outcome: charged === alert.newValue ? 'still-applies' : 'resolved', about: all }
  }
}

export function alertNotFound(id: number): AppError {
  return new AppError('not-found', `There is no alert ${id} in this profile.`)
}
