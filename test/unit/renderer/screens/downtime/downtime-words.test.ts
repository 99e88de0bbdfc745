import { describe, expect, it } from 'vitest'
import type { DowntimeSheet, SheetRow } from '@shared/ipc/commands/downtime'
import {
  byDay,
  countsText,
  eventTimeText,
  leftOffText,
  paymentText,
  statusText,
  windowText
} from '../../../../../src-renderer/src/screens/downtime/downtime-words'

/** The downtime pack's words: the service's own status word first, times in UTC. */

const at = Date.parse('2026-11-26T09:35:00Z')

describe('downtime pack words', () => {
  it('says the window in UTC with its length', () => {
    expect(windowText({ madeAt: at, until: at + 72 * 3_600_000, hours: 72 })).toMatch(
      /^Arrivals and departures from .*26.*2026, 09:35 UTC to .*29.*2026, 09:35 UTC \(the next 72 hours\)$/
    )
  })

  it("gives the service's own status word, then the plain words when they say more", () => {
    expect(paymentText('partialPaid')).toBe('partialPaid (Partly paid)')
    expect(paymentText('paid')).toBe('paid')
    expect(paymentText(null)).toBe('not given')
    expect(statusText('pendingPayment')).toBe('pendingPayment (Awaiting payment)')
    expect(statusText('someNewState')).toBe('someNewState')
  })

  it('says where a time comes from, and a day without one', () => {
    expect(eventTimeText({ time: '16:00', timeFrom: 'booking' })).toBe("16:00 UTC (booking's time)")
    expect(eventTimeText({ time: '15:00', timeFrom: 'listing' })).toBe(
      "15:00 UTC (listing's check-in/out time)"
    )
    expect(eventTimeText({ time: null, timeFrom: null })).toBe('time not given')
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
    ).toMatch(/^SB9, cancelledByGuest \(Cancelled by the guest\): arrival .*27.*2026$/)
  })
})
