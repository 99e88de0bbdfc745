import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { PlaceField } from '../../components/PlaceField'
import { listingFacetsQuery } from './queries'
import { hasFilters, NO_FILTERS, type ListingFilters } from './view-state'

/** The text filter's label (a benchmark and the tests type into it by this name). */
export const SEARCH_LABEL = 'Search listings'

export function ListingsFilters({
  value,
  onChange
}: {
  value: ListingFilters
  onChange: (next: ListingFilters) => void
}) {
  const facets = useQuery(listingFacetsQuery)
  const set = <K extends keyof ListingFilters>(key: K, v: ListingFilters[K]) =>
    onChange({ ...value, [key]: v })
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Filter listings">
      <TextInput
        label={SEARCH_LABEL}
        placeholder="Id, reference, name or city"
        value={value.text}
        onChange={(e) => set('text', e.currentTarget.value)}
        w={230}
        data-testid="listings-search"
      />
      <PlaceField
        w={180}
        label="Country"
        placeholder="e.g. Spain"
        facets={facets.data?.countries}
        value={value.country}
        onChange={(v) => set('country', v)}
      />
      <PlaceField
        w={180}
        label="Region"
        placeholder="e.g. Toscana"
        facets={facets.data?.regions}
        value={value.region}
        onChange={(v) => set('region', v)}
      />
      <PlaceField
        w={180}
        label="City"
        placeholder="e.g. Nice"
        facets={facets.data?.cities}
        value={value.city}
        onChange={(v) => set('city', v)}
      />
      <NumberInput
        label="Min. guests"
        min={1}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        value={value.minGuests ?? ''}
        onChange={(v) => set('minGuests', typeof v === 'number' && v >= 1 ? v : null)}
        w={105}
      />
      <NumberInput
        label="Min. bedrooms"
        min={0}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        value={value.minBedrooms ?? ''}
        onChange={(v) => set('minBedrooms', typeof v === 'number' && v >= 0 ? v : null)}
        w={115}
      />
      <Select
        label="Booking type"
        placeholder="Any"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear booking type' }}
        data={[
          { value: 'instant', label: 'Instant' },
          { value: 'onRequest', label: 'On request' }
        ]}
        value={value.bookingType}
        onChange={(v) => set('bookingType', v === 'instant' || v === 'onRequest' ? v : null)}
        w={140}
      />
      <Select
        label="Status"
        placeholder="Any"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear status' }}
        data={[
          { value: 'active', label: 'Active' },
          { value: 'inactive', label: 'Inactive' }
        ]}
        value={value.status}
        onChange={(v) => set('status', v === 'active' || v === 'inactive' ? v : null)}
        w={120}
      />
      {hasFilters(value) && (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  )
}
