import type { HistoryKind } from '@shared/domain/history-words'
import { FilterBar, filterSetter, type FilterBarProps } from '../../components/FilterBar'
import { DayFilter, DaysFilter } from '../../components/filter-fields'
import { ListingPicker } from '../../components/ListingPicker'
import { SegmentedChoice } from '../../components/SegmentedChoice'
import {
  hasHistoryFilters,
  NO_HISTORY_FILTERS,
  type HistoryFilters as Filters
} from './history-filters'
import { HISTORY_KIND_CHOICES } from './history-words'

/** Which changes to list: one listing or all, a kind, the days they were seen, one night. */
export function HistoryFilters(bar: FilterBarProps<Filters>) {
  const { value } = bar
  const set = filterSetter(bar)
  return (
    <FilterBar
      {...bar}
      label="Filter changes"
      none={NO_HISTORY_FILTERS}
      isSet={hasHistoryFilters}
      second={
        <SegmentedChoice
          label="Kind"
          data={HISTORY_KIND_CHOICES}
          value={value.kind ?? 'all'}
          onChange={(v) => set('kind', v === 'all' ? null : (v as HistoryKind))}
          size="sm"
        />
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
      <DaysFilter
        label="Seen between"
        description="The days a sync found the changes"
        placeholder="Any day"
        value={value.seen}
        onChange={(range) => set('seen', range)}
        clearLabel="Clear the days seen"
        valueFormat="YYYY-MM-DD"
        // Days of the next and previous months are drawn too faint for AA in dark: left out.
        hideOutsideDates
        // The calendar pop-up is a dialog; Mantine names it by an element that has no text.
        popoverProps={{ attributes: { dropdown: { 'aria-label': 'Choose the days seen' } } }}
        w={250}
      />
      <DayFilter
        label="Night or day"
        description="Changes to that date only"
        value={value.night}
        onChange={(v) => set('night', v)}
        clearLabel="Clear the night"
        hideOutsideDates
        popoverProps={{ attributes: { dropdown: { 'aria-label': 'Choose the night or day' } } }}
        w={170}
      />
    </FilterBar>
  )
}
