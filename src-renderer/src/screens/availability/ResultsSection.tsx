import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { AvailabilitySearchResult } from '@shared/ipc/availability.schema'
import { copyAgeTone } from '../../components/data-age'
import { DataAgeText, useVia } from '../../components/DataAgeNote'
import { EmptyState } from '../../components/EmptyState'
import { ErrorAlert } from '../../components/ErrorAlert'
import { useNow } from '../../components/use-now'
import { OutsidePriceListings } from './OutsidePriceListings'
import { ResultsTable, type RowActions } from './ResultsTable'
import {
  ESTIMATE_NOTE,
  ESTIMATE_NOTE_ID,
  filteredOutText,
  resultsHeadline,
  sourceText,
  stayText
} from './results-words'
import type { SearchInput, SearchSort } from './search-form'

/**
 * The bookable listings of the last search: how many, for how many nights, where the answer
 * comes from and how old it is, then the sortable table.
 */
export function ResultsSection({
  search,
  input,
  sort,
  onSort,
  actions,
  onOpenSync
}: {
  search: UseQueryResult<AvailabilitySearchResult>
  input: SearchInput
  sort: SearchSort
  onSort: (s: SearchSort) => void
  actions: RowActions
  onOpenSync: () => void
}) {
  const now = useNow()
  const via = useVia()
  const data = search.data
  const ages = (input.childrenAges ?? []).map(Number)
  const refused = search.isError && !data
  const outside = data
    ? data.outsidePrice.below + data.outsidePrice.above + data.outsidePrice.noEstimate
    : 0

  return (
    <Stack gap="xs" component="section" aria-labelledby="availability-results-title">
      <Title order={2} size="h3" id="availability-results-title">
        Bookable listings
      </Title>
      <Text size="sm" data-testid="availability-stay">
        {stayText(input.from, input.to, Number(input.adults), ages)}
      </Text>
      {refused ? (
        <ErrorAlert
          title="The search could not be run"
          error={search.error}
          onRetry={() => void search.refetch()}
        />
      ) : !data ? (
        <Stack gap="xs" aria-busy="true">
          <Text size="sm" c="dimmed">
            Searching the offline copy…
          </Text>
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : (
        <>
          <Group gap="xs" wrap="wrap" aria-live="polite" aria-busy={search.isPlaceholderData}>
            <Text
              fw={600}
              data-testid="availability-count"
              data-count={data.total}
              // The stay these rows answer (absent while an earlier search's rows stand in).
              data-stay={
                search.isPlaceholderData
                  ? undefined
                  : `${input.from}/${input.to}/${String(input.adults)}`
              }
            >
              {resultsHeadline(data.total)}
            </Text>
            {/* Flagged when older than a day; the service's reach is said under the title and in
                the live section, as the results never depend on it. */}
            <DataAgeText tone={copyAgeTone(data.asOf, false, now)} testId="availability-source">
              {sourceText(data.asOf, now, via)}
              {search.isPlaceholderData ? ' · searching…' : ''}
            </DataAgeText>
          </Group>
          <OutsidePriceListings
            outside={data.outsidePrice}
            minCents={input.minPriceCents}
            maxCents={input.maxPriceCents}
            actions={actions}
          />
          {filteredOutText(data.filteredOut) && (
            <Text size="sm" c="dimmed" data-testid="availability-filtered-out">
              {filteredOutText(data.filteredOut)}
            </Text>
          )}
          {data.total === 0 && data.asOf === null ? (
            <EmptyState
              testId="availability-empty"
              title="The offline copy has no calendars yet"
              action={
                <Button variant="default" onClick={onOpenSync}>
                  Open Sync
                </Button>
              }
            >
              The search reads the offline copy of the portfolio. Once the first sync has downloaded
              the calendars, searches work even without a connection.
            </EmptyState>
          ) : data.total === 0 && outside > 0 ? (
            <EmptyState
              testId="availability-empty"
              title="No bookable listing is in the price range"
            >
              Show the ones outside it above, with their estimates, or widen the range.
            </EmptyState>
          ) : data.total === 0 ? (
            <EmptyState testId="availability-empty" title="No listing can be booked for this stay">
              {data.filteredOut > 0
                ? 'Try fewer filters, or see below what keeps the listings they kept out.'
                : 'See below what keeps each listing out: one that breaks a single rule is the easiest to open up.'}
            </EmptyState>
          ) : (
            <>
              <Text
                size="xs"
                c="dimmed"
                id={ESTIMATE_NOTE_ID}
                data-testid="availability-estimate-note"
              >
                {ESTIMATE_NOTE}
              </Text>
              <Paper withBorder radius="md">
                <ResultsTable
                  input={input}
                  first={data}
                  sort={sort}
                  onSort={onSort}
                  busy={search.isFetching}
                  actions={actions}
                />
              </Paper>
            </>
          )}
        </>
      )}
    </Stack>
  )
}
