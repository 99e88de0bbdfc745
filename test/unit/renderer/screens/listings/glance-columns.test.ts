import { describe, expect, it } from 'vitest'
import type { ListingGlance } from '@shared/ipc/listings.schema'
import {
  arrivalText,
  lowestText,
  minStayText
} from '../../../../../src-renderer/src/screens/listings/glance-words'
import {
  COLUMNS,
  NAME_MIN,
  shownColumns
} from '../../../../../src-renderer/src/screens/listings/listing-columns'

const width = (cols: { width?: number }[]) => cols.reduce((s, c) => s + (c.width ?? NAME_MIN), 0)

describe('the listings table’s columns', () => {
  it('shows every column where they fit, the figures at a glance last', () => {
    const all = shownColumns(2000)
    expect(all).toEqual(COLUMNS)
    expect(all.slice(-3).map((c) => c.label)).toEqual(['Lowest rate', 'Min. stay', 'Next arrival'])
  })

  it('folds Reference, then Booking, then Country at narrower widths, never a figure or the name', () => {
    const keys = (w: number) => shownColumns(w).map((c) => c.key)
    const full = width([...COLUMNS])
    expect(keys(full)).toContain('referenceNumber')
    expect(keys(full - 1)).not.toContain('referenceNumber')
    expect(keys(full - 1)).toContain('bookingType')
    // The default 1280-pixel window leaves the table about 1,028 pixels.
    const atDefault = shownColumns(1028)
    expect(atDefault.map((c) => c.key)).toEqual([
      'id',
      'name',
      'city',
      'maxGuest',
      'bedrooms',
      'active',
      'lowestPrice',
      'minStay',
      'nextArrival'
    ])
    expect(width(atDefault)).toBeLessThanOrEqual(1028)
    expect(shownColumns(0).map((c) => c.key)).toEqual(atDefault.map((c) => c.key))
  })
})

describe('the figures at a glance in words', () => {
  const glance: ListingGlance = {
    lowestCents: 8450,
    lowestMissing: null,
    nextArrival: '2026-12-04',
    minStayNights: 1,
    arrivalMissing: null
  }

  it('writes the rate, the nights and the date', () => {
    expect(lowestText(glance)).toMatch(/84\.50/)
    expect(minStayText(glance)).toBe('1 night')
    expect(minStayText({ ...glance, minStayNights: 4 })).toBe('4 nights')
    expect(arrivalText(glance)).toMatch(/2026/)
  })

  it('says why a figure is missing, never an empty cell or 0', () => {
    const none: ListingGlance = {
      lowestCents: null,
      lowestMissing: 'no-rate',
      nextArrival: null,
      minStayNights: null,
      arrivalMissing: 'none-open'
    }
    expect(lowestText(none)).toBe('no rate')
    expect(minStayText(none)).toBe('none open')
    expect(arrivalText(none)).toBe('none open')
  })
})
