import { z } from 'zod'
import { BOOKING_TYPES } from '@shared/api/listing.schema'
import type { CommandInput } from '@shared/ipc/contract'
import { ListingSort } from '@shared/ipc/listings.schema'
import { nextSort as cycleSort } from '../../components/table-model'
import { formatNumber } from '../../components/text'

/**
 * What the Listings table shows: its filters and its sort, kept per profile across restarts
 * (prefs 'listings.view'). The schema is what a saved value must still fit: a setting an older
 * StayDesk saved in another shape is dropped for the defaults rather than trusted.
 */
export const ListingsView = z.object({
  text: z.string().max(200),
  country: z.string().max(100),
  region: z.string().max(100),
  city: z.string().max(100),
  minGuests: z.number().int().min(1).max(100).nullable(),
  minBedrooms: z.number().int().min(0).max(100).nullable(),
  bookingType: z.enum(BOOKING_TYPES).nullable(),
  status: z.enum(['active', 'inactive']).nullable(),
  /** Null: the service's own order, by id. */
  sort: ListingSort.nullable()
})
export type ListingsView = z.infer<typeof ListingsView>
export type ListingFilters = Omit<ListingsView, 'sort'>
export type SortKey = ListingSort['key']

export const NO_FILTERS: ListingFilters = {
  text: '',
  country: '',
  region: '',
  city: '',
  minGuests: null,
  minBedrooms: null,
  bookingType: null,
  status: null
}

export const INITIAL_VIEW: ListingsView = { ...NO_FILTERS, sort: null }

export function hasFilters(v: ListingFilters): boolean {
  return (
    v.text.trim() !== '' ||
    v.country.trim() !== '' ||
    v.region.trim() !== '' ||
    v.city.trim() !== '' ||
    v.minGuests !== null ||
    v.minBedrooms !== null ||
    v.bookingType !== null ||
    v.status !== null
  )
}

/** The filter and order as the export takes them (every matching row, no window). */
export function exportInput(v: ListingsView): CommandInput<'listings:export'> {
  const text = (s: string) => s.trim() || undefined
  return {
    text: text(v.text),
    country: text(v.country),
    region: text(v.region),
    city: text(v.city),
    minGuests: v.minGuests ?? undefined,
    minBedrooms: v.minBedrooms ?? undefined,
    bookingType: v.bookingType ?? undefined,
    active: v.status === null ? undefined : v.status === 'active',
    sort: v.sort ?? undefined
  }
}

/** One window of the filtered, sorted rows, with their figures at a glance, as listings:search takes it. */
export function searchInput(
  v: ListingsView,
  window: { offset: number; limit: number }
): CommandInput<'listings:search'> {
  return { ...exportInput(v), offset: window.offset, limit: window.limit, glance: true }
}

/** A header click sorts ascending, then descending, then back to the default order (by id). */
export function nextSort(current: ListingSort | null, key: SortKey): ListingSort | null {
  return cycleSort(current, key, true)
}

/** "1,234 of 10,000 listings": how many match, of the whole portfolio in the offline copy. */
export function countText(matching: number, portfolio: number): string {
  return `${formatNumber(matching)} of ${formatNumber(portfolio)} ${portfolio === 1 ? 'listing' : 'listings'}`
}

/** What the export's notification says: how many rows went where. Null when cancelled. */
export function exportedText(saved: { file: string | null; rows?: number }): string | null {
  if (!saved.file) return null
  const rows = saved.rows ?? 0
  return `${formatNumber(rows)} ${rows === 1 ? 'listing' : 'listings'} saved to ${saved.file}`
}

export function bookingTypeLabel(t: string | null | undefined): string {
  if (t === 'instant') return 'Instant'
  if (t === 'onRequest') return 'On request'
  return t ?? '—'
}
