import { schemaResolver } from '@mantine/form'
import { z } from 'zod'
import { isoDate } from '@shared/api/common.schema'
import { addDays, isIsoDate, weekday } from '@shared/domain/dates'
import { eurToCents } from '@shared/domain/money'
import type { CommandInput } from '@shared/ipc/contract'
import { AVAILABILITY_SORTS, AvailabilitySearchInput } from '@shared/ipc/availability.schema'
import { stayWindowProblem } from '@shared/domain/stay-limits'
import { ADULTS_MESSAGE, AGE_MESSAGE } from '../../components/guest-ages'
import { nextSort as cycleSort } from '../../components/table-model'

/**
 * The availability search form's values as the inputs hold them (a NumberInput gives
 * `number | ''` while being typed into), the one conversion to the command's input, and its
 * checks: the shared AvailabilitySearchInput schema main parses with, in the form's words.
 */

export interface SearchValues {
  /** Arrival and departure, as the range picker holds them (YYYY-MM-DD). */
  dates: [string | null, string | null]
  adults: number | string
  /** One age per child (0 to 12); the number of entries is the number of children. */
  childrenAges: (number | string)[]
  country: string
  city: string
  minBedrooms: number | string
  bookingType: string | null
  /** EUR for the whole stay, as typed; sent as cents. */
  minPrice: number | string
  maxPrice: number | string
}

export type SearchSort = { key: (typeof AVAILABILITY_SORTS)[number]; dir: 'asc' | 'desc' }

export const DEFAULT_SORT: SearchSort = { key: 'price', dir: 'asc' }

/** The last search, kept per profile across restarts (prefs key 'availability.search'). */
export interface SavedSearch {
  values: SearchValues
  sort: SearchSort
  /** False until the person (or the first visit's example stay) ran a search. */
  searched: boolean
}

const typed = z.union([z.number(), z.string().max(30)])

export const SavedSearchSchema: z.ZodType<SavedSearch> = z.object({
  values: z.object({
    dates: z.tuple([isoDate.nullable(), isoDate.nullable()]),
    adults: typed,
    childrenAges: z.array(typed).max(20),
    country: z.string().max(100),
    city: z.string().max(100),
    minBedrooms: typed,
    bookingType: z.string().max(20).nullable(),
    minPrice: typed,
    maxPrice: typed
  }),
  sort: z.object({ key: z.enum(AVAILABILITY_SORTS), dir: z.enum(['asc', 'desc']) }),
  searched: z.boolean()
})

export const NO_FILTERS = {
  country: '',
  city: '',
  minBedrooms: '',
  bookingType: null,
  minPrice: '',
  maxPrice: ''
} satisfies Partial<SearchValues>

/** The next Saturday at least `days` days ahead. */
function saturdayFrom(today: string, days: number): string {
  let d = addDays(today, days)
  while (weekday(d) !== 6) d = addDays(d, 1)
  return d
}

/**
 * What the screen shows on a profile's first visit: a week from a Saturday three weeks ahead,
 * for two adults, already asked, so the screen explains itself with the portfolio's own data.
 */
export function firstSearch(today: string): SavedSearch {
  const from = saturdayFrom(today, 21)
  return {
    values: { dates: [from, addDays(from, 7)], adults: 2, childrenAges: [], ...NO_FILTERS },
    sort: DEFAULT_SORT,
    searched: true
  }
}

/** Stays a property manager asks for most, offered beside the calendar. */
export function stayPresets(today: string): { value: [string, string]; label: string }[] {
  let friday = addDays(today, 1)
  while (weekday(friday) !== 5) friday = addDays(friday, 1)
  const saturday = saturdayFrom(today, 1)
  return [
    { value: [friday, addDays(friday, 2)], label: 'Next weekend' },
    { value: [saturday, addDays(saturday, 7)], label: 'A week from Saturday' },
    { value: [saturday, addDays(saturday, 14)], label: 'Two weeks from Saturday' }
  ]
}

/** The stay and the filters, as a search and its reasons are asked (no window of rows). */
export type SearchInput = CommandInput<'availability:misses'>

const asNumber = (v: number | string): number | undefined =>
  typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v)

/** EUR as typed to cents; NaN (which the schema refuses) when it is no amount. */
function centsOf(eur: number): number {
  return Number.isFinite(eur) ? eurToCents(eur) : Number.NaN
}

