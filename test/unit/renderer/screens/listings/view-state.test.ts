import { describe, expect, it } from 'vitest'
import { ListingExportInput } from '@shared/ipc/listings.schema'
import { ListingSearchInput } from '@shared/ipc/listings.schema'
import {
  countText,
  exportedText,
  exportInput,
  hasFilters,
  INITIAL_VIEW,
  ListingsView,
  NO_FILTERS,
  nextSort,
  searchInput
} from '../../../../../src-renderer/src/screens/listings/view-state'

describe('the listings view as main’s search takes it', () => {
  it('leaves out what is not filtered, and trims what is typed', () => {
    expect(exportInput(INITIAL_VIEW)).toEqual({
      text: undefined,
      country: undefined,
      region: undefined,
      city: undefined,
      minGuests: undefined,
      minBedrooms: undefined,
      bookingType: undefined,
      active: undefined,
      sort: undefined
    })
    const view = {
      ...INITIAL_VIEW,
      text: '  casa ',
      city: ' Nice',
      country: 'France',
      region: '   ',
      minGuests: 4,
      minBedrooms: 0,
      bookingType: 'onRequest' as const,
      status: 'inactive' as const,
      sort: { key: 'maxGuest' as const, dir: 'desc' as const }
    }
    expect(exportInput(view)).toEqual({
      text: 'casa',
      country: 'France',
      region: undefined,
      city: 'Nice',
      minGuests: 4,
      minBedrooms: 0,
      bookingType: 'onRequest',
      active: false,
      sort: { key: 'maxGuest', dir: 'desc' }
    })
    expect(exportInput({ ...view, status: 'active' }).active).toBe(true)
    // Both are inputs main accepts as they are (its schemas are strict).
    expect(ListingExportInput.safeParse(exportInput(view)).success).toBe(true)
    const window = searchInput(view, { offset: 400, limit: 200 })
    // The table's windows ask for the figures at a glance too.
    expect(window).toMatchObject({
      offset: 400,
      limit: 200,
      city: 'Nice',
      active: false,
      glance: true
    })
    expect(ListingSearchInput.safeParse(window).success).toBe(true)
  })

  it('knows when anything is filtered (a bedroom minimum of 0 is a filter, spaces are not)', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false)
    expect(hasFilters({ ...NO_FILTERS, text: '   ' })).toBe(false)
    expect(hasFilters({ ...NO_FILTERS, minBedrooms: 0 })).toBe(true)
    expect(hasFilters({ ...NO_FILTERS, status: 'active' })).toBe(true)
  })

  it('sorts a column ascending, then descending, then back to the order by id', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', dir: 'asc' })
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' })
    expect(nextSort({ key: 'name', dir: 'desc' }, 'name')).toBeNull()
    expect(nextSort({ key: 'name', dir: 'desc' }, 'city')).toEqual({ key: 'city', dir: 'asc' })
  })

  it('restores a saved view only when it still fits, so an older shape falls back to defaults', () => {
    const saved = { ...INITIAL_VIEW, city: 'Split', sort: { key: 'name', dir: 'asc' } }
    expect(ListingsView.safeParse(saved).success).toBe(true)
    expect(ListingsView.safeParse({ city: 'Split', sort: 'name' }).success).toBe(false)
    expect(ListingsView.safeParse({ ...INITIAL_VIEW, bookingType: 'later' }).success).toBe(false)
    expect(ListingsView.safeParse({ ...INITIAL_VIEW, minGuests: 0 }).success).toBe(false)
  })

  it('counts matching listings of the portfolio, and says where an export went', () => {
    expect(countText(1234, 10000)).toBe('1,234 of 10,000 listings')
    expect(countText(1, 1)).toBe('1 of 1 listing')
    expect(countText(0, 60)).toBe('0 of 60 listings')
    expect(exportedText({ file: '/home/pm/listings.csv', rows: 12 })).toBe(
      '12 listings saved to /home/pm/listings.csv'
    )
    expect(exportedText({ file: '/tmp/one.csv', rows: 1 })).toBe('1 listing saved to /tmp/one.csv')
    expect(exportedText({ file: null })).toBeNull()
  })
})
