import { JOURNAL_ACTIONS, JOURNAL_OUTCOMES } from '@shared/ipc/journal.schema'
import { FilterBar, filterSetter, type FilterBarProps } from '../../components/FilterBar'
import { AllSelect, DayFilter, TextFilter } from '../../components/filter-fields'
import { SegmentedChoice } from '../../components/SegmentedChoice'
import { ACTION_WORDS, OUTCOME_WORDS } from './journal-words'
import {
  hasJournalFilters,
  NO_JOURNAL_FILTERS,
  type JournalFilters as Filters
} from './journal-filters'

const SCOPES = [
  { value: 'all', label: 'All profiles' },
  { value: 'this', label: 'This profile only' }
]

/**
 * Which writes to list: action, outcome, booking, the days they were sent, whose profile; on a
 * team profile (`team`), who sent them instead of whose profile.
 */
export function JournalFilters({
  team = false,
  ...bar
}: FilterBarProps<Filters> & { team?: boolean }) {
  const { value } = bar
  const set = filterSetter(bar)
  return (
    <FilterBar
      {...bar}
      label="Filter writes"
      none={NO_JOURNAL_FILTERS}
      isSet={hasJournalFilters}
      second={
        team ? undefined : (
          <SegmentedChoice
            label="Profiles"
            data={SCOPES}
            value={value.thisProfileOnly ? 'this' : 'all'}
            onChange={(v) => set('thisProfileOnly', v === 'this')}
            size="xs"
          />
        )
      }
    >
      {team && (
        <TextFilter
          label="Person"
          placeholder="Who sent it"
          value={value.person ?? ''}
          onChange={(text) => set('person', text)}
          spellCheck={false}
          w={160}
        />
      )}
      <AllSelect
        label="Action"
        all="All actions"
        choices={JOURNAL_ACTIONS}
        words={ACTION_WORDS}
        value={value.action}
        onChange={(v) => set('action', v)}
        w={200}
      />
      <AllSelect
        label="Outcome"
        all="All outcomes"
        choices={JOURNAL_OUTCOMES}
        words={OUTCOME_WORDS}
        value={value.outcome}
        onChange={(v) => set('outcome', v)}
        w={170}
      />
      <TextFilter
        label="Booking id or reference"
        placeholder="SB12345678 or SD-…"
        value={value.booking}
        onChange={(text) => set('booking', text)}
        spellCheck={false}
        w={220}
      />
      <DayFilter
        label="Sent from"
        clearLabel="Clear the start date"
        value={value.from}
        onChange={(v) => set('from', v)}
        w={150}
      />
      <DayFilter
        label="Sent to"
        clearLabel="Clear the end date"
        value={value.to}
        onChange={(v) => set('to', v)}
        w={150}
      />
    </FilterBar>
  )
}
