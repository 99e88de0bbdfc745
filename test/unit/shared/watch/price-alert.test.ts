import { describe, expect, it } from 'vitest'
import { priceAlertFacts, priceAtBookingHit } from '@shared/watch/price-alert'
import type { BookingPriceAtBooking } from '@shared/watch/price-at-booking.schema'

/** A priced booking turned into the watch's alert: only a named difference is one. */

const line = (key: 'total' | 'rental', cents: number | null, bookingCents: number | null) => ({
  key,
  label: key,
  cents,
  bookingCents,
  subtotal: true,
  note: null
})

const differs: BookingPriceAtBooking = {
  bookingId: 'SB10112648',
  listingId: 100023,
  listingName: 'Villa Alba',
  from: '2026-12-01',
  to: '2026-12-04',
  madeAt: Date.parse('2026-11-09T10:00:00Z'),
  madeOn: '2026-11-09',
  madeFrom: 'payment-date',
  historyStartsAt: Date.parse('2026-11-01T00:00:00Z'),
  verdict: 'differs',
  summary: '',
  lines: [line('rental', 110000, 116000), line('total', 118000, 124000)],
  nights: [],
  differences: [{ rule: 'nightly-rates', deltaCents: 6000, words: '' }],
  unknowns: [],
  changesRolledBack: 0,
  ratesSeenAt: null
}

describe('price at booking as an alert', () => {
  it('a difference is one hit over the stay’s nights: the rates’ total old, the booking’s new', () => {
    const hit = priceAtBookingHit(differs, 100023)!
    expect(hit).toMatchObject({
      kind: 'price-at-booking',
      listingId: 100023,
      bookingId: 'SB10112648',
      nights: ['2026-12-01', '2026-12-02', '2026-12-03'],
      oldValue: 118000,
      newValue: 124000,
      limit: null,
      change: null
    })
    expect(priceAlertFacts(hit.key)).toEqual({ madeOn: '2026-11-09', rules: ['nightly-rates'] })
  })

  it('the same difference keeps its key; another total or another rule is another alert', () => {
    const key = priceAtBookingHit(differs, 100023)!.key
    expect(priceAtBookingHit(structuredClone(differs), 100023)!.key).toBe(key)
    const reread = { ...differs, lines: [line('total', 118000, 126000)] }
    expect(priceAtBookingHit(reread, 100023)!.key).not.toBe(key)
    const rule = {
      ...differs,
      differences: [{ rule: 'cleaning' as const, deltaCents: 6000, words: '' }]
    }
    expect(priceAtBookingHit(rule, 100023)!.key).not.toBe(key)
  })

  it('agreeing, or not known, is never an alert', () => {
    expect(priceAtBookingHit({ ...differs, verdict: 'same', differences: [] }, 1)).toBeNull()
    expect(priceAtBookingHit({ ...differs, verdict: 'not-known', differences: [] }, 1)).toBeNull()
    expect(priceAtBookingHit({ ...differs, lines: [line('total', null, 124000)] }, 1)).toBeNull()
  })

  it('reads back nothing from another kind’s key', () => {
    expect(
      priceAlertFacts('price-drop|100023||12000|7200|30|2026-12-01|2026-12-01')
    ).toBeUndefined()
  })
})
