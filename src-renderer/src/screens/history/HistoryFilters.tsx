import { SegmentedControl, Text } from '@mantine/core'
import { DateInput, DatePickerInput } from '@mantine/dates'
import type { HistoryKind } from '@shared/domain/history-words'
import { FilterBar, filterSetter } from '../../components/FilterBar'
import { ListingPicker } from '../../components/ListingPicker'
import {
  hasHistoryFilters,
  NO_HISTORY_FILTERS,
  type HistoryFilters as Filters
} from './history-filters'
import { HISTORY_KIND_CHOICES } from './history-words'

/** Which changes to list: one listing or all, a kind, the days they were seen, one night. */
export function HistoryFilters({
  value,
  onChange
}: {
  value: Filters
  onChange: (next: Filters) => void
}) {
  const set = filterSetter(value, onChange)
  return (
    <FilterBar
      label="Filter changes"
      active={hasHistoryFilters(value)}
      onClear={() => onChange(NO_HISTORY_FILTERS)}
      second={
        <>
          <Text size="sm" fw={500} id="history-kind-label">
            Kind
          </Text>
          <SegmentedControl
            aria-labelledby="history-kind-label"
            data={HISTORY_KIND_CHOICES}
            value={value.kind ?? 'all'}
            onChange={(v) => set('kind', v === 'all' ? null : (v as HistoryKind))}
            size="sm"
          />
        </>
      }
    >
      <div style={{ width: 340 }}>
        <ListingPicker
          label="Listing"
          required={false}
          value={value.listingId}
          onChange={(id) => set('listingId', id)}
        />
      </div>
      <DatePickerInput
        type="range"
        label="Seen between"
        description="The days a sync found the changes"
        placeholder="Any day"
        value={value.seen}
        onChange={(range) => set('seen', [range[0] ?? null, range[1] ?? null])}
        allowSingleDateInRange
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the days seen' }}
        valueFormat="YYYY-MM-DD"
        // Days of the next and previous months are drawn too faint for AA in dark: left out.
        hideOutsideDates
        // The calendar pop-up is a dialog; Mantine names it by an element that has no text.
        popoverProps={{ attributes: { dropdown: { 'aria-label': 'Choose the days seen' } } }}
        // Mantine's placeholder span misses the theme's AA-tuned placeholder shade in dark.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        w={250}
      />
      <DateInput
        label="Night or day"
        description="Changes to that date only"
        placeholder="YYYY-MM-DD"
        valueFormat="YYYY-MM-DD"
        value={value.night}
        onChange={(v) => set('night', v)}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the night' }}
        hideOutsideDates
        popoverProps={{ attributes: { dropdown: { 'aria-label': 'Choose the night or day' } } }}
        w={170}
      />
    </FilterBar>
  )
}
