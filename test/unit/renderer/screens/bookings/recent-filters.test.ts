import { describe, expect, it } from 'vitest'
import { RecentBookingsInput } from '@shared/ipc/bookings.schema'
import {
  hasFilters,
  NO_FILTERS,
  toRecentInput
} from '../../../../../src-renderer/src/screens/bookings/recent-filters'

describe('the recent-bookings filters', () => {
  it('send nothing but the page when empty', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false)
    expect(toRecentInput(NO_FILTERS, 1, 25)).toEqual({
      status: undefined,
      guest: undefined,
      listing: undefined,
      from: undefined,
      to: undefined,
      limit: 25,
      offset: 0
    })
  })

  it('send trimmed words, the status and the stay days as YYYY-MM-DD', () => {
    const input = toRecentInput(
      {
        status: 'pendingPayment',
        guest: ' Zoë ',
        listing: '1000',
        stay: ['2026-12-01', '2026-12-31']
      },
      3,
      25
    )
    expect(input).toMatchObject({
      status: 'pendingPayment',
      guest: 'Zoë',
      listing: '1000',
      from: '2026-12-01',
      to: '2026-12-31',
      offset: 50
    })
    // What the renderer sends is what main accepts.
    expect(RecentBookingsInput.safeParse(input).success).toBe(true)
  })

  it('filter from the first day while the range is half picked, and order a reversed one', () => {
    const half = { ...NO_FILTERS, stay: ['2026-12-01', null] as [string, null] }
    expect(hasFilters(half)).toBe(true)
    expect(toRecentInput(half, 1, 25)).toMatchObject({ from: '2026-12-01', to: undefined })
    expect(
      toRecentInput({ ...NO_FILTERS, stay: ['2026-12-31', '2026-12-01'] }, 1, 25)
    ).toMatchObject({ from: '2026-12-01', to: '2026-12-31' })
  })

  it('drop a day that is not a real date rather than send it', () => {
    expect(toRecentInput({ ...NO_FILTERS, stay: ['2026-02-30', null] }, 1, 25).from).toBeUndefined()
  })
})
