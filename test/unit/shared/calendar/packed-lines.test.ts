import { describe, expect, it } from 'vitest'
import type { AvailabilityDay } from '@shared/api/availability.schema'
import type { RateRecord } from '@shared/api/rate.schema'
import { addDays } from '@shared/domain/dates'
import { fromBase64, toBase64 } from '@shared/calendar/base64'
import { decodeDays, encodeDays } from '@shared/calendar/packed-days'
import { decodeRates, encodeRates } from '@shared/calendar/packed-rates'
import { packedLine, readPackedDays, readPackedRates } from '@shared/calendar/packed-lines'

/**
 * A hub's packed snapshot line read back by a desk gives exactly the packed form the desk's own
 * codec makes of the record, and the record itself when decoded, also for the rare days and
 * nights the arrays cannot hold (extra, exact); a line that is not the codec's is refused with
 * the path and code of its first problem.
 */

const day = (i: number): AvailabilityDay => ({
  available: i % 3 !== 0,
  checkInDay: i % 7 === 0,
  checkOutDay: i % 5 === 0,
  minStay: 1 + (i % 4),
  maxStay: i % 11 === 0 ? 365 : 28
})

function calendar(): Record<string, AvailabilityDay> {
  const out: Record<string, AvailabilityDay> = {}
  for (let i = 0; i < 730; i++) if (i !== 40) out[addDays('2026-11-23', i)] = day(i)
  // Kept verbatim: a stay value beyond 32 bits, and a day beyond the codec's span.
  out['2026-12-01'] = { ...day(8), maxStay: 2 ** 40 }
  out['2031-01-01'] = day(1)
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)))
}

const rates = (): RateRecord => {
  const rate: Record<string, number> = {}
  for (let i = 0; i < 365; i++) rate[addDays('2026-11-23', i)] = 80 + (i % 17) * 2.5
  rate['2026-12-24'] = 99.999 // sub-cent: kept exactly
  return {
    listingId: 7,
    rate,
    longerStay: { '7': 10 },
    additionalGuests: { amount: 2, price: 15 },
    securityDeposit: 200
  }
}

const line = (resource: 'availability' | 'rates', record: unknown): Record<string, unknown> =>
  JSON.parse(packedLine(resource, JSON.stringify(record))!) as Record<string, unknown>

describe('packed snapshot lines', () => {
  it('base64 matches the standard encoding and refuses what is not canonical', () => {
    for (const n of [0, 1, 2, 3, 4, 730, 1461]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff)
      const text = toBase64(bytes)
      expect(text).toBe(Buffer.from(bytes).toString('base64'))
      expect(fromBase64(text)).toEqual(bytes)
    }
    for (const bad of ['A', 'AB=C', 'AB==A===', '!!!!', 'AR==', 'AAB=']) {
      expect(fromBase64(bad), bad).toBeUndefined()
    }
  })

  it('a calendar round-trips: the packed form is the codec own, and decodes to the record', () => {
    const availability = calendar()
    const read = readPackedDays(line('availability', { listingId: 12, availability }))
    expect('checked' in read).toBe(true)
    if (!('checked' in read)) return
    const own = encodeDays(availability)
    expect(read.checked.listingId).toBe(12)
    expect(read.checked.packed).toEqual(own)
    expect(read.checked.extra).toBe(JSON.stringify(own.extra))
    expect(read.checked.packed.extra).not.toBeNull()
    expect(decodeDays(read.checked.packed)).toEqual(availability)
  })

  it('a rate record round-trips with its rules and exact prices', () => {
    const record = rates()
    const read = readPackedRates(line('rates', record))
    expect('checked' in read).toBe(true)
    if (!('checked' in read)) return
    const own = encodeRates(record)
    expect(read.checked.packed).toEqual(own)
    expect(read.checked.rules).toBe(JSON.stringify(own.rules))
    expect(read.checked.exact).toBe(JSON.stringify({ '2026-12-24': 99.999 }))
    expect(decodeRates(7, read.checked.packed)).toEqual(record)
  })

  it('an empty calendar and a record that is not valid', () => {
    const empty = readPackedDays(line('availability', { listingId: 3, availability: {} }))
    expect(empty).toMatchObject({ checked: { listingId: 3, extra: null } })
    expect(packedLine('availability', '{"listingId":"x","availability":{}}')).toBeUndefined()
    expect(packedLine('rates', 'not json')).toBeUndefined()
  })

  it('refuses each kind of malformed line with the path and code of its problem', () => {
    const good = line('availability', { listingId: 12, availability: calendar() })
    const flags = fromBase64(good.flags as string)!
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, listingId: '12' }, 'listingId', 'invalid_type'],
      [{ ...good, more: 1 }, 'more', 'unrecognized_keys'],
      [{ ...good, flags: 'AB=C' }, 'flags', 'invalid_base64'],
      [{ ...good, stayWidth: 3 }, 'stayWidth', 'invalid_value'],
      [{ ...good, stayWidth: 4 }, 'minStay', 'invalid_length'],
      [{ ...good, baseDay: 9_000_000 }, 'baseDay', 'out_of_range'],
      [
        { ...good, flags: toBase64(flags.map((f, i) => (i === 3 ? 64 : f))) },
        'flags',
        'invalid_value'
      ],
      [{ ...good, extra: null }, 'flags', 'not_canonical'],
      [
        { ...good, extra: { ...(good.extra as object), '2026-13-01': {} } },
        'extra.2026-13-01',
        'invalid_key'
      ]
    ]
    for (const [item, path, code] of cases) {
      expect(readPackedDays(item), `${path} ${code}`).toEqual({ problem: { path, code } })
    }
    const r = line('rates', rates())
    expect(readPackedRates({ ...r, prices: 'AAAA' + (r.prices as string) })).toMatchObject({
      problem: { path: 'prices' }
    })
    expect(readPackedRates({ ...r, rules: { securityDeposit: 'lots' } })).toMatchObject({
      problem: { path: 'rules.securityDeposit' }
    })
    expect(readPackedRates({ ...r, exact: { '2020-01-01': 5 } })).toEqual({
      problem: { path: 'exact.2020-01-01', code: 'out_of_range' }
    })
  })
})
