import { describe, expect, it } from 'vitest'
import { planInstalments } from '@shared/domain/instalments'
import { sumCents } from '@shared/domain/money'

const TODAY = '2026-11-22'
const FAR = '2026-12-23' // 31 days ahead: deposit and balance
const NEAR = '2026-12-22' // 30 days ahead: paid in full

/** Awkward totals: tiny, odd, huge, and a deterministic spread in between. */
function totals(): number[] {
  const out = [0, 1, 2, 3, 7, 10, 33, 99, 100, 101, 333_333, 999_999_999]
  let x = 12_345
  for (let i = 0; i < 2_000; i++) {
    x = (x * 48_271) % 2_147_483_647 // MINSTD: stays far below 2^53
    out.push(x % (i < 1_000 ? 10_000 : 1_000_000_000))
  }
  return out
}

describe('planInstalments', () => {
  it('takes a 30% deposit today and the balance 30 days before check-in', () => {
    expect(planInstalments(100_000, TODAY, FAR)).toEqual([
      { name: 'deposit', amountCents: 30_000, dueDate: TODAY },
      { name: 'balance', amountCents: 70_000, dueDate: '2026-11-23' }
    ])
  })

  it('asks for the full total today when check-in is 30 days away or less', () => {
    expect(planInstalments(100_000, TODAY, NEAR)).toEqual([
      { name: 'full', amountCents: 100_000, dueDate: TODAY }
    ])
    expect(planInstalments(100_000, TODAY, TODAY)).toHaveLength(1)
  })

  it('always adds up to the total exactly, with whole-cent parts near 30/70', () => {
    for (const total of totals()) {
      for (const checkIn of [FAR, NEAR]) {
        const parts = planInstalments(total, TODAY, checkIn)
        const amounts = parts.map((p) => p.amountCents)
        expect(sumCents(amounts)).toBe(total)
        for (const a of amounts) expect(Number.isSafeInteger(a) && a >= 0).toBe(true)
        if (parts.length === 2) expect(Math.abs(amounts[0] - total * 0.3)).toBeLessThan(1)
      }
    }
  })

  it('splits the awkward totals as expected', () => {
    const amounts = (t: number) => planInstalments(t, TODAY, FAR).map((p) => p.amountCents)
    expect(amounts(1)).toEqual([0, 1])
    expect(amounts(2)).toEqual([1, 1]) // 0.6 / 1.4: the larger remainder gets the cent
    expect(amounts(999_999_999)).toEqual([300_000_000, 699_999_999])
  })
})
