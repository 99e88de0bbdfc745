import { Button, Group, NumberInput, Select, Switch, TextInput } from '@mantine/core'

export interface Filters {
  text: string
  country: string
  city: string
  minGuests: number | null
  bookingType: string | null
  activeOnly: boolean
}

export const NO_FILTERS: Filters = {
  text: '',
  country: '',
  city: '',
  minGuests: null,
  bookingType: null,
  activeOnly: false
}

export function hasFilters(f: Filters): boolean {
  return (
    f.text.trim() !== '' ||
    f.country.trim() !== '' ||
    f.city.trim() !== '' ||
    f.minGuests !== null ||
    f.bookingType !== null ||
    f.activeOnly
  )
}

export function ListingsFilters({
  value,
  onChange
}: {
  value: Filters
  onChange: (next: Filters) => void
}) {
  const set = <K extends keyof Filters>(key: K, v: Filters[K]) => onChange({ ...value, [key]: v })
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Filter listings">
      <TextInput
        label="Search"
        placeholder="Id, reference, name or city"
        value={value.text}
        onChange={(e) => set('text', e.currentTarget.value)}
        w={260}
        data-testid="listings-search"
      />
      <TextInput
        label="Country"
        placeholder="Exact name, e.g. France"
        value={value.country}
        onChange={(e) => set('country', e.currentTarget.value)}
        w={190}
      />
      <TextInput
        label="City"
        placeholder="Exact name, e.g. Nice"
        value={value.city}
        onChange={(e) => set('city', e.currentTarget.value)}
        w={190}
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
