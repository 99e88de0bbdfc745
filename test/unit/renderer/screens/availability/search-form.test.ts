import { describe, expect, it } from 'vitest'
import { weekday } from '@shared/domain/dates'
import { AvailabilitySearchInput } from '@shared/ipc/availability.schema'
import {
  DEFAULT_SORT,
  firstSearch,
  formFieldOf,
  hasFilters,
  hasListingFilters,
  nextSort,
  NO_FILTERS,
  SavedSearchSchema,
  searchErrors,
  stayPresets,
  toSearchInput,
  type SearchValues
} from '../../../../../src-renderer/src/screens/availability/search-form'

const TODAY = '2030-05-15'

const values = (over: Partial<SearchValues> = {}): SearchValues => ({
  dates: ['2030-06-01', '2030-06-08'],
  adults: 2,
  childrenAges: [],
  ...NO_FILTERS,
  ...over
})

describe('the availability search form', () => {
  it('turns into the command input, leaving out what was not given', () => {
    expect(toSearchInput(values(), DEFAULT_SORT)).toEqual({
      from: '2030-06-01',
      to: '2030-06-08',
      adults: 2,
      sort: { key: 'price', dir: 'asc' }
    })
  })

  it('sends every filter, prices in cents and the children with their ages', () => {
    const input = toSearchInput(
      values({
        childrenAges: [4, '9'],
        country: ' France ',
        city: 'Nice',
        minBedrooms: 2,
        bookingType: 'instant',
        minPrice: 100.5,
        maxPrice: '1200.25'
      }),
      { key: 'name', dir: 'desc' }
    )
    expect(input).toEqual({
      from: '2030-06-01',
      to: '2030-06-08',
      adults: 2,
      children: 2,
      childrenAges: [4, 9],
      country: 'France',
      city: 'Nice',
      minBedrooms: 2,
      bookingType: 'instant',
      minPriceCents: 10050,
      maxPriceCents: 120025,
      sort: { key: 'name', dir: 'desc' }
    })
    expect(AvailabilitySearchInput.safeParse(input).success).toBe(true)
  })

  it('finds nothing wrong with a complete stay', () => {
    expect(searchErrors(values(), TODAY)).toEqual({})
  })

  it('says on the date field what is missing or wrong with the stay', () => {
    expect(searchErrors(values({ dates: [null, null] }), TODAY)).toEqual({
      dates: 'Choose the arrival and departure dates'
    })
    expect(searchErrors(values({ dates: ['2030-06-01', null] }), TODAY)).toEqual({
      dates: 'Choose the departure date too'
    })
    expect(searchErrors(values({ dates: ['2030-06-08', '2030-06-08'] }), TODAY)).toEqual({
      dates: 'Departure must be after arrival'
    })
    expect(searchErrors(values({ dates: ['2030-05-01', '2030-05-08'] }), TODAY)).toEqual({
      dates: 'Arrival is in the past: choose new dates'
    })
  })

  it('names the guest field that is wrong', () => {
    expect(searchErrors(values({ adults: '' }), TODAY)).toEqual({
      adults: 'Give the number of adults'
    })
    expect(searchErrors(values({ adults: 0 }), TODAY)).toEqual({
      adults: 'Adults must be a whole number, at least 1'
    })
    expect(searchErrors(values({ childrenAges: [3, ''] }), TODAY)).toEqual({
      'childrenAges.1': 'Give this child’s age (0 to 12)'
    })
    expect(searchErrors(values({ childrenAges: [14] }), TODAY)).toEqual({
      'childrenAges.0': 'Age must be from 0 to 12: a guest over 12 counts as an adult'
    })
  })

  it('checks the filters with the shared schema, in the words of each field', () => {
    expect(searchErrors(values({ minBedrooms: 101 }), TODAY)).toEqual({
      minBedrooms: 'Min. bedrooms must be a whole number from 0 to 100'
    })
    expect(searchErrors(values({ minPrice: -5 }), TODAY)).toEqual({
      minPrice: 'Min. total must be an amount of €0 or more'
    })
    expect(searchErrors(values({ city: 'x'.repeat(101) }), TODAY)).toEqual({
      city: 'City must be at most 100 characters'
    })
    expect(searchErrors(values({ minPrice: 900, maxPrice: 500 }), TODAY)).toEqual({
      maxPrice: 'Max. total must not be below the min. total'
    })
  })

  it('puts main’s refusal of an input path on the form field that holds it', () => {
    expect(formFieldOf('to')).toBe('dates')
    expect(formFieldOf('from')).toBe('dates')
    expect(formFieldOf('maxPriceCents')).toBe('maxPrice')
    expect(formFieldOf('childrenAges.2')).toBe('childrenAges.2')
    expect(formFieldOf('adults')).toBe('adults')
    expect(formFieldOf('missSample')).toBeUndefined()
  })

  it('tells filters apart from the stay', () => {
    expect(hasFilters(values())).toBe(false)
    expect(hasFilters(values({ city: 'Nice' }))).toBe(true)
    expect(hasFilters(values({ maxPrice: 300 }))).toBe(true)
    expect(hasFilters(values({ bookingType: 'onRequest' }))).toBe(true)
  })

  it('counts the price range apart: it leaves out bookable listings, not listings before the rules', () => {
    expect(hasListingFilters(values({ maxPrice: 300, minPrice: 100 }))).toBe(false)
    expect(hasListingFilters(values({ city: 'Nice', maxPrice: 300 }))).toBe(true)
    expect(hasListingFilters(values({ minBedrooms: 2 }))).toBe(true)
  })

  it('starts a profile with a week from a Saturday three weeks ahead, already asked', () => {
    const first = firstSearch(TODAY)
    const [from, to] = first.values.dates as [string, string]
    expect(weekday(from)).toBe(6)
    expect(from >= '2030-06-05').toBe(true)
    expect(from < '2030-06-12').toBe(true)
    expect(to).toBe('2030-06-15')
    expect(first).toMatchObject({ searched: true, sort: DEFAULT_SORT, values: { adults: 2 } })
    expect(SavedSearchSchema.safeParse(first).success).toBe(true)
    expect(searchErrors(first.values, TODAY)).toEqual({})
  })

  it('drops a kept search of another shape rather than trusting it', () => {
    expect(SavedSearchSchema.safeParse({ values: { from: '2030-06-01' } }).success).toBe(false)
    expect(
      SavedSearchSchema.safeParse({ ...firstSearch(TODAY), sort: { key: 'city', dir: 'asc' } })
        .success
    ).toBe(false)
  })

  it('offers a weekend and one or two weeks from Saturday', () => {
    // 2030-05-15 is a Wednesday.
    expect(stayPresets(TODAY)).toEqual([
      { value: ['2030-05-17', '2030-05-19'], label: 'Next weekend' },
      { value: ['2030-05-18', '2030-05-25'], label: 'A week from Saturday' },
      { value: ['2030-05-18', '2030-06-01'], label: 'Two weeks from Saturday' }
    ])
  })

  it('sorts a new column ascending and flips the same one', () => {
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', dir: 'asc' })
    expect(nextSort({ key: 'name', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'desc' })
    expect(nextSort({ key: 'name', dir: 'desc' }, 'price')).toEqual({ key: 'price', dir: 'asc' })
    expect(nextSort(DEFAULT_SORT, 'price')).toEqual({ key: 'price', dir: 'desc' })
  })
})
