import { Select, TextInput } from '@mantine/core'
import { DatePickerInput } from '@mantine/dates'
import { BOOKING_STATUSES } from '@shared/api/booking.schema'
import { bookingStatusLabel } from '@shared/domain/booking-status'
import { FilterBar, filterSetter } from '../../components/FilterBar'
import { hasFilters, NO_FILTERS, type RecentFilters } from './recent-filters'

const STATUS_CHOICES = BOOKING_STATUSES.map((s) => ({ value: s, label: bookingStatusLabel(s) }))

/** Filters of the recent list: status, guest, listing and the stay's dates. */
export function RecentFiltersBar({
  value,
  onChange
}: {
  value: RecentFilters
  onChange: (next: RecentFilters) => void
}) {
  const set = filterSetter(value, onChange)
  return (
    <FilterBar
      label="Filter bookings"
      active={hasFilters(value)}
      onClear={() => onChange(NO_FILTERS)}
    >
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
      <TextInput
        label="Guest name"
        placeholder="Start of first or last name"
        value={value.guest}
        onChange={(e) => set('guest', e.currentTarget.value)}
        w={220}
      />
      <TextInput
        label="Listing"
        placeholder="Listing id or start of its name"
        value={value.listing}
        onChange={(e) => set('listing', e.currentTarget.value)}
        w={240}
      />
      <DatePickerInput
        type="range"
        label="Stay dates"
        placeholder="Any dates"
        value={value.stay}
        onChange={(range) => set('stay', [range[0] ?? null, range[1] ?? null])}
        allowSingleDateInRange
        clearable
        clearButtonProps={{ 'aria-label': 'Clear stay dates' }}
        valueFormat="D MMM YYYY"
        // Mantine's placeholder span misses the theme's AA-tuned placeholder shade in dark.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        w={260}
        data-testid="bookings-stay-dates"
      />
    </FilterBar>
  )
}
