import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import type { Listing } from '@shared/api/listing.schema'
import { openMirror, type Mirror } from '../../../src-main/db'
import { recentBookingsSql } from '../../../src-main/db/queries/recent-bookings'
import { LISTING_AT_SQL } from '../../../src-main/db/repos/bookings'
import { instalmentWire, makeBooking, type BookingOptions } from './booking-fixtures'
import { cursor, makeListing, tempDir } from './fixtures'

/**
 * The kept copies of bookings: what a later read keeps, how a booking finds its listing, and
 * the desk's recent list and watch list over them.
 */

let m: Mirror
let cleanup: () => void
beforeEach(async () => {
  const t = tempDir()
  cleanup = t.cleanup
  m = await openMirror(t.file)
})
afterEach(async () => {
  await m.close()
  cleanup()
})

const SPLIT = { latitude: 43.5081, longitude: 16.4402 }
const ROVINJ = { latitude: 45.0812, longitude: 13.6387 }
const NICE = { latitude: 43.7102, longitude: 7.262 }

function listingAt(id: number, headline: string, position: object | null): Listing {
  return makeListing(id, {
    description: { EN: { headline, autoTranslated: false } },
    location: { city: 'Split', country: 'Croatia', ...position }
  })
}

function sync(listings: Listing[], seenAt = 1) {
  m.sync.commitPage({
    resource: 'listings',
    records: listings,
    quarantined: [],
    cursor: cursor(1),
    seenAt,
    recordHistory: false
  })
}

const keep = (id: string, fetchedAt: number, o: BookingOptions = {}, meta = {}) =>
  m.bookings.keep(makeBooking(id, o), { fetchedAt, ...meta })

describe('keeping a booking', () => {
  it('reads a kept booking back exactly as parsed, with its summary', () => {
    const booking = makeBooking('BK-1001', { position: null })
    expect(booking.adults).toBe(2)
    const summary = m.bookings.keep(booking, { fetchedAt: 1_000 })
    expect(summary).toEqual({
      id: 'BK-1001',
      status: 'confirmed',
      paymentStatus: 'partialPaid',
      guestName: 'Anna Berg',
      checkIn: '2026-04-10',
      checkOut: '2026-04-17',
      listingId: null,
      listingName: null,
      ownReference: null,
      totalCents: 118_050,
      expiresAt: null,
      fetchedAt: 1_000
    })
    expect(m.bookings.get('BK-1001')).toEqual({ booking, summary })
    expect(m.bookings.get('BK-1002')).toBeUndefined()
  })

  it('keeps the own reference, the listing and, while payment is awaited, the deadline on a re-read', () => {
    sync([listingAt(7, 'Kuća Ružica', NICE)])
    const first = keep(
      'BK-2001',
      1_000,
      { status: 'pendingPayment', paymentStatus: 'pending' },
      { listingId: 7, ownReference: 'SD-7-a1b2', expiresAt: '2026-03-02T12:00:00.000Z' }
    )
    expect(first).toMatchObject({
      listingId: 7,
      listingName: 'Kuća Ružica',
      ownReference: 'SD-7-a1b2',
      expiresAt: '2026-03-02T12:00:00.000Z'
    })
    // The service's read carries none of the three.
    const reread = keep('BK-2001', 2_000, { status: 'pendingPayment', paymentStatus: 'pending' })
    expect(reread).toEqual({ ...first, fetchedAt: 2_000 })
    expect(m.bookings.idByReference('SD-7-a1b2')).toBe('BK-2001')
    // Any case, as booking ids are typed; a part of the reference is not it.
    expect(m.bookings.idByReference('sd-7-A1B2')).toBe('BK-2001')
    expect(m.bookings.idByReference('SD-7-a1b')).toBeUndefined()

    const paid = keep('BK-2001', 3_000, { status: 'confirmed', paymentStatus: 'success' })
    expect(paid).toMatchObject({ status: 'confirmed', expiresAt: null, ownReference: 'SD-7-a1b2' })
    // Cleared once paid: a deadline does not come back with a later status.
    expect(keep('BK-2001', 4_000, { status: 'pendingPayment' }).expiresAt).toBeNull()
    // A listing given later wins over the stored one.
    expect(keep('BK-2001', 5_000, {}, { listingId: 8 })).toMatchObject({
      listingId: 8,
      listingName: null
    })
  })

  it('finds the listing at the property coordinates, and none when two listings share them', () => {
    sync([
      listingAt(1, 'Apartment Obala', SPLIT),
      listingAt(2, 'Studio Rovinj A', ROVINJ),
      listingAt(3, 'Studio Rovinj B', ROVINJ)
    ])
    expect(keep('BK-1', 1, { position: SPLIT })).toMatchObject({
      listingId: 1,
      listingName: 'Apartment Obala'
    })
    // The service may send its coordinates as strings.
    const asText = { latitude: '43.5081', longitude: '16.4402' }
    expect(keep('BK-2', 1, { position: asText }).listingId).toBe(1)
    expect(keep('BK-3', 1, { position: ROVINJ }).listingId).toBeNull()
    expect(keep('BK-4', 1, { position: null }).listingId).toBeNull()
    expect(keep('BK-5', 1, { position: NICE }).listingId).toBeNull()
    // A listing given or found before is not looked up again.
    expect(keep('BK-6', 1, { position: SPLIT }, { listingId: 2 }).listingId).toBe(2)
    expect(keep('BK-6', 2, { position: SPLIT }).listingId).toBe(2)
  })

  it('finds the listing on a later read once the listing has been synced', () => {
    expect(keep('BK-1', 1, { position: NICE }).listingId).toBeNull()
    sync([listingAt(5, 'Villa Nice', NICE)])
    expect(keep('BK-1', 2, { position: NICE })).toMatchObject({
      listingId: 5,
      listingName: 'Villa Nice'
    })
  })

  it('finds a listing whose coordinates moved on a later sync at its new position', () => {
    sync([listingAt(5, 'Villa Nice', NICE)])
    sync([listingAt(5, 'Villa Nice', SPLIT)], 2)
    expect(keep('BK-1', 1, { position: NICE }).listingId).toBeNull()
    expect(keep('BK-2', 1, { position: SPLIT }).listingId).toBe(5)
  })
})

