import { describe, expect, it } from 'vitest'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import { addDays, toDayNumber } from '@shared/domain/dates'
import {
  dayAt,
  decodeDays,
  encodeDays,
  MAX_SPAN,
  readUint,
  type PackedDays
} from '@shared/calendar/packed-days'

const day = (over: Partial<AvailabilityDay> = {}): AvailabilityDay => ({
  available: true,
  checkInDay: false,
  checkOutDay: true,
  minStay: 3,
  maxStay: 14,
  ...over
})

function calendar(n: number, f: (i: number) => AvailabilityDay, start = '2026-01-01') {
  const out: Record<string, AvailabilityDay> = {}
  for (let i = 0; i < n; i++) out[addDays(start, i)] = f(i)
  return out
}

describe('packed days codec', () => {
  it('round-trips every flag combination and stay value exactly', () => {
    const cal = calendar(730, (i) =>
      day({
        available: (i & 1) === 1,
        checkInDay: (i & 2) === 2,
        checkOutDay: (i & 4) === 4,
        minStay: i % 9,
        maxStay: (i * 7) % 250
      })
    )
    const p = encodeDays(cal)
    expect(p.stayWidth).toBe(1)
    expect(p.flags.length).toBe(730)
    expect(p.extra).toBeNull()
    expect(decodeDays(p)).toEqual(cal)
  })

  it('widens min/max stay to 2 and 4 bytes when a value needs it, without clamping', () => {
    const two = calendar(10, (i) => day({ maxStay: i === 5 ? 365 : 14 }))
    expect(encodeDays(two).stayWidth).toBe(2)
    expect(decodeDays(encodeDays(two))).toEqual(two)
    const four = calendar(10, (i) => day({ minStay: 0, maxStay: i === 3 ? 4_000_000_000 : 65_535 }))
    const p = encodeDays(four)
    expect(p.stayWidth).toBe(4)
    expect(readUint(p.maxStay, 3, 4)).toBe(4_000_000_000)
    expect(decodeDays(p)).toEqual(four)
  })

  it('keeps values beyond 32 bits verbatim in extra', () => {
    const cal = calendar(5, (i) => day({ maxStay: i === 2 ? 2 ** 40 : 7 }))
    const p = encodeDays(cal)
    expect(p.extra).toEqual({ '2026-01-03': cal['2026-01-03'] })
    expect(dayAt(p, toDayNumber('2026-01-03'))).toEqual(cal['2026-01-03'])
    expect(decodeDays(p)).toEqual(cal)
  })

  it('keeps gaps as gaps and days far beyond the span in extra', () => {
    const cal: Record<string, AvailabilityDay> = {
      '2026-01-01': day(),
      '2026-01-05': day({ available: false }),
      [addDays('2026-01-01', MAX_SPAN + 10)]: day({ minStay: 2 })
    }
    const p = encodeDays(cal)
    expect(p.flags.length).toBe(MAX_SPAN)
    expect(dayAt(p, toDayNumber('2026-01-03'))).toBeUndefined()
    expect(Object.keys(p.extra ?? {})).toEqual([addDays('2026-01-01', MAX_SPAN + 10)])
    expect(decodeDays(p)).toEqual(cal)
  })

  it('encodes an empty record and answers undefined for any day', () => {
    const p = encodeDays({})
    expect(decodeDays(p)).toEqual({})
    expect(dayAt(p, 20_000)).toBeUndefined()
  })

  it('decodes a window cut at any offset the same as the whole array', () => {
    const cal = calendar(60, (i) => day({ available: i % 3 !== 0, minStay: i, maxStay: 300 + i }))
    const p = encodeDays(cal)
    const base = p.baseDay
    for (const [from, len] of [
      [0, 8],
      [17, 8],
      [55, 5]
    ]) {
      const w = p.stayWidth
      const win: PackedDays = {
        ...p,
        baseDay: base + from,
        flags: p.flags.subarray(from, from + len),
        minStay: p.minStay.subarray(from * w, (from + len) * w),
        maxStay: p.maxStay.subarray(from * w, (from + len) * w)
      }
      for (let d = from; d < from + len; d++)
        expect(dayAt(win, base + d)).toEqual(dayAt(p, base + d))
      expect(dayAt(win, base + from + len)).toBeUndefined()
      expect(dayAt(win, base + from - 1)).toBeUndefined()
    }
  })

  it('accepts unsorted input keys and returns dates ascending', () => {
    const cal = { '2026-02-02': day(), '2026-02-01': day({ minStay: 1 }) }
    expect(Object.keys(decodeDays(encodeDays(cal)))).toEqual(['2026-02-01', '2026-02-02'])
  })
})
