import { SegmentedControl, Select, Text, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { JOURNAL_ACTIONS, JOURNAL_OUTCOMES } from '@shared/ipc/journal.schema'
import { FilterBar, filterSetter } from '../../components/FilterBar'
import {
  ACTION_WORDS,
  OUTCOME_WORDS,
  type JournalAction,
  type JournalOutcome
} from './journal-words'
import {
  hasJournalFilters,
  NO_JOURNAL_FILTERS,
  type JournalFilters as Filters
} from './journal-filters'

/** "All" is a choice of its own: reachable by keyboard like any other (no clear button). */
const ALL = 'all'
const ACTIONS = [
  { value: ALL, label: 'All actions' },
  ...JOURNAL_ACTIONS.map((a) => ({ value: a, label: ACTION_WORDS[a] }))
]
const OUTCOMES = [
  { value: ALL, label: 'All outcomes' },
  ...JOURNAL_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_WORDS[o] }))
]

/** Which writes to list: action, outcome, booking, the days they were sent, whose profile. */
export function JournalFilters({
  value,
  onChange
}: {
  value: Filters
  onChange: (next: Filters) => void
}) {
  const set = filterSetter(value, onChange)
  return (
    <FilterBar
      label="Filter writes"
      active={hasJournalFilters(value)}
      onClear={() => onChange(NO_JOURNAL_FILTERS)}
      second={
        <>
          <Text size="sm" fw={500} id="journal-scope-label">
            Profiles
          </Text>
          <SegmentedControl
            aria-labelledby="journal-scope-label"
            data={[
              { value: 'all', label: 'All profiles' },
              { value: 'this', label: 'This profile only' }
            ]}
            value={value.thisProfileOnly ? 'this' : 'all'}
            onChange={(v) => set('thisProfileOnly', v === 'this')}
            size="xs"
          />
        </>
      }
    >
      <Select
        label="Action"
        data={ACTIONS}
        value={value.action ?? ALL}
        onChange={(v) => set('action', !v || v === ALL ? null : (v as JournalAction))}
        allowDeselect={false}
        withScrollArea={false}
        w={200}
      />
      <Select
        label="Outcome"
        data={OUTCOMES}
        value={value.outcome ?? ALL}
        onChange={(v) => set('outcome', !v || v === ALL ? null : (v as JournalOutcome))}
        allowDeselect={false}
        withScrollArea={false}
        w={170}
      />
      <TextInput
        label="Booking id or reference"
        placeholder="SB12345678 or SD-…"
        value={value.booking}
        onChange={(e) => set('booking', e.currentTarget.value)}
        spellCheck={false}
        w={220}
      />
      <DateInput
        label="Sent from"
        clearButtonProps={{ 'aria-label': 'Clear the start date' }}
        placeholder="YYYY-MM-DD"
        valueFormat="YYYY-MM-DD"
        value={value.from}
        onChange={(v) => set('from', v)}
        clearable
        w={150}
      />
      <DateInput
        label="Sent to"
        clearButtonProps={{ 'aria-label': 'Clear the end date' }}
        placeholder="YYYY-MM-DD"
        valueFormat="YYYY-MM-DD"
        value={value.to}
        onChange={(v) => set('to', v)}
        clearable
        w={150}
      />
    </FilterBar>
  )
}
