import { memo, useEffect, type FormEvent } from 'react'
import { Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core'
import { DatePickerInput } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { useIsFetching, useQuery } from '@tanstack/react-query'
import { daysBetween, isIsoDate } from '@shared/domain/dates'
import { stayWindow } from '@shared/domain/stay-limits'
import { useScreenState } from '../../app/screen-state'
import { mirrorKey } from '../../ipc/query-keys'
import { PlaceField } from '../../components/PlaceField'
import { ChildAges, GuestCounts, guestCountsOf } from '../../components/GuestCountFields'
import { listingFacetsQuery } from '../../app/queries'
import { pickedText } from './results-words'
import { hasFilters, NO_FILTERS, searchErrors, stayPresets, type SearchValues } from './search-form'
import { nightsText } from '../../components/text'

/** The stay's date range and the form's button, by the names tests and people use. */
const DATES_LABEL = 'Stay dates'
const SEARCH_LABEL = 'Search'

export interface Refusal {
  field: string
  message: string
}

interface SearchFormProps {
  /** The values the form starts from; read once, when the form is first shown. */
  initial: SearchValues
  today: string
  /** Show the remembered search's problems at once (a stay now in the past). */
  checkNow: boolean
  /** Main's refusal of a value, shown on its field. */
  refusal: Refusal | null
  onSearch: (values: SearchValues) => void
}

/**
 * The button shows a search running by itself: the form around it (date picker, place lists
 * of a whole portfolio) is not drawn again when a search starts and ends.
 */
function SearchButton() {
  const searching = useIsFetching({ queryKey: mirrorKey('availability', 'search') }) > 0
  return (
    <Button type="submit" loading={searching}>
      {SEARCH_LABEL}
    </Button>
  )
}

/**
 * The stay and the filters. What is typed outlives leaving the screen (per profile, in memory);
 * the search itself runs on Search or Enter, and the last one run is what the screen keeps.
 * Drawn again only when its own inputs change, not on every search the screen runs: at 10,000
 * listings that redraw was a good part of each search's time on the page.
 */
export const SearchForm = memo(
  SearchFormFields,
  (a, b) =>
    a.today === b.today &&
    a.checkNow === b.checkNow &&
    a.refusal === b.refusal &&
    a.onSearch === b.onSearch
)

function SearchFormFields({ initial, today, checkNow, refusal, onSearch }: SearchFormProps) {
  const [draft, setDraft] = useScreenState<SearchValues | null>('availability.draft', null)
  const form = useForm<SearchValues>({
    mode: 'controlled',
    initialValues: draft ?? initial,
    validate: (values) => searchErrors(values, today),
    onValuesChange: (values) => setDraft(values)
  })
  const facets = useQuery(listingFacetsQuery)

  useEffect(() => {
    if (checkNow) form.validate()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the remembered search
  }, [checkNow])
  useEffect(() => {
    if (refusal) form.setFieldError(refusal.field, refusal.message)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new refusal only
  }, [refusal])

  // Valid values with no problem shown search at once; Mantine's validation would set the
  // (still empty) errors anew and so draw every field of the form again on each search.
  const validSubmit = form.onSubmit(onSearch)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    const values = form.getValues()
    const clean =
      Object.keys(form.errors).length === 0 && Object.keys(searchErrors(values, today)).length === 0
    if (!clean) return validSubmit(e)
    e.preventDefault()
    onSearch(values)
  }

  const v = form.getValues()
  const [from, to] = v.dates
  const nights = isIsoDate(from) && isIsoDate(to) ? daysBetween(from, to) : 0
  const guests = guestCountsOf(form)

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label="Availability search">
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <DatePickerInput
              type="range"
              label={DATES_LABEL}
              required
              w={330}
              placeholder="Arrival – departure"
              valueFormatter={({ date }) => pickedText(date)}
              description={
                nights > 0 ? `Arrival to departure · ${nightsText(nights)}` : 'Arrival to departure'
              }
              value={v.dates}
              onChange={(d) => form.setFieldValue('dates', d)}
              error={form.errors.dates}
              minDate={today}
              // The service publishes availability for two years: later dates can't be picked.
              maxDate={stayWindow(today).last}
              numberOfColumns={2}
              hideOutsideDates
              presets={stayPresets(today)}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear the stay dates' }}
              // One id for the field and its calendar: Mantine otherwise labels the calendar
              // dialog by an id no element has (axe: aria-dialog-name).
              id="availability-dates"
              popoverProps={{ withinPortal: true, id: 'availability-dates' }}
            />
            <Group gap="sm" align="flex-start" wrap="nowrap" w={300}>
              <GuestCounts {...guests} />
            </Group>
          </Group>
          <ChildAges {...guests} />
          <Group align="flex-start" gap="sm" wrap="wrap" role="group" aria-label="Filters">
            <PlaceField
              w={170}
              label="Country"
              placeholder="Any"
              facets={facets.data?.countries}
              value={v.country}
              onChange={(c) => form.setFieldValue('country', c)}
              error={form.errors.country}
            />
            <PlaceField
              w={170}
              label="City"
              placeholder="Any"
              facets={facets.data?.cities}
              value={v.city}
              onChange={(c) => form.setFieldValue('city', c)}
              error={form.errors.city}
            />
            <NumberInput
              label="Min. bedrooms"
              placeholder="Any"
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              w={120}
              {...form.getInputProps('minBedrooms')}
            />
            <Select
              label="Booking type"
              placeholder="Any"
              clearable
              data={[
                { value: 'instant', label: 'Instant' },
                { value: 'onRequest', label: 'On request' }
              ]}
              w={140}
              {...form.getInputProps('bookingType')}
            />
            <NumberInput
              label="Min. total (EUR)"
              placeholder="Any"
              prefix="€"
              min={0}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              w={140}
              {...form.getInputProps('minPrice')}
            />
            <NumberInput
              label="Max. total (EUR)"
              placeholder="Any"
              prefix="€"
              min={0}
              decimalScale={2}
              allowNegative={false}
              thousandSeparator=","
              w={140}
              {...form.getInputProps('maxPrice')}
            />
          </Group>
          <Group gap="sm">
            <SearchButton />
            {hasFilters(v) && (
              <Button variant="subtle" onClick={() => form.setValues(NO_FILTERS)}>
                Clear filters
              </Button>
            )}
            <Text size="sm" c="dimmed">
              Enter in any field searches too.
            </Text>
          </Group>
        </Stack>
      </form>
    </Paper>
  )
}
