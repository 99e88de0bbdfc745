import { describe, expect, it } from 'vitest'
import {
  centsToEur,
  eurToCents,
  formatEur,
  percentOf,
  splitCents,
  sumCents
} from '@shared/domain/money'

describe('money in integer cents', () => {
  it('adds service amounts exactly (5581.48 + 620.16 is 6201.64, not 6201.639999)', () => {
    const total = sumCents([eurToCents(5581.48), eurToCents(620.16)])
    expect(total).toBe(620164)
    expect(centsToEur(total)).toBe(6201.64)
    expect(5581.48 + 620.16).not.toBe(6201.64) // the float trap this module exists for
  })

  it('converts amounts whose binary value sits just below the decimal', () => {
    expect(eurToCents(1.005)).toBe(101)
    expect(eurToCents(0.07)).toBe(7)
    expect(eurToCents(-2.675)).toBe(-268)
    expect(eurToCents(123456789.99)).toBe(12345678999)
    expect(eurToCents(0)).toBe(0)
  })

  it('gives whole-cent amounts the same cents as the 15-digit rounding, also beyond 10^13 EUR', () => {
    const rounded = (eur: number) => {
      const cents = Math.round(Number((Math.abs(eur) * 100).toPrecision(15)))
      return eur < 0 ? -cents : cents
    }
    const amounts = [
      50,
      85.5,
      120.25,
      19.99,
      0.29,
      1e12,
      9999999999999.99,
      12345678901234.5,
      2 ** 52
    ]
    for (const eur of amounts) {
      expect(eurToCents(eur)).toBe(rounded(eur))
      expect(eurToCents(-eur)).toBe(rounded(-eur))
    }
    expect(eurToCents(12345678901234.5)).toBe(1234567890123450)
  })

  it('refuses values that are not amounts', () => {
    expect(() => eurToCents(Number.NaN)).toThrow(RangeError)
    expect(() => eurToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError)
    expect(() => centsToEur(10.5)).toThrow(/whole number of cents/)
  })

  it('round-trips every cent value through the wire format', () => {
    for (let c = -1000; c <= 100000; c += 37) expect(eurToCents(centsToEur(c))).toBe(c)
  })

  it('takes percentages to the nearest cent', () => {
    expect(percentOf(12345, 10)).toBe(1235) // 1234.5 rounds up
    expect(percentOf(999, 33)).toBe(330)
  })

  it('splits a total into parts that add up to it exactly', () => {
    for (const total of [0, 1, 2, 99, 100, 101, 12345, 999_999_999]) {
      for (const weights of [[30, 70], [1, 1, 1], [1], [3, 3, 4]]) {
        const parts = splitCents(total, weights)
        expect(parts).toHaveLength(weights.length)
        expect(sumCents(parts)).toBe(total)
        for (const p of parts) expect(Number.isInteger(p)).toBe(true)
      }
    }
    expect(splitCents(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(() => splitCents(100, [])).toThrow(RangeError)
  })

  it('formats euros for display', () => {
    expect(formatEur(620164)).toBe('€6,201.64')
    expect(formatEur(-5)).toBe('-€0.05')
  })
})
