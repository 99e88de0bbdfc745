import { describe, expect, it } from 'vitest'
import type { RateRecord } from '@shared/api/rate.schema'
import { toDayNumber } from '@shared/domain/dates'
import {
  centsAt,
  decodeRates,
  encodeRates,
  MAX_RATE_SPAN,
  NO_RATE,
  priceAt,
  rateWindow
} from '@shared/calendar/packed-rates'

const rules = {
  longerStay: { '7': 10, '28': 20 },
  longerStayExclusionPeriods: [{ startDate: '2026-12-20', endDate: '2027-01-05' }],
  earlyBird: { '90': 5 },
  additionalGuests: { amount: 2, price: 12.5 },
  cleaning: { feeBasis: 'optional', fee: 40 },
  extras: [{ name: 'Towels', feeBasis: 'Per person', fee: 5 }]
}

describe('packed rates codec', () => {
  it('round-trips prices, gaps and every rule exactly', () => {
    const record: RateRecord = {
      listingId: 7,
      rate: { '2026-03-01': 100, '2026-03-02': 120.5, '2026-03-05': 0, '2026-03-06': -0.01 },
      ...rules
    }
    const p = encodeRates(record)
    expect(p.exact).toBeNull()
    expect(p.prices.length).toBe(6 * 4)
    expect(centsAt(p, toDayNumber('2026-03-03'))).toBeNull()
    expect(centsAt(p, toDayNumber('2026-03-06'))).toBe(-1)
    expect(decodeRates(7, p)).toEqual(record)
  })

  it('keeps sub-cent and out-of-range prices verbatim and still prices the night', () => {
    const record: RateRecord = {
      listingId: 1,
      rate: { '2026-03-01': 99.999, '2026-03-02': 30_000_000, '2026-03-03': 1e-7 },
      ...rules
    }
    const p = encodeRates(record)
    expect(Object.keys(p.exact ?? {}).sort()).toEqual(['2026-03-01', '2026-03-02', '2026-03-03'])
    expect(centsAt(p, toDayNumber('2026-03-01'))).toBe(10_000)
    expect(priceAt(p, toDayNumber('2026-03-01'))).toBe(99.999)
    expect(decodeRates(1, p)).toEqual(record)
  })

  it('uses INT32_MIN as "no rate" so -1 cent stays a price', () => {
    expect(NO_RATE).toBe(-(2 ** 31))
    const p = encodeRates({ listingId: 1, rate: { '2026-03-01': -0.01 } })
    expect(centsAt(p, toDayNumber('2026-03-01'))).toBe(-1)
  })

  it('stores nights beyond the span in exact', () => {
    const far = '2031-01-01'
    const record: RateRecord = { listingId: 2, rate: { '2026-03-01': 10, [far]: 20 } }
    const p = encodeRates(record)
    expect(p.prices.length).toBe(MAX_RATE_SPAN * 4)
    expect(p.exact).toEqual({ [far]: 20 })
    expect(decodeRates(2, p)).toEqual(record)
  })

  it('encodes an empty rate and a window of nights', () => {
    expect(decodeRates(3, encodeRates({ listingId: 3, rate: {} }))).toEqual({
      listingId: 3,
      rate: {}
    })
    const p = encodeRates({
      listingId: 4,
      rate: { '2026-03-01': 1, '2026-03-02': 2, '2026-03-03': 3 }
    })
    expect(rateWindow(p, toDayNumber('2026-03-02'), toDayNumber('2026-03-05'))).toEqual({
      '2026-03-02': 2,
      '2026-03-03': 3
    })
  })
})
