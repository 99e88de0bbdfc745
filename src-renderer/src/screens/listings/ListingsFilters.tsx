import { memo } from 'react'
import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { FacetValue } from '@shared/ipc/listings.schema'
import { PlaceField } from '../../components/PlaceField'
import { listingFacetsQuery } from '../../app/queries'
import { hasFilters, type ListingFilters } from './view-state'

/** The text filter's label (a benchmark and the tests type into it by this name). */
const SEARCH_LABEL = 'Search listings'

/** A change to some filters; the others stay as they are. */
export type FiltersPatch = (patch: Partial<ListingFilters>) => void

/*
 * Each field is its own memoised component taking only its value and the (stable) patch
 * function: a keystroke in one field redraws that field alone, not the place autocompletes
 * with the portfolio's hundreds of cities, nor the number inputs and selects.
 */

const SearchField = memo(function SearchField({
  value,
  onPatch
}: {
  value: string
  onPatch: FiltersPatch
}) {
  return (
    <TextInput
      label={SEARCH_LABEL}
      placeholder="Id, reference, name or city"
      value={value}
      onChange={(e) => onPatch({ text: e.currentTarget.value })}
      w={230}
      data-testid="listings-search"
    />
  )
})

const PlaceFilter = memo(function PlaceFilter({
  field,
  label,
  placeholder,
  facets,
  value,
  onPatch
}: {
  field: 'country' | 'region' | 'city'
  label: string
  placeholder: string
  facets: FacetValue[] | undefined
  value: string
  onPatch: FiltersPatch
}) {
  return (
    <PlaceField
      w={180}
      label={label}
      placeholder={placeholder}
      facets={facets}
      value={value}
      onChange={(v) => onPatch({ [field]: v })}
    />
  )
})

const MinimumField = memo(function MinimumField({
  field,
  label,
  min,
  w,
  value,
  onPatch
}: {
  field: 'minGuests' | 'minBedrooms'
  label: string
  min: number
  w: number
  value: number | null
  onPatch: FiltersPatch
}) {
  return (
    <NumberInput
      label={label}
      min={min}
      max={100}
      allowDecimal={false}
      allowNegative={false}
      value={value ?? ''}
      onChange={(v) => onPatch({ [field]: typeof v === 'number' && v >= min ? v : null })}
      w={w}
    />
  )
})

const BOOKING_TYPES = [
  { value: 'instant', label: 'Instant' },
  { value: 'onRequest', label: 'On request' }
]
const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' }
]
const CLEAR_BOOKING_TYPE = { 'aria-label': 'Clear booking type' }
const CLEAR_STATUS = { 'aria-label': 'Clear status' }

const BookingTypeField = memo(function BookingTypeField({
  value,
  onPatch
}: {
  value: ListingFilters['bookingType']
  onPatch: FiltersPatch
}) {
  return (
    <Select
      label="Booking type"
      placeholder="Any"
      clearable
      clearButtonProps={CLEAR_BOOKING_TYPE}
      data={BOOKING_TYPES}
      value={value}
      onChange={(v) => onPatch({ bookingType: v === 'instant' || v === 'onRequest' ? v : null })}
      w={140}
    />
  )
})

const StatusField = memo(function StatusField({
  value,
  onPatch
}: {
  value: ListingFilters['status']
  onPatch: FiltersPatch
}) {
  return (
    <Select
      label="Status"
      placeholder="Any"
      clearable
      clearButtonProps={CLEAR_STATUS}
      data={STATUSES}
      value={value}
      onChange={(v) => onPatch({ status: v === 'active' || v === 'inactive' ? v : null })}
      w={120}
    />
  )
})

export const ListingsFilters = memo(function ListingsFilters({
  value,
  onPatch,
  onClear
}: {
  value: ListingFilters
  /** Stable across renders, so the fields it is handed to are skipped when theirs is unchanged. */
  onPatch: FiltersPatch
  onClear: () => void
}) {
  const facets = useQuery(listingFacetsQuery)
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Filter listings">
      <SearchField value={value.text} onPatch={onPatch} />
      <PlaceFilter
        field="country"
        label="Country"
        placeholder="e.g. Spain"
        facets={facets.data?.countries}
        value={value.country}
        onPatch={onPatch}
      />
      <PlaceFilter
        field="region"
        label="Region"
        placeholder="e.g. Toscana"
        facets={facets.data?.regions}
        value={value.region}
        onPatch={onPatch}
      />
      <PlaceFilter
        field="city"
        label="City"
        placeholder="e.g. Nice"
        facets={facets.data?.cities}
        value={value.city}
        onPatch={onPatch}
      />
      <MinimumField
        field="minGuests"
        label="Min. guests"
        min={1}
        w={105}
        value={value.minGuests}
        onPatch={onPatch}
      />
      <MinimumField
        field="minBedrooms"
        label="Min. bedrooms"
        min={0}
        w={115}
        value={value.minBedrooms}
        onPatch={onPatch}
      />
      <BookingTypeField value={value.bookingType} onPatch={onPatch} />
      <StatusField value={value.status} onPatch={onPatch} />
      {hasFilters(value) && (
        <Button variant="subtle" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Group>
  )
})
