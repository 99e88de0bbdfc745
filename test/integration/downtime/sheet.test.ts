import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BookingDetails } from '@shared/api/booking.schema'
import { openMirror, type Mirror } from '../../../src-main/db'
import { downtimeSheet, onSheetDates } from '../../../src-main/features/downtime/sheet'
import { downtimeHandlers } from '../../../src-main/features/downtime/handlers'
import type { AppContext } from '../../../src-main/features/context'
import { makeBooking, type BookingOptions } from '../db/booking-fixtures'
import { cursor, makeListing, tempDir } from '../db/fixtures'

/**
 * The downtime pack over a real mirror file and its kept store: which kept bookings' arrivals
 * and departures are dated today to three days later (by date: their times are the property's
 * local time, without a zone, so no hour decides), what each row says, and which bookings are
 * left off and named.
 */

const NOW = Date.parse('2026-04-10T12:00:00Z')
const PROFILE = { name: 'Demo', kind: 'test' }

let m: Mirror
let cleanup: () => void
beforeEach(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  m = await openMirror(t.file)
  m.sync.commitPage({
    resource: 'listings',
    records: [
      makeListing(501, {
        description: { EN: { headline: 'Casa Lucca', autoTranslated: false } },
        location: {
          address: 'Via Fillungo 12',
          zip: '55100',
          city: 'Lucca',
          region: 'Toscana',
          country: 'Italy'
        },
        instructions: { checkIn: '15:00', checkOut: '11:00' }
      }),
      // No instructions: its bookings' times are the bookings' own, or none.
      makeListing(502, { description: { EN: { headline: 'Haus Alm', autoTranslated: false } } })
    ],
    quarantined: [],
    cursor: cursor(1),
    seenAt: 1,
    recordHistory: false
  })
})
afterEach(async () => {
  await m.close()
  cleanup()
})

function keep(
  id: string,
  listingId: number,
  o: BookingOptions & { inTime?: string | null; outTime?: string | null } = {},
  fetchedAt = NOW - 3_600_000
) {
  const b = makeBooking(id, o)
  const booking: BookingDetails = {
    ...b,
    checkIn: { date: b.checkIn.date, time: o.inTime === null ? undefined : (o.inTime ?? '16:00') },
    checkOut: {
      date: b.checkOut.date,
      time: o.outTime === null ? undefined : (o.outTime ?? '10:00')
    },
    guest: {
      ...b.guest,
      firstName: `Guest`,
      lastName: id,
      email: `${id.toLowerCase()}@example.com`
    }
  }
  m.bookings.keep(booking, { fetchedAt, listingId })
}

const listed = (sheet: ReturnType<typeof downtimeSheet>) =>
  sheet.rows.map((r) => `${r.event} ${r.bookingId} ${r.date} ${r.time ?? '-'}`)

