import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Skeleton, Stack, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { utcDateOf } from '@shared/domain/dates'
import { useNavigation } from '../../app/navigation'
import { useSavedScreenState } from '../../app/saved-state'
import { DataAgeNote } from '../../components/DataAgeNote'
import { useNow } from '../../components/use-now'
import { IpcError } from '../../ipc/client'
import { LiveSection } from './LiveSection'
import { MissesSection } from './MissesSection'
import { searchQuery } from './queries'
import { ResultsSection } from './ResultsSection'
import type { RowActions } from './ResultsTable'
import {
  firstSearch,
  formFieldOf,
  hasListingFilters,
  SavedSearchSchema,
  searchErrors,
  toSearchInput,
  type SearchSort,
  type SearchValues
} from './search-form'
import { SearchForm, type Refusal } from './SearchForm'

/**
 * The property manager's availability search: which listings can be booked for a stay (from the
 * offline copy, at once, with each one's price), why the others can't be, and the service's own
 * answer beside the copy's on request. The last search is kept per profile across restarts.
 */
export function AvailabilityScreen() {
  const nav = useNavigation()
  const today = utcDateOf(useNow(60_000))
  // A constant per visit: the saved-state hook reads it until the kept search is restored.
  const [first] = useState(() => firstSearch(today))
  const [saved, setSaved, { restored }] = useSavedScreenState(
    'availability.search',
    first,
    SavedSearchSchema
  )

  const input = useMemo(() => toSearchInput(saved.values, saved.sort), [saved])
  const problems = restored && saved.searched ? searchErrors(saved.values, today) : {}
  const runnable = restored && saved.searched && Object.keys(problems).length === 0
  const search = useQuery({ ...searchQuery(input), enabled: runnable })

  // Main refused a value the form let through: it goes on its field, as the form's own checks.
  const error = search.error
  const refusal = useMemo<Refusal | null>(() => {
    if (!(error instanceof IpcError) || error.code !== 'bad-input' || !error.field) return null
    const field = formFieldOf(error.field)
    return field ? { field, message: error.message } : null
  }, [error])

  const queryClient = useQueryClient()
  const run = (values: SearchValues) => {
    const next = toSearchInput(values, saved.sort)
    if (saved.searched && JSON.stringify(next) === JSON.stringify(input)) {
      void search.refetch()
      return
    }
    // Asked before React draws the new search (the whole screen, 10 to 25 ms): main is already
    // answering meanwhile, and the query drawn next finds the call under way and waits for it.
    if (Object.keys(searchErrors(values, today)).length === 0) {
      void queryClient.prefetchQuery(searchQuery(next))
    }
    setSaved({ values, sort: saved.sort, searched: true })
  }
  // One function for the form's whole life, calling the latest `run`: the form is memoised and
  // is not drawn again on each search (SearchForm).
  const latestRun = useRef(run)
  useLayoutEffect(() => {
    latestRun.current = run
  })
  const onSearch = useCallback((values: SearchValues) => latestRun.current(values), [])
  const sortBy = (sort: SearchSort) => setSaved({ ...saved, sort })

  const stay = {
    from: input.from,
    to: input.to,
    adults: Number(input.adults),
    childrenAges: (input.childrenAges ?? []).map(Number)
  }
  const actions: RowActions = {
    onOpen: nav.openListing,
    onQuote: (listingId) => nav.openQuote({ listingId, ...stay }),
    onCalendar: (listingId) => nav.openCalendar(listingId, stay.from.slice(0, 7))
  }
  const period = useMemo(() => ({ from: input.from, to: input.to }), [input])

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Availability</Title>
        <DataAgeNote resource="availability" />
        <Text size="sm" c="dimmed">
          Which listings a guest can book for a stay, with each one’s price, and why the others
          can’t be booked.
        </Text>
      </div>

      {restored ? (
        <SearchForm
          initial={saved.values}
          today={today}
          checkNow={saved.searched && !runnable}
          refusal={refusal}
          onSearch={onSearch}
        />
      ) : (
        <Skeleton height={190} radius="md" />
      )}

      {restored && saved.searched && !runnable && (
        <Text size="sm" c="dimmed" role="status">
          The last search can’t run again as it was: correct the highlighted fields, then Search.
        </Text>
      )}

      {runnable && (
        <>
          <ResultsSection
            search={search}
            input={input}
            sort={saved.sort}
            onSort={sortBy}
            actions={actions}
            onOpenSync={() => nav.go('sync')}
          />
          <MissesSection
            input={input}
            ready={!search.isPlaceholderData && (search.isSuccess || search.isError)}
            filtered={hasListingFilters(saved.values)}
            onOpen={nav.openListing}
          />
          <LiveSection period={period} search={input} onOpen={nav.openListing} />
        </>
      )}
    </Stack>
  )
}
