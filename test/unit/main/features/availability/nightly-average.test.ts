import { describe, expect, it } from 'vitest'
import { nightlyAverageCents } from '../../../../../src-main/features/availability/nightly-average'

describe('a stay’s average a night', () => {
  it('divides the total by the nights, rounding half away from zero to the cent', () => {
    expect(nightlyAverageCents(84000, 7)).toBe(12000)
    expect(nightlyAverageCents(100, 3)).toBe(33)
    expect(nightlyAverageCents(200, 3)).toBe(67)
    // A half cent goes up, as eurToCents rounds it.
    expect(nightlyAverageCents(1001, 2)).toBe(501)
    expect(nightlyAverageCents(-1001, 2)).toBe(-501)
    expect(nightlyAverageCents(5, 1)).toBe(5)
  })

  it('has none without a total or without nights', () => {
    expect(nightlyAverageCents(null, 7)).toBeNull()
    expect(nightlyAverageCents(1000, 0)).toBeNull()
  })
})