describe('recent bookings', () => {
  beforeEach(() => {
    sync([
      listingAt(1, 'Kuća Ružica', SPLIT),
      listingAt(2, 'Casa Azul', NICE),
      listingAt(12, '12 Rue Masséna', ROVINJ)
    ])
    const stay = (checkIn: string, checkOut: string) => ({ checkIn, checkOut })
    keep('B1', 1_000, { firstName: 'Zoë', lastName: 'Müller', ...stay('2026-04-01', '2026-04-08') })
    keep('B2', 2_000, {
      firstName: 'Søren',
      lastName: 'Kierkegaard',
      status: 'pendingPayment',
      position: NICE,
      ...stay('2026-04-08', '2026-04-12')
    })
    keep('B3', 3_000, {
      firstName: 'Ana',
      lastName: 'Zoellner',
      position: NICE,
      ...stay('2026-04-12', '2026-04-20')
    })
    keep('B4', 4_000, {
      firstName: 'Łukasz',
      lastName: 'Nowak',
      status: 'pendingPayment',
      position: ROVINJ,
      ...stay('2026-04-21', '2026-04-25')
    })
    keep('B5', 5_000, { position: null, ...stay('2026-05-01', '2026-05-03') })
  })

  const ids = (q: Parameters<Mirror['bookings']['recent']>[0]) =>
    m.bookings.recent(q).items.map((b) => b.id)

  it('lists the newest read first, with its listing', () => {
    const all = m.bookings.recent({})
    expect(all.total).toBe(5)
    expect(all.items.map((b) => [b.id, b.listingId, b.listingName])).toEqual([
      ['B5', null, null],
      ['B4', 12, '12 Rue Masséna'],
      ['B3', 2, 'Casa Azul'],
      ['B2', 2, 'Casa Azul'],
      ['B1', 1, 'Kuća Ružica']
    ])
    // A re-read moves a booking to the top.
    keep('B1', 6_000, { firstName: 'Zoë', lastName: 'Müller' })
    expect(ids({})[0]).toBe('B1')
  })

  it('filters by exact status', () => {
    expect(ids({ status: 'pendingPayment' })).toEqual(['B4', 'B2'])
    expect(ids({ status: 'pending' })).toEqual([])
  })

  it('filters by the start of the first or last name, ignoring case and accents', () => {
    expect(ids({ guest: 'zoe' })).toEqual(['B3', 'B1'])
    expect(ids({ guest: 'ZOË' })).toEqual(['B3', 'B1'])
    expect(ids({ guest: 'zoe m' })).toEqual(['B1'])
    expect(ids({ guest: 'mull' })).toEqual(['B1'])
    expect(ids({ guest: 'sor' })).toEqual(['B2'])
    expect(ids({ guest: 'lukasz' })).toEqual(['B4'])
    expect(ids({ guest: 'ren' })).toEqual([])
    expect(ids({ guest: '%' })).toEqual([])
    expect(ids({ guest: '  ' })).toHaveLength(5)
  })

  it('filters by listing id or the start of the listing name', () => {
    expect(ids({ listing: '2' })).toEqual(['B3', 'B2'])
    expect(ids({ listing: '1' })).toEqual(['B4', 'B1'])
    expect(ids({ listing: '12' })).toEqual(['B4'])
    expect(ids({ listing: 'kuca' })).toEqual(['B1'])
    expect(ids({ listing: 'Casa A' })).toEqual(['B3', 'B2'])
    expect(ids({ listing: 'azul' })).toEqual([])
    expect(ids({ listing: '7' })).toEqual([])
  })

  it('finds stays that overlap the dates, departure day included', () => {
    expect(ids({ from: '2026-04-08', to: '2026-04-11' })).toEqual(['B2', 'B1'])
    expect(ids({ from: '2026-04-13', to: '2026-04-20' })).toEqual(['B3'])
    expect(ids({ from: '2026-04-21' })).toEqual(['B5', 'B4'])
    expect(ids({ to: '2026-04-07' })).toEqual(['B1'])
    expect(ids({ from: '2026-06-01' })).toEqual([])
  })

  it("searches the box's text in the id, own reference, guest name and e-mail, from their start", () => {
    const booking = makeBooking('SB10112648', { firstName: 'Ada', lastName: 'Lovelace' })
    m.bookings.keep(
      { ...booking, guest: { ...booking.guest, email: 'ada.lovelace@example.com' } },
      { fetchedAt: 7_000, ownReference: 'DESK-REF-9' }
    )
    const mine = ['SB10112648']
    expect(ids({ search: 'sb1011' })).toEqual(mine)
    expect(ids({ search: 'desk-ref' })).toEqual(mine)
    expect(ids({ search: 'ADA.LOVE' })).toEqual(mine)
    expect(ids({ search: 'love' })).toEqual(mine)
    expect(ids({ search: 'ada l' })).toEqual(mine)
    expect(ids({ search: 'zoe' })).toEqual(['B3', 'B1'])
    expect(ids({ search: 'b4' })).toEqual(['B4'])
    // From the start only, and what is typed is text, not a pattern.
    expect(ids({ search: '10112648' })).toEqual([])
    expect(ids({ search: 'example.com' })).toEqual([])
    expect(ids({ search: '%' })).toEqual([])
    expect(ids({ search: 'b', status: 'pendingPayment' })).toEqual(['B4', 'B2'])
    expect(m.bookings.recent({ search: 'guest@', limit: 2 }).total).toBe(5)
  })

  it('combines filters and pages with the total of the whole list', () => {
    expect(ids({ status: 'confirmed', guest: 'zoe', listing: 'casa' })).toEqual(['B3'])
    const page = m.bookings.recent({ limit: 2, offset: 2 })
    expect(page.total).toBe(5)
    expect(page.items.map((b) => b.id)).toEqual(['B3', 'B2'])
    expect(m.bookings.recent({ status: 'pendingPayment', limit: 1, offset: 1 })).toMatchObject({
      total: 2,
      items: [{ id: 'B2' }]
    })
  })
})

