import { Select } from '@mantine/core'
import { BOOKING_STATUSES } from '@shared/api/booking.schema'
import { bookingStatusLabel } from '@shared/domain/booking-status'
import { FilterBar, filterSetter, type FilterBarProps } from '../../components/FilterBar'
import { DaysFilter, TextFilter } from '../../components/filter-fields'
import { hasFilters, NO_FILTERS, type RecentFilters } from './recent-filters'

const STATUS_CHOICES = BOOKING_STATUSES.map((s) => ({ value: s, label: bookingStatusLabel(s) }))

/**
 * Filters of the recent list: status, guest, listing and the stay's dates. On a team profile the
 * guest's box is a search of the team's kept bookings (id, own reference, guest name, e-mail).
 */
export function RecentFiltersBar({
  team,
  ...bar
}: FilterBarProps<RecentFilters> & { team: boolean }) {
  const { value } = bar
  const set = filterSetter(bar)
  return (
    <FilterBar {...bar} label="Filter bookings" none={NO_FILTERS} isSet={hasFilters}>
      {team && (
        <TextFilter
          label="Search the team's bookings"
          placeholder="Id, own reference, guest or e-mail"
          value={value.search ?? ''}
          onChange={(text) => set('search', text)}
          w={280}
        />
      )}
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_CHOICES}
        value={value.status}
        onChange={(v) => set('status', v)}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear status' }}
        searchable
        w={260}
      />
      {!team && (
        <TextFilter
          label="Guest name"
          placeholder="Start of first or last name"
          value={value.guest}
          onChange={(text) => set('guest', text)}
          w={220}
        />
      )}
      <TextFilter
        label="Listing"
        placeholder="Listing id or start of its name"
        value={value.listing}
        onChange={(text) => set('listing', text)}
        w={240}
      />
      <DaysFilter
        label="Stay dates"
        placeholder="Any dates"
        value={value.stay}
        onChange={(range) => set('stay', range)}
        clearLabel="Clear stay dates"
        valueFormat="D MMM YYYY"
        w={260}
        data-testid="bookings-stay-dates"
      />
    </FilterBar>
  )
}
