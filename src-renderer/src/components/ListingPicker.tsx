import { useDeferredValue, useState, type ReactNode } from 'react'
import { Group, Select, Stack, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core'
import type { ListingSummary } from '@shared/ipc/listings.schema'
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import { call } from '../ipc/client'
import { mirrorKey } from '../ipc/query-keys'

/** Up to 20 listings matching the text (id, reference, name, city), from the offline copy. */
function pickerQuery(text: string) {
  const input: CommandInput<'listings:search'> = { text: text.trim() || undefined, limit: 20 }
  return queryOptions({
    queryKey: mirrorKey('listings', 'picker', input),
    // No previous results kept while a new text is typed: Enter must never pick a listing from
    // an earlier search.
    queryFn: () => call('listings:search', input)
  })
}

/** "Casa Rosa (100123), Firenze": what the field shows once a listing is chosen. */
function pickerLabel(l: Pick<ListingSummary, 'id' | 'name' | 'city'>): string {
  return `${l.name} (${l.id})${l.city ? `, ${l.city}` : ''}`
}

/** The offline copy already matched the text (id, reference, name, city): show what it found. */
const keepAll: OptionsFilter = ({ options }) => options

/**
 * A searchable listing picker over the offline copy: each keystroke asks the mirror at once
 * (listings:search), and React keeps the typing ahead of the results (a deferred value), so
 * there is no fixed typing delay.
 */
export function ListingPicker({
  value,
  onChange,
  error,
  label = 'Listing',
  required = true
}: {
  value: string | null
  onChange: (id: string | null) => void
  error?: ReactNode
  label?: string
  required?: boolean
}) {
  const [search, setSearch] = useState('')
  // The chosen listing, found by its id (the search text matches ids), for its label.
  const chosen = useQuery({
    ...pickerQuery(value ?? ''),
    enabled: !!value,
    select: (d) => d.items.find((l) => String(l.id) === value)
  })
  const chosenLabel = chosen.data ? pickerLabel(chosen.data) : undefined
  const deferred = useDeferredValue(search)
  // The field showing the chosen listing's label is not a search for that label.
  const results = useQuery(pickerQuery(deferred === chosenLabel ? '' : deferred))
  const items = results.data?.items ?? []
  const byId = new Map<string, ListingSummary>()
  if (chosen.data) byId.set(String(chosen.data.id), chosen.data)
  for (const l of items) byId.set(String(l.id), l)
  const data: ComboboxItem[] = [...byId.values()].map((l) => ({
    value: String(l.id),
    label: pickerLabel(l)
  }))

  return (
    <Select
      label={label}
      description="Type a name, city, reference or id (from the offline copy)"
      placeholder="Search listings"
      required={required}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the listing' }}
      // Picking the listing already chosen keeps it, and shows its name again (Mantine's default
      // would empty the field; the clear button does that).
      allowDeselect={false}
      data={data}
      value={value}
      onChange={(v) => onChange(v)}
      searchValue={search}
      onSearchChange={setSearch}
      onOptionSubmit={(id) => {
        const l = byId.get(id)
        if (id === value && l) setSearch(pickerLabel(l))
      }}
      filter={keepAll}
      // The list box scrolls itself (axe: a scroll area inside a list box has no keyboard access).
      withScrollArea={false}
      maxDropdownHeight={320}
      nothingFoundMessage={results.isFetching ? 'Searching…' : 'No listing matches'}
      error={error}
      data-testid="listing-picker"
      renderOption={({ option }) => {
        const l = byId.get(option.value)
        if (!l) return option.label
        return (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {l.name}
            </Text>
            <Group gap="xs">
              <Text size="xs" c="dimmed" ff="monospace">
                {l.id}
              </Text>
              <Text size="xs" c="dimmed">
                {[l.city, l.country].filter(Boolean).join(', ') || 'No city given'}
                {l.bookingType === 'onRequest' ? ' · on request' : ''}
                {l.active === false ? ' · inactive' : ''}
              </Text>
            </Group>
          </Stack>
        )
      }}
    />
  )
}