describe('indexes', () => {
  // On a connection of the test's own, with the kept store attached as the mirror attaches it.
  const plan = (query: string, ...params: unknown[]) => {
    const own = new Database(m.file, { readonly: true })
    try {
      own.prepare('ATTACH DATABASE ? AS kept').run(m.keptFile)
      return (own.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...params) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n')
    } finally {
      own.close()
    }
  }

  it('serve the recent list by status, in its order, and the newest-first list', () => {
    const byStatus = recentBookingsSql({ status: 'pendingPayment' })
    const statusPlan = plan(byStatus.page, ...byStatus.params, 100, 0)
    expect(statusPlan).toMatch(/SEARCH b USING INDEX bookings_status \(status=\?\)/)
    expect(statusPlan).not.toMatch(/TEMP B-TREE/)
    expect(plan(byStatus.count, ...byStatus.params)).toMatch(
      /USING (COVERING )?INDEX bookings_status/
    )
    const all = recentBookingsSql({})
    const allPlan = plan(all.page, 100, 0)
    expect(allPlan).toMatch(/SCAN b USING INDEX bookings_fetched_at/)
    expect(allPlan).not.toMatch(/TEMP B-TREE/)
  })

  it('serve the lookup of a listing by its coordinates', () => {
    expect(plan(LISTING_AT_SQL, SPLIT.latitude, SPLIT.longitude)).toMatch(
      /SEARCH listings USING COVERING INDEX listings_position \(latitude=\? AND longitude=\?\)/
    )
  })
})

