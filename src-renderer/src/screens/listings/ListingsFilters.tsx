import {
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Select,
  Text,
  TextInput,
  type ComboboxItem,
  type OptionsFilter
} from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { FacetValue } from '@shared/ipc/views.schema'
import { foldText } from '@shared/domain/text'
import { formatNumber } from '../../components/format'
import { listingFacetsQuery } from './queries'
import { hasFilters, NO_FILTERS, type ListingFilters } from './view-state'

/** The text filter's label (a benchmark and the tests type into it by this name). */
export const SEARCH_LABEL = 'Search listings'

/**
 * A place filter: free text (the start of the name, in the local language or in English) with
 * the portfolio's own places as choices, each with its listing count. Choosing "Spain (España)"
 * fills in the name the service publishes; typing "spa" filters the same way.
 */
function PlaceFilter({
  label,
  placeholder,
  facets,
  value,
  onChange
}: {
  label: string
  placeholder: string
  facets: FacetValue[] | undefined
  value: string
  onChange: (value: string) => void
}) {
  const byValue = new Map((facets ?? []).map((f) => [f.value, f]))
  // Matches the label too, so "Spa" offers España through its English name.
  const filter: OptionsFilter = ({ options, search }) => {
    const wanted = foldText(search)
    return (options as ComboboxItem[]).filter((o) => {
      const f = byValue.get(o.value)
      return foldText(`${o.value}\n${f?.label ?? ''}`)
        .split(/[\n(]/)
        .some((name) => name.trim().startsWith(wanted))
    })
  }
  return (
    <Autocomplete
      label={label}
      placeholder={placeholder}
      data={(facets ?? []).map((f) => ({ value: f.value }))}
      value={value}
      onChange={onChange}
      filter={filter}
      limit={50}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      renderOption={({ option }) => {
        const f = byValue.get(option.value)
        return (
          <Group justify="space-between" w="100%" wrap="nowrap">
            <Text size="sm">{f?.label ?? option.value}</Text>
            <Text size="xs" c="dimmed">
              {f ? formatNumber(f.count) : ''}
            </Text>
          </Group>
        )
      }}
      w={180}
    />
  )
}

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
      <PlaceFilter
        label="Country"
        placeholder="e.g. Spain"
        facets={facets.data?.countries}
        value={value.country}
        onChange={(v) => set('country', v)}
      />
      <PlaceFilter
        label="Region"
        placeholder="e.g. Toscana"
        facets={facets.data?.regions}
        value={value.region}
        onChange={(v) => set('region', v)}
      />
      <PlaceFilter
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
