import { describe, expect, it } from 'vitest'
import { AvailabilityRecord, RateRecord } from '@shared/api'
import type { SyncResourceName } from '@shared/ipc/sync.schema'
import {
  validateRecord,
  type CheckedRecord,
  type QuarantinedRecord
} from '../../../../src-main/sync/validate'

/** A page through validateRecord, one record at a time as the sync engine checks it. */
function validatePage<R extends SyncResourceName>(resource: R, items: unknown[]) {
  const valid: Extract<CheckedRecord<R>, { valid: unknown }>['valid'][] = []
  const quarantined: QuarantinedRecord[] = []
  for (const item of items) {
    const checked = validateRecord(resource, item)
    if ('valid' in checked) valid.push(checked.valid)
    else quarantined.push(checked.quarantined)
  }
  return { valid, quarantined }
}

/** validateRecord checks availability without zod when it can; the answer must be zod's. */
function zodAnswer(items: unknown[]) {
  const valid: unknown[] = []
  const rejected: { path: string; code: string }[] = []
  for (const item of items) {
    const r = AvailabilityRecord.safeParse(item)
    if (r.success) valid.push(r.data)
    else
      rejected.push({
        path: r.error.issues[0].path.join('.') || '(record)',
        code: r.error.issues[0].code
      })
  }
  return { valid, rejected }
}

const day = { available: true, checkInDay: false, checkOutDay: true, minStay: 2, maxStay: 0 }

const cases: [string, unknown][] = [
  ['plain', { listingId: 1, availability: { '2026-03-01': day, '2026-03-02': day } }],
  ['empty calendar', { listingId: 2, availability: {} }],
  [
    'unknown keys dropped',
    { listingId: 3, extra: 1, availability: { '2026-03-01': { ...day, note: 'x' } } }
  ],
  ['numeric strings', { listingId: '4', availability: { '2026-03-01': { ...day, minStay: '3' } } }],
  [
    'big stay values',
    { listingId: 5, availability: { '2026-03-01': { ...day, maxStay: 2 ** 40 } } }
  ],
  ['negative stay', { listingId: 6, availability: { '2026-03-01': { ...day, minStay: -1 } } }],
  ['fractional stay', { listingId: 7, availability: { '2026-03-01': { ...day, maxStay: 1.5 } } }],
  ['not a date', { listingId: 8, availability: { '2026-02-30': day } }],
  [
    'boolean as string',
    { listingId: 9, availability: { '2026-03-01': { ...day, available: 'true' } } }
  ],
  ['missing field', { listingId: 10, availability: { '2026-03-01': { available: true } } }],
  ['day is null', { listingId: 11, availability: { '2026-03-01': null } }],
  ['fractional id', { listingId: 1.5, availability: {} }],
  ['no calendar', { listingId: 12 }],
  ['array calendar', { listingId: 13, availability: [] }],
  ['not an object', 'x']
]

describe('validatePage for availability', () => {
  it.each(cases)('agrees with the zod schema: %s', (_name, item) => {
    const got = validatePage('availability', [item])
    const want = zodAnswer([item])
    expect(got.valid).toEqual(want.valid)
    expect(got.quarantined.map((q) => ({ path: q.path, code: q.code }))).toEqual(want.rejected)
  })

  it('keeps the order of dates and records', () => {
    const items = [3, 1, 2].map((id) => ({
      listingId: id,
      availability: { '2026-03-02': day, '2026-03-01': { ...day, minStay: id } }
    }))
    const { valid } = validatePage('availability', items)
    expect(valid.map((r) => r.listingId)).toEqual([3, 1, 2])
    expect(Object.keys(valid[0].availability)).toEqual(['2026-03-02', '2026-03-01'])
    expect(valid).toEqual(zodAnswer(items).valid)
  })
})

const rules = {
  longerStay: { '7': 10 },
  additionalGuests: { amount: 1, price: 15 },
  cleaning: { feeBasis: 'mandatory', fee: 60 },
  taxes: [{ name: 'VAT', feeBasis: '% of Rental Amount', fee: 10 }]
}
const rateCases: [string, unknown][] = [
  ['plain', { listingId: 1, rate: { '2026-03-01': 100.5, '2026-03-02': 99 }, ...rules }],
  ['no rules', { listingId: 2, rate: {} }],
  ['unknown keys dropped', { listingId: 3, rate: { '2026-03-01': 1 }, note: 'x', ...rules }],
  ['price as string', { listingId: 4, rate: { '2026-03-01': '100.50' } }],
  ['id as string', { listingId: '5', rate: { '2026-03-01': 1 } }],
  ['bad date', { listingId: 6, rate: { '2026-13-01': 1 } }],
  ['bad price', { listingId: 7, rate: { '2026-03-01': 'cheap' } }],
  ['bad rule', { listingId: 8, rate: { '2026-03-01': 1 }, longerStay: { seven: 10 } }],
  ['no rate', { listingId: 9 }]
]

describe('validatePage for rates', () => {
  it.each(rateCases)('agrees with the zod schema: %s', (_name, item) => {
    const got = validatePage('rates', [item])
    const r = RateRecord.safeParse(item)
    expect(got.valid).toEqual(r.success ? [r.data] : [])
    if (got.valid.length > 0) {
      // The mirror stores the rules as JSON: same keys in the same order as zod's output.
      expect(Object.keys(got.valid[0])).toEqual(Object.keys(r.data!))
    }
    expect(got.quarantined.map((q) => q.code)).toEqual(r.success ? [] : [r.error.issues[0].code])
  })
})