describe('watch list', () => {
  const TODAY = '2026-03-01'
  const NOW = Date.parse('2026-03-01T10:00:00Z')
  const later = { instalments: [instalmentWire('balance', 826.35, '2026-03-27', 'init')] }

  it('lists payments awaited by deadline, confirmations by check-in, instalments due this week', () => {
    const pending = (id: string, expiresAt?: string, checkIn = '2026-04-10') =>
      keep(id, 1, { status: 'pendingPayment', checkIn, ...later }, { expiresAt })
    pending('P-late', '2026-03-03T10:00:00.000Z')
    pending('P-none-b', undefined, '2026-05-01')
    pending('P-soon', '2026-03-02T08:00:00.000Z')
    pending('P-none-a', undefined, '2026-04-01')
    pending('P-passed', '2026-03-01T09:59:59.000Z')
    keep('C-may', 1, { status: 'pendingConfirm', checkIn: '2026-05-01', checkOut: '2026-05-05' })
    keep('C-april', 1, { status: 'pendingConfirm', checkIn: '2026-04-01' })

    keep('I-1', 1, {
      instalments: [
        instalmentWire('deposit', 354.15, '2026-03-02', 'paid'),
        instalmentWire('balance', 826.35, '2026-03-08', 'init'),
        instalmentWire('extra', 50, '2026-03-09', 'init')
      ]
    })
    keep('I-2', 1, {
      instalments: [
        instalmentWire('deposit', 100, '2026-02-28', null),
        { ...instalmentWire('balance', 0, TODAY, null), amount: '120.10', name: null }
      ]
    })
    for (const status of ['cancelledByGuest', 'cancelled', 'expired', 'declined']) {
      keep(`X-${status}`, 1, {
        status,
        instalments: [instalmentWire('balance', 500, '2026-03-03', 'init')]
      })
    }

    const watch = m.bookings.watchList(TODAY, NOW)
    expect(watch.today).toBe(TODAY)
    expect(watch.awaitingPayment.map((b) => [b.id, b.expiresAt])).toEqual([
      ['P-soon', '2026-03-02T08:00:00.000Z'],
      ['P-late', '2026-03-03T10:00:00.000Z'],
      ['P-none-a', null],
      ['P-none-b', null]
    ])
    expect(watch.awaitingConfirmation.map((b) => b.id)).toEqual(['C-april', 'C-may'])
    expect(
      watch.instalmentsDue.map((i) => [i.booking.id, i.name, i.amountCents, i.dueDate])
    ).toEqual([
      ['I-2', 'Instalment 2', 12_010, TODAY],
      ['I-1', 'balance', 82_635, '2026-03-08']
    ])
    expect(watch.instalmentsDue[1].booking).toEqual(m.bookings.get('I-1')!.summary)
    // Due before today and unpaid: overdue, of a booking not ended (the ended ones owe nothing).
    expect(watch.overdue.map((i) => [i.booking.id, i.name, i.amountCents, i.dueDate])).toEqual([
      ['I-2', 'deposit', 10_000, '2026-02-28']
    ])
  })

  it('groups overdue instalments: unpaid past their due date, never one paid, of an ended booking or of one awaiting payment (its deadline rules)', () => {
    keep('O-1', 1, {
      instalments: [
        instalmentWire('deposit', 300, '2026-01-10', 'paid'),
        instalmentWire('balance', 710.51, '2026-02-17', 'init')
      ]
    })
    keep('O-paidAt', 1, {
      instalments: [{ ...instalmentWire('balance', 90, '2026-02-20', null), paidAt: '2026-02-19' }]
    })
    keep('O-awaiting', 1, {
      status: 'pendingPayment',
      instalments: [instalmentWire('full', 90, '2026-02-27', 'init')]
    })
    keep('O-completed', 1, {
      status: 'completed',
      instalments: [instalmentWire('balance', 90, '2026-02-20', 'init')]
    })
    expect(
      m.bookings.watchList(TODAY, NOW).overdue.map((i) => [i.booking.id, i.amountCents])
    ).toEqual([['O-1', 71_051]])
  })

  it('is empty when nothing is kept', () => {
    expect(m.bookings.watchList(TODAY, NOW)).toEqual({
      awaitingPayment: [],
      awaitingConfirmation: [],
      instalmentsDue: [],
      overdue: [],
      today: TODAY
    })
  })
})
