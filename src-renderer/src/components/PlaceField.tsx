import { Autocomplete, Group, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core'
import type { ReactNode } from 'react'
import { foldText } from '@shared/domain/text'
import type { FacetValue } from '@shared/ipc/listings.schema'
import { formatNumber } from './text'

/**
 * A country, region or city filter (Listings, Availability, the timeline): free text (main
 * matches the start of the place's name, in the local language or in English), with the
 * portfolio's own places as choices and how many listings each has. Choosing "Spain (España)"
 * fills in the name the service publishes; typing "spa" offers it too.
 */
export function PlaceField({
  label,
  placeholder,
  facets,
  value,
  onChange,
  error,
  w
}: {
  w: number
  label: string
  placeholder: string
  facets: FacetValue[] | undefined
  value: string
  onChange: (value: string) => void
  error?: ReactNode
}) {
  const byValue = new Map((facets ?? []).map((f) => [f.value, f]))
  // Matches the English name too, so "Spa" offers España.
  const filter: OptionsFilter = ({ options, search }) => {
    const wanted = foldText(search)
    return (options as ComboboxItem[]).filter((o) =>
      foldText(`${o.value}\n${byValue.get(o.value)?.label ?? ''}`)
        .split(/[\n(]/)
        .some((name) => name.trim().startsWith(wanted))
    )
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
      error={error}
      w={w}
      renderOption={({ option }) => {
        const f = byValue.get(option.value)
        return (
          <Group justify="space-between" w="100%" wrap="nowrap">
            <Text size="sm">{f?.label ?? option.value}</Text>
            <Text size="xs" c="dimmed">
              {f ? (f.count === 1 ? '1 listing' : `${formatNumber(f.count)} listings`) : ''}
            </Text>
          </Group>
        )
      }}
    />
  )
}
