import { describe, expect, it } from 'vitest'
import { Cleaning, Fee } from '@shared/api/listing.schema'
import { cleaningCharge, feeCents, feeLine, isKnownFeeBasis } from '@shared/domain/fees'
import { percentOf } from '@shared/domain/money'

// Three nights, five persons of whom two adults, rental rate 320.49 EUR.
const counts = { nights: 3, persons: 5, adults: 2, rentalRateCents: 32_049 }
const fee = (feeBasis: string | undefined, amount = 2.5) =>
  Fee.parse({ name: 'Tax', fee: amount, ...(feeBasis === undefined ? {} : { feeBasis }) })

describe('feeCents by basis', () => {
  it.each([
    ['Per stay', 250],
    ['Per unit', 250],
    ['Per person', 250 * 5],
    ['Per person / stay', 250 * 5],
    ['Per person / night', 250 * 5 * 3],
    ['Per person / day', 250 * 5 * 3],
    ['Per adult / day', 250 * 2 * 3],
    ['Per adult / stay', 250 * 2],
    ['Per day', 250 * 3]
  ])('%s', (basis, cents) => {
    expect(isKnownFeeBasis(basis)).toBe(true)
    expect(feeCents(fee(basis), counts)).toBe(cents)
  })

  it('% of Rental Amount reads the fee as a percentage of the rental rate', () => {
    expect(feeCents(fee('% of Rental Amount', 10), counts)).toBe(3_205) // 3204.9
    expect(feeCents(fee('% of Rental Amount', 7.5), counts)).toBe(2_404) // 2403.675
  })

  it('charges a missing or unknown basis once per stay', () => {
    expect(feeCents(fee(undefined), counts)).toBe(250)
    expect(feeCents(fee('Per pet / night'), counts)).toBe(250)
    expect(isKnownFeeBasis('Per pet / night')).toBe(false)
    // Object.prototype names must not be mistaken for bases.
    expect(feeCents(fee('constructor'), counts)).toBe(250)
    expect(isKnownFeeBasis('toString')).toBe(false)
  })

  it('matches bases regardless of case and spacing around the slash', () => {
    expect(feeCents(fee('per Person/Night'), counts)).toBe(250 * 15)
    expect(feeCents(fee('  Per  adult /stay '), counts)).toBe(500)
  })

  it('multiplies exact cents, not floats', () => {
    // 1.15 * 3 = 3.4499999999999997 in floats
    expect(feeCents(fee('Per person', 1.15), { ...counts, persons: 3 })).toBe(345)
  })

  it('keeps name and basis on the line, leaving an absent basis out', () => {
    expect(feeLine(fee('Per day'), counts)).toEqual({
      name: 'Tax',
      feeBasis: 'Per day',
      cents: 750
    })
    expect(feeLine(fee(undefined), counts)).toEqual({ name: 'Tax', cents: 250 })
  })
})

describe('cleaningCharge', () => {
  it('reports the fee for mandatory and optional, 0 for included and for none', () => {
    const c = (feeBasis: string) => cleaningCharge(Cleaning.parse({ feeBasis, fee: 59.99 }))
    expect(c('mandatory')).toEqual({ basis: 'mandatory', cents: 5_999 })
    expect(c('optional')).toEqual({ basis: 'optional', cents: 5_999 })
    expect(c('included')).toEqual({ basis: 'included', cents: 0 })
    expect(cleaningCharge(undefined)).toEqual({ basis: 'included', cents: 0 })
  })
})

describe('percentOf (money.ts, fixed for decimal percentages)', () => {
  it('rounds a true half cent up even where the float product falls below it', () => {
    // 375 * 9.2 / 100 = 34.499999999999996 in floats; the true value is 34.5.
    expect(percentOf(375, 9.2)).toBe(35)
    expect(percentOf(625, 4.56)).toBe(29) // 28.5
    expect(percentOf(12_345, 10)).toBe(1_235)
    expect(percentOf(-375, 9.2)).toBe(-35)
    expect(Object.is(percentOf(-1, 10), 0)).toBe(true)
  })

  it('agrees with integer arithmetic for every two-decimal percentage', () => {
    for (let cents = 1; cents <= 1_000; cents += 7) {
      for (let hundredths = 1; hundredths <= 10_000; hundredths += 13) {
        const product = cents * hundredths // percent * 100 * cents
        const expected = Math.floor(product / 10_000) + (product % 10_000 >= 5_000 ? 1 : 0)
        if (percentOf(cents, hundredths / 100) !== expected) {
          expect([cents, hundredths / 100, percentOf(cents, hundredths / 100)]).toEqual([
            cents,
            hundredths / 100,
            expected
          ])
        }
      }
    }
  })
})