/** The command's input from the form (empty optional fields left out). */
export function toSearchInput(v: SearchValues, sort: SearchSort): SearchInput {
  const ages = v.childrenAges.map(asNumber)
  const country = v.country.trim()
  const city = v.city.trim()
  const minBedrooms = asNumber(v.minBedrooms)
  const min = asNumber(v.minPrice)
  const max = asNumber(v.maxPrice)
  return {
    from: v.dates[0] ?? '',
    to: v.dates[1] ?? '',
    adults: asNumber(v.adults) as number,
    ...(ages.length > 0 ? { children: ages.length, childrenAges: ages as number[] } : {}),
    ...(country ? { country } : {}),
    ...(city ? { city } : {}),
    ...(minBedrooms !== undefined ? { minBedrooms } : {}),
    ...(v.bookingType ? { bookingType: v.bookingType } : {}),
    ...(min !== undefined ? { minPriceCents: centsOf(min) } : {}),
    ...(max !== undefined ? { maxPriceCents: centsOf(max) } : {}),
    sort
  }
}

/** The form field a schema path belongs to (both dates sit in one range picker). */
const FIELD: Record<string, string> = {
  from: 'dates',
  to: 'dates',
  children: 'childrenAges',
  minPriceCents: 'minPrice',
  maxPriceCents: 'maxPrice'
}

/** What each field takes, said when the schema refuses it in its own terms. */
const TAKES: Record<string, string> = {
  adults: ADULTS_MESSAGE,
  minBedrooms: 'Min. bedrooms must be a whole number from 0 to 100',
  minPrice: 'Min. total must be an amount of €0 or more',
  maxPrice: 'Max. total must be an amount of €0 or more',
  country: 'Country must be at most 100 characters',
  city: 'City must be at most 100 characters',
  bookingType: 'Booking type must be Instant or On request'
}

/** A schema message in the form's words, naming the field it sits under. */
function fieldMessage(field: string, nested: boolean, message: string): string {
  if (field === 'dates') {
    if (message === 'must be after from') return 'Departure must be after arrival'
    if (message.startsWith('must be at most')) return `Departure ${message}`
    return 'Choose the arrival and departure dates'
  }
  if (field === 'childrenAges') return nested ? AGE_MESSAGE : 'Give one age per child'
  return TAKES[field] ?? message
}

/** The form field main's refusal is about (`from` → the range picker), or undefined. */
export function formFieldOf(path: string): string | undefined {
  const [root, ...rest] = path.split('.')
  const field = FIELD[root] ?? root
  if (field === 'childrenAges' && rest.length > 0) return `${field}.${rest.join('.')}`
  return field === 'dates' || field === 'childrenAges' || field in TAKES ? field : undefined
}

const resolveSchema = schemaResolver(AvailabilitySearchInput, { sync: true })

/**
 * Every problem with the search, keyed by form path: what is missing first, then the shared
 * schema's verdict (main parses with the same one), then what only a person would get wrong (a
 * remembered stay now in the past, a price range upside down).
 */
export function searchErrors(v: SearchValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {}
  const [from, to] = v.dates
  if (!from && !to) errors.dates = 'Choose the arrival and departure dates'
  else if (!to) errors.dates = 'Choose the departure date too'
  else if (isIsoDate(from) && from < today) {
    errors.dates = 'Arrival is in the past: choose new dates'
  } else if (isIsoDate(from) && isIsoDate(to)) {
    const outside = stayWindowProblem({ from, to }, today)
    if (outside) errors.dates = outside.message
  }
  if (asNumber(v.adults) === undefined) errors.adults = 'Give the number of adults'
  v.childrenAges.forEach((a, i) => {
    if (asNumber(a) === undefined) errors[`childrenAges.${i}`] = 'Give this child’s age (0 to 12)'
  })
  for (const [path, message] of Object.entries(resolveSchema(toSearchInput(v, DEFAULT_SORT)))) {
    const [root, ...rest] = path.split('.')
    const field = FIELD[root] ?? root
    const key = field === 'childrenAges' && rest.length > 0 ? `${field}.${rest.join('.')}` : field
    errors[key] ??= fieldMessage(field, rest.length > 0, String(message))
  }
  const min = asNumber(v.minPrice)
  const max = asNumber(v.maxPrice)
  if (!errors.maxPrice && !errors.minPrice && min !== undefined && max !== undefined && max < min) {
    errors.maxPrice = 'Max. total must not be below the min. total'
  }
  return errors
}

/** The fields that narrow the portfolio (not the stay itself). */
export function hasFilters(v: SearchValues): boolean {
  return (
    hasListingFilters(v) || String(v.minPrice).trim() !== '' || String(v.maxPrice).trim() !== ''
  )
}

/**
 * The filters that leave listings out before the rules are checked: place, bedrooms, type. The
 * price range is applied after them, to the bookable listings' totals.
 */
export function hasListingFilters(v: SearchValues): boolean {
  return (
    v.country.trim() !== '' ||
    v.city.trim() !== '' ||
    String(v.minBedrooms).trim() !== '' ||
    v.bookingType !== null
  )
}

/** A header click: a new column sorts ascending (cheapest first), the same column flips. */
export function nextSort(current: SearchSort, key: SearchSort['key']): SearchSort {
  // The results always have an order: a third click turns ascending again.
  return cycleSort(current, key, false) ?? { key, dir: 'asc' }
}
