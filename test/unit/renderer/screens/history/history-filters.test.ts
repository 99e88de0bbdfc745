import { describe, expect, it } from 'vitest'
import { HistoryInput } from '@shared/ipc/history.schema'
import {
  hasHistoryFilters,
  historyInput,
  NO_HISTORY_FILTERS
} from '../../../../../src-renderer/src/screens/history/history-filters'

describe('the history filters', () => {
  it('make the input history:list takes, leaving out what is not chosen', () => {
    const page = { limit: 50, offset: 100 }
    expect(historyInput(NO_HISTORY_FILTERS, page)).toEqual({ limit: 50, offset: 100 })
    const all = historyInput(
      { listingId: '1234', kind: 'price', seen: ['2026-05-01', '2026-05-14'], night: '2027-02-14' },
      page
    )
    expect(all).toEqual({
      listingId: 1234,
      kind: 'price',
      from: '2026-05-01',
      to: '2026-05-14',
      date: '2027-02-14',
      limit: 50,
      offset: 100
    })
    expect(HistoryInput.safeParse(all).success).toBe(true)
  })

  it('take a half-chosen range as open at its other end', () => {
    const input = historyInput(
      { ...NO_HISTORY_FILTERS, seen: ['2026-05-01', null] },
      {
        limit: 50,
        offset: 0
      }
    )
    expect(input).toEqual({ from: '2026-05-01', limit: 50, offset: 0 })
  })

  it('know when any filter is set', () => {
    expect(hasHistoryFilters(NO_HISTORY_FILTERS)).toBe(false)
    expect(hasHistoryFilters({ ...NO_HISTORY_FILTERS, kind: 'listing' })).toBe(true)
    expect(hasHistoryFilters({ ...NO_HISTORY_FILTERS, seen: [null, '2026-05-01'] })).toBe(true)
    expect(hasHistoryFilters({ ...NO_HISTORY_FILTERS, listingId: '7' })).toBe(true)
    expect(hasHistoryFilters({ ...NO_HISTORY_FILTERS, night: '2027-01-01' })).toBe(true)
  })
})