describe('the downtime sheet', () => {
  it('lists exactly the arrivals and departures dated today to three days later, by date and time', () => {
    // NOW is 12:00 UTC on Apr 10: the sheet's dates are Apr 10 to Apr 13, whatever the hour.
    keep('SB-A', 501, { checkIn: '2026-04-10', checkOut: '2026-04-17' }) // arrives 16:00 today
    keep('SB-B', 501, { checkIn: '2026-04-05', checkOut: '2026-04-13' }) // leaves 10:00, day 3
    keep('SB-C', 501, { checkIn: '2026-04-13', checkOut: '2026-04-20' }) // arrives 16:00, day 3
    keep('SB-D', 501, { checkIn: '2026-04-03', checkOut: '2026-04-10' }) // leaves 10:00 today
    keep('SB-E', 501, { checkIn: '2026-04-12', checkOut: '2026-04-14', inTime: null }) // listing's 15:00
    keep('SB-F', 502, { checkIn: '2026-04-11', checkOut: '2026-04-25', inTime: null }) // no time
    keep('SB-G', 502, { checkIn: '2026-04-01', checkOut: '2026-04-30' }) // stays throughout
    keep('SB-H', 502, { checkIn: '2026-04-14', checkOut: '2026-04-18' }) // arrives day 4
    keep('SB-I', 502, { checkIn: '2026-04-02', checkOut: '2026-04-09' }) // left yesterday

    const sheet = downtimeSheet(m, PROFILE, NOW)

    expect(listed(sheet)).toEqual([
      'departure SB-D 2026-04-10 10:00',
      'arrival SB-A 2026-04-10 16:00',
      'arrival SB-F 2026-04-11 -',
      'arrival SB-E 2026-04-12 15:00',
      'departure SB-B 2026-04-13 10:00',
      'arrival SB-C 2026-04-13 16:00'
    ])
    expect(sheet.rows.find((r) => r.bookingId === 'SB-E')?.timeFrom).toBe('listing')
    expect(sheet.rows.find((r) => r.bookingId === 'SB-A')?.timeFrom).toBe('booking')
    expect(sheet).toMatchObject({
      madeAt: NOW,
      from: '2026-04-10',
      to: '2026-04-13',
      keptBookings: 9,
      leftOff: []
    })
  })

  it('keeps the same dates from the first minute of the UTC day to its last', () => {
    keep('SB-A', 501, { checkIn: '2026-04-10', checkOut: '2026-04-13' })
    for (const at of ['2026-04-10T00:00:00Z', '2026-04-10T23:59:00Z']) {
      const sheet = downtimeSheet(m, PROFILE, Date.parse(at))
      expect(sheet).toMatchObject({ from: '2026-04-10', to: '2026-04-13' })
      expect(listed(sheet)).toEqual([
        'arrival SB-A 2026-04-10 16:00',
        'departure SB-A 2026-04-13 10:00'
      ])
    }
  })

  it('says who comes, where and how to reach them, as the kept copy and the mirror hold it', () => {
    keep('SB-A', 501, {
      checkIn: '2026-04-11',
      checkOut: '2026-04-15',
      paymentStatus: 'partialPaid'
    })
    const [row] = downtimeSheet(m, PROFILE, NOW).rows
    expect(row).toEqual({
      event: 'arrival',
      date: '2026-04-11',
      time: '16:00',
      timeFrom: 'booking',
      bookingId: 'SB-A',
      status: 'confirmed',
      paymentStatus: 'partialPaid',
      guest: { name: 'Guest SB-A', email: 'sb-a@example.com', phone: '+4915112345678' },
      listingId: 501,
      listingName: 'Casa Lucca',
      address: {
        address: 'Via Fillungo 12',
        street: null,
        number: null,
        zip: '55100',
        city: 'Lucca',
        region: 'Toscana',
        country: 'Italy'
      },
      addressFrom: 'listing',
      checkInTime: '15:00',
      checkOutTime: '11:00',
      checkinContact: 'Adriatic Homes, reception',
      contactPhone: { country: 'HR', number: 5550123, code: 385 },
      collectionPoint: 'Key box at the entrance',
      keptAt: NOW - 3_600_000
    })
  })

  it("uses the booking's own address when the mirror has no such listing", () => {
    keep('SB-A', 999, { checkIn: '2026-04-11', checkOut: '2026-04-15' })
    const [row] = downtimeSheet(m, PROFILE, NOW).rows
    expect(row.listingName).toBeNull()
    expect(row.addressFrom).toBe('booking')
    expect(row.address).toMatchObject({ address: 'Obala 12, 21000 Split', city: 'Split' })
    expect(row.checkInTime).toBe('16:00')
  })

  it('leaves cancelled, expired and declined bookings off the list and names them', () => {
    keep('SB-A', 501, { checkIn: '2026-04-11', checkOut: '2026-04-15', status: 'cancelledByGuest' })
    keep('SB-B', 501, { checkIn: '2026-04-12', checkOut: '2026-04-16', status: 'expired' })
    keep('SB-C', 501, { checkIn: '2026-04-12', checkOut: '2026-04-16', status: 'declined' })
    keep('SB-D', 502, { checkIn: '2026-04-12', checkOut: '2026-04-16', status: 'pendingPayment' })
    const sheet = downtimeSheet(m, PROFILE, NOW)
    expect(listed(sheet)).toEqual(['arrival SB-D 2026-04-12 16:00'])
    expect(sheet.leftOff).toEqual([
      { bookingId: 'SB-A', status: 'cancelledByGuest', event: 'arrival', date: '2026-04-11' },
      { bookingId: 'SB-B', status: 'expired', event: 'arrival', date: '2026-04-12' },
      { bookingId: 'SB-C', status: 'declined', event: 'arrival', date: '2026-04-12' }
    ])
  })

  it('reads more kept bookings than one page of the recent list', () => {
    for (let i = 0; i < 505; i++) {
      keep(`SB-${1000 + i}`, 501, { checkIn: '2026-04-11', checkOut: '2026-04-30' })
    }
    expect(downtimeSheet(m, PROFILE, NOW).rows).toHaveLength(505)
  })
})

describe("the sheet's dates", () => {
  it('takes a date from the first to the last, both included, and no hour matters', () => {
    expect(onSheetDates('2026-04-10', '2026-04-10', '2026-04-13')).toBe(true)
    expect(onSheetDates('2026-04-13', '2026-04-10', '2026-04-13')).toBe(true)
    expect(onSheetDates('2026-04-09', '2026-04-10', '2026-04-13')).toBe(false)
    expect(onSheetDates('2026-04-14', '2026-04-10', '2026-04-13')).toBe(false)
  })
})

describe('saving the sheet as PDF', () => {
  function ctxWith(choice: string | null) {
    const saved: { suggestedName: string; contents: unknown }[] = []
    const pdf = new Uint8Array([37, 80, 68, 70])
    const ctx = {
      profile: () => ({ id: 'demo', name: 'Demo', kind: 'test' }),
      now: () => NOW,
      mirror: async () => m,
      files: {
        printToPdf: async () => pdf,
        save: async (o: { suggestedName: string; contents: unknown }) => {
          saved.push(o)
          return choice
        }
      }
    } as unknown as AppContext
    return { ctx, saved, pdf }
  }

  it('prints the window and writes the file only where the person chose', async () => {
    const { ctx, saved, pdf } = ctxWith('/home/me/Documents/pack.pdf')
    expect(await downtimeHandlers(ctx)['downtime:save-pdf']({})).toEqual({
      file: '/home/me/Documents/pack.pdf'
    })
    expect(saved).toEqual([
      expect.objectContaining({ suggestedName: 'Downtime pack Demo 2026-04-10.pdf', contents: pdf })
    ])
  })

  it('answers no file when the person cancels the dialog', async () => {
    const { ctx } = ctxWith(null)
    expect(await downtimeHandlers(ctx)['downtime:save-pdf']({})).toEqual({ file: null })
  })

  it("answers the sheet for the active profile's mirror", async () => {
    keep('SB-A', 501, { checkIn: '2026-04-11', checkOut: '2026-04-15' })
    const { ctx } = ctxWith(null)
    const sheet = await downtimeHandlers(ctx)['downtime:sheet']({})
    expect(sheet.profile).toEqual(PROFILE)
    expect(sheet.rows.map((r) => r.bookingId)).toEqual(['SB-A'])
  })
})
