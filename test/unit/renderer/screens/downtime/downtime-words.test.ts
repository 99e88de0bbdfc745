import { describe, expect, it } from 'vitest'
import type { DowntimeSheet, SheetRow } from '@shared/ipc/commands/downtime'
import {
  byDay,
  countsText,
  eventTimeText,
  leftOffText,
  LOCAL_TIME_RULE,
  paymentText,
  statusText,
  windowText
} from '../../../../../src-renderer/src/screens/downtime/downtime-words'

/**
 * The downtime pack's words: a status said once in StayDesk's words (as the booking page says
 * it), a stay's times as the property's local time (the service gives no zone), by date.
 */

describe('downtime pack words', () => {
  it('says the dates it covers, today and the next three, and why by date', () => {
    expect(windowText({ from: '2026-11-26', to: '2026-11-29' })).toMatch(
      /^Arrivals and departures dated Thu.*26.*2026 to Sun.*29.*2026: today and the next 3 days$/
    )
    expect(LOCAL_TIME_RULE).toContain("the property's local ones")
    expect(LOCAL_TIME_RULE).toContain('without a time zone')
    expect(LOCAL_TIME_RULE).not.toMatch(/\bUTC\b(?! date)/)
  })

  it('says a status once, in the words the booking page uses, never the code beside them', () => {
    expect(statusText('inProgress')).toBe('Stay in progress')
    expect(statusText('pendingPayment')).toBe('Awaiting payment')
    expect(paymentText('partialPaid')).toBe('Partly paid')
    expect(paymentText('paid')).toBe('Paid')
    expect(paymentText('pending')).toBe('Payment pending')
    expect(paymentText(null)).toBe('Payment status not given')
    // One the service adds later: as the service wrote it (bookingStatusLabel's rule).
    expect(statusText('someNewState')).toBe('someNewState')
  })

  it("says a time is the property's local one, where it comes from, and a day without one", () => {
    expect(eventTimeText({ event: 'departure', time: '10:00', timeFrom: 'booking' })).toBe(
      '10:00 (local time at the property)'
    )
    expect(eventTimeText({ event: 'arrival', time: '15:00', timeFrom: 'listing' })).toBe(
      "15:00 (local time at the property, the listing's check-in time)"
    )
    expect(eventTimeText({ event: 'departure', time: '11:00', timeFrom: 'listing' })).toBe(
      "11:00 (local time at the property, the listing's check-out time)"
    )
    expect(eventTimeText({ event: 'arrival', time: null, timeFrom: null })).toBe('time not given')
  })

  it('counts arrivals and departures and names what it leaves off', () => {
    const rows = [
      { event: 'departure', date: '2026-11-27', bookingId: 'SB1' },
      { event: 'arrival', date: '2026-11-27', bookingId: 'SB2' },
      { event: 'arrival', date: '2026-11-28', bookingId: 'SB3' }
    ] as SheetRow[]
    const sheet = { rows, keptBookings: 1, leftOff: [] } as unknown as DowntimeSheet
    expect(countsText(sheet)).toBe(
      '2 arrivals and 1 departure, from the 1 booking this profile keeps'
    )
    expect(byDay(rows).map((d) => [d.date, d.rows.length])).toEqual([
      ['2026-11-27', 2],
      ['2026-11-28', 1]
    ])
    expect(
      leftOffText({
        bookingId: 'SB9',
        status: 'cancelledByGuest',
        event: 'arrival',
        date: '2026-11-27'
      })
    ).toMatch(/^SB9, Cancelled by the guest: arrival .*27.*2026$/)
  })
})
