import { describe, expect, it } from 'vitest'
import {
  ariaSort,
  nextSort,
  rowIndexOf,
  rowMove,
  rowsPerPage,
  sortMark
} from '../../../../src-renderer/src/components/table-model'

describe('the long tables’ sort headers', () => {
  it('sort a new column ascending, then descending', () => {
    expect(nextSort(null, 'name', true)).toEqual({ key: 'name', dir: 'asc' })
    expect(nextSort({ key: 'city', dir: 'desc' }, 'name', false)).toEqual({
      key: 'name',
      dir: 'asc'
    })
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name', false)).toEqual({
      key: 'name',
      dir: 'desc'
    })
  })

  it('clear the order on a third click where the table has its own, else turn ascending', () => {
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name', true)).toBeNull()
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name', false)).toEqual({
      key: 'name',
      dir: 'asc'
    })
  })

  it('put aria-sort on the sorted column only, and mark every sortable one', () => {
    const sort = { key: 'price', dir: 'desc' } as const
    expect(ariaSort(sort, 'price')).toBe('descending')
    expect(ariaSort({ key: 'price', dir: 'asc' }, 'price')).toBe('ascending')
    // Not "none": ARIA wants the attribute on one header at a time.
    expect(ariaSort(sort, 'name')).toBeUndefined()
    expect(ariaSort(null, 'name')).toBeUndefined()
    expect([sortMark(sort, 'price'), sortMark(sort, 'name')]).toEqual(['▼', '↕'])
    expect(sortMark({ key: 'name', dir: 'asc' }, 'name')).toBe('▲')
  })
})

describe('the long tables’ keyboard model', () => {
  it('moves one row with the arrows and a page with Page Up/Down, inside the table', () => {
    expect(rowMove('ArrowDown', 4, 60, 10)).toBe(5)
    expect(rowMove('ArrowUp', 4, 60, 10)).toBe(3)
    expect(rowMove('PageDown', 4, 60, 10)).toBe(14)
    expect(rowMove('PageUp', 14, 60, 10)).toBe(4)
    expect(rowMove('ArrowUp', 0, 60, 10)).toBe(0)
    expect(rowMove('PageUp', 3, 60, 10)).toBe(0)
    expect(rowMove('ArrowDown', 59, 60, 10)).toBe(59)
    expect(rowMove('PageDown', 55, 60, 10)).toBe(59)
  })

  it('goes to the first row with Home and the last with End', () => {
    expect(rowMove('Home', 30, 60, 10)).toBe(0)
    expect(rowMove('End', 3, 60, 10)).toBe(59)
  })

  it('leaves every other key, and an empty table, alone', () => {
    expect(rowMove('Enter', 3, 60, 10)).toBeNull()
    expect(rowMove('Tab', 3, 60, 10)).toBeNull()
    expect(rowMove('ArrowLeft', 3, 60, 10)).toBeNull()
    expect(rowMove('ArrowDown', 0, 0, 10)).toBeNull()
  })

  it('pages by the rows in view less one, at least one', () => {
    // 520 px of 41 px rows: 12 in view, a page moves 11 so the last stays in sight.
    expect(rowsPerPage(520, 41)).toBe(11)
    expect(rowsPerPage(60, 45)).toBe(1)
    expect(rowsPerPage(0, 45)).toBe(1)
  })

  it('reads a body row’s place from aria-rowindex (the header is row 1)', () => {
    expect(rowIndexOf('2')).toBe(0)
    expect(rowIndexOf('61')).toBe(59)
    expect(rowIndexOf('1')).toBeNull()
    expect(rowIndexOf(null)).toBeNull()
    expect(rowIndexOf('x')).toBeNull()
  })
})
