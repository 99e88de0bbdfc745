import {
  Autocomplete,
  Button,
  Group,
  NumberInput,
  Select,
  Switch,
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

export interface Filters {
  text: string
  country: string
  region: string
  city: string
  minGuests: number | null
  minBedrooms: number | null
  bookingType: string | null
  activeOnly: boolean
}

export const NO_FILTERS: Filters = {
  text: '',
  country: '',
  region: '',
  city: '',
  minGuests: null,
  minBedrooms: null,
  bookingType: null,
  activeOnly: false
}

export function hasFilters(f: Filters): boolean {
  return (
    f.text.trim() !== '' ||
    f.country.trim() !== '' ||
    f.region.trim() !== '' ||
    f.city.trim() !== '' ||
    f.minGuests !== null ||
    f.minBedrooms !== null ||
    f.bookingType !== null ||
    f.activeOnly
  )
}

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
      w={200}
    />
  )
}

export function ListingsFilters({
  value,
  onChange
}: {
  value: Filters
  onChange: (next: Filters) => void
}) {
  const facets = useQuery(listingFacetsQuery)
  const set = <K extends keyof Filters>(key: K, v: Filters[K]) => onChange({ ...value, [key]: v })
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Filter listings">
      <TextInput
        label="Search"
        placeholder="Id, reference, name or city"
        value={value.text}
        onChange={(e) => set('text', e.currentTarget.value)}
        w={240}
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
        value={value.minGuests ?? ''}
        onChange={(v) => set('minGuests', typeof v === 'number' && v >= 1 ? v : null)}
        w={110}
      />
      <NumberInput
        label="Min. bedrooms"
        min={0}
        max={100}
        allowDecimal={false}
        value={value.minBedrooms ?? ''}
        onChange={(v) => set('minBedrooms', typeof v === 'number' && v >= 0 ? v : null)}
        w={120}
      />
      <Select
        label="Booking type"
        placeholder="Any"
        clearable
        data={[
          { value: 'instant', label: 'Instant' },
          { value: 'onRequest', label: 'On request' }
        ]}
        value={value.bookingType}
        onChange={(v) => set('bookingType', v)}
        w={150}
      />
      <Switch
        label="Active only"
        checked={value.activeOnly}
        onChange={(e) => set('activeOnly', e.currentTarget.checked)}
        mb={8}
      />
      {hasFilters(value) && (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  )
}
