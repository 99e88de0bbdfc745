import { describe, expect, it } from 'vitest'
import {
  PAGE_SIZE,
  pageOf,
  pagesForRange,
  pageWindow,
  rowAt,
  sameRow,
  spacers
} from '../../../../src-renderer/src/components/row-window'

describe('the table’s row windows', () => {
  it('asks for windows of at most 500 rows (what listings:search takes)', () => {
    expect(PAGE_SIZE).toBeLessThanOrEqual(500)
    expect(pageWindow(0)).toEqual({ offset: 0, limit: PAGE_SIZE })
    expect(pageWindow(3, 100)).toEqual({ offset: 300, limit: 100 })
  })

  it('finds the window of a row', () => {
    expect(pageOf(0, 200)).toBe(0)
    expect(pageOf(199, 200)).toBe(0)
    expect(pageOf(200, 200)).toBe(1)
    expect(pageOf(-5, 200)).toBe(0)
  })

  it('asks for the first window before the count is known, and only the windows in view', () => {
    expect(pagesForRange(0, -1, 200)).toEqual({ head: 0, others: [] })
    expect(pagesForRange(0, 30, 200)).toEqual({ head: 0, others: [] })
    // A range that straddles two windows needs both; the head is the first row's window.
    expect(pagesForRange(190, 215, 200)).toEqual({ head: 0, others: [1] })
    expect(pagesForRange(9_980, 9_999, 200)).toEqual({ head: 49, others: [] })
    expect(pagesForRange(350, 850, 200)).toEqual({ head: 1, others: [2, 3, 4] })
  })

  it('reads a row from whichever window holds it, or nothing while it loads', () => {
    const windows = [
      { offset: 200, items: ['c', 'd'] },
      { offset: 0, items: ['a', 'b'] }
    ]
    expect(rowAt(0, windows)).toBe('a')
    expect(rowAt(1, windows)).toBe('b')
    expect(rowAt(201, windows)).toBe('d')
    expect(rowAt(2, windows)).toBeUndefined()
    expect(rowAt(202, windows)).toBeUndefined()
    expect(rowAt(5, [])).toBeUndefined()
  })

  it('stands blank space in for the rows above and below those drawn', () => {
    expect(spacers([], 4100)).toEqual({ before: 0, after: 0 })
    const drawn = [
      { start: 410, end: 451 },
      { start: 451, end: 492 }
    ]
    expect(spacers(drawn, 4100)).toEqual({ before: 410, after: 3608 })
    expect(spacers([{ start: 0, end: 41 }], 41)).toEqual({ before: 0, after: 0 })
  })
})

describe('a row kept across answers', () => {
  const row = {
    id: 100123,
    referenceNumber: 'R-1',
    name: 'Casa Rosa',
    city: 'Firenze',
    region: 'Toscana',
    country: 'Italy',
    maxGuest: 4,
    bedrooms: 2,
    bookingType: 'instant',
    active: true
  }

  it('is the same when a new answer brings the same listing as a new object', () => {
    expect(sameRow(row, { ...row })).toBe(true)
  })

  it('differs when any field shown or kept differs', () => {
    expect(sameRow(row, { ...row, name: 'Casa Blu' })).toBe(false)
    expect(sameRow(row, { ...row, region: null })).toBe(false)
    expect(sameRow(row, { ...row, active: false })).toBe(false)
    expect(sameRow(row, { ...row, id: 100124 })).toBe(false)
  })
})
