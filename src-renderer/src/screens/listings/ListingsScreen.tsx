import { useDeferredValue } from 'react'
import { Button, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { CommandInput } from '@shared/ipc/contract'
import type { ListingSort } from '@shared/ipc/views.schema'
import { useNavigation } from '../../app/navigation'
import { syncStatusQuery } from '../../app/queries'
import { useScreenState } from '../../app/screen-state'
import { useSyncRun } from '../../app/sync-run'
import { DataAgeNote } from '../../components/DataAgeNote'
import { EmptyState } from '../../components/EmptyState'
import { ErrorAlert } from '../../components/ErrorAlert'
import { formatNumber } from '../../components/format'
import { ListingDrawer } from './ListingDrawer'
import { hasFilters, ListingsFilters, NO_FILTERS, type Filters } from './ListingsFilters'
import { ListingsTable } from './ListingsTable'
import { listingSearchQuery } from './queries'

const PAGE_SIZES = ['25', '50', '100', '200']

function toInput(
  f: Filters,
  sort: ListingSort | undefined,
  limit: number,
  offset: number
): CommandInput<'listings:search'> {
  const text = (s: string) => s.trim() || undefined
  return {
    text: text(f.text),
    country: text(f.country),
    region: text(f.region),
    city: text(f.city),
    minGuests: f.minGuests ?? undefined,
    minBedrooms: f.minBedrooms ?? undefined,
    bookingType: f.bookingType ?? undefined,
    active: f.activeOnly ? true : undefined,
    sort,
    limit,
    offset
  }
}

export function ListingsScreen() {
  const nav = useNavigation()
  // Kept while the person works on other screens: coming back shows the same rows.
  const [filters, setFilters] = useScreenState<Filters>('listings.filters', NO_FILTERS)
  const [sort, setSort] = useScreenState<ListingSort | undefined>('listings.sort', undefined)
  const [page, setPage] = useScreenState('listings.page', 1)
  const [pageSize, setPageSize] = useScreenState('listings.pageSize', 50)
  // No fixed typing delay: each keystroke asks the mirror at once, and React lets typing stay
  // ahead of rendering the rows (a deferred value), so a fast typist never waits for a table.
  const deferred = useDeferredValue(filters)
  const search = useQuery(
    listingSearchQuery(toInput(deferred, sort, pageSize, (page - 1) * pageSize))
  )
  const status = useQuery(syncStatusQuery)
  const syncRun = useSyncRun()

  const changeFilters = (next: Filters) => {
    setFilters(next)
    setPage(1)
  }
  const changeSort = (next: ListingSort | undefined) => {
    setSort(next)
    setPage(1)
  }
  const total = search.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  const neverSynced = status.data?.resources.every((r) => r.phase === 'never') ?? false
  const startSync = () => {
    nav.go('sync')
    syncRun.start(false)
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Listings</Title>
          <DataAgeNote resource="listings" />
        </div>
        {search.data && (
          <Text c="dimmed" size="sm" data-testid="listings-count" aria-live="polite">
            {total === 0
              ? 'No listings'
              : `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)}`}
          </Text>
        )}
      </Group>

      <ListingsFilters value={filters} onChange={changeFilters} />

      {search.isError ? (
        <ErrorAlert
          title="The listings could not be read"
          error={search.error}
          onRetry={() => void search.refetch()}
        />
      ) : search.data && total === 0 && neverSynced && status.data?.running ? (
        <EmptyState
          testId="listings-syncing"
          title="Downloading the portfolio…"
          action={
            <Button variant="default" onClick={() => nav.go('sync')}>
              Show sync progress
            </Button>
          }
        >
          This is the first sync of this profile. Listings appear here as soon as they arrive;
          follow the details on the Sync screen.
        </EmptyState>
      ) : search.data && total === 0 && !hasFilters(deferred) ? (
        <EmptyState
          testId="listings-empty"
          title={neverSynced ? 'No data yet — run a sync' : 'This portfolio has no listings'}
          action={
            <Button onClick={startSync} loading={syncRun.isPending}>
              Sync now
            </Button>
          }
        >
          {neverSynced
            ? 'StayDesk works on an offline copy of the portfolio. Sync once to download the listings of this profile; after that they are available even without a connection.'
            : 'The last sync found no listings for this sales channel. Sync again, or check the profile’s sales channel on the Profiles screen.'}
        </EmptyState>
      ) : search.data && total === 0 ? (
        <EmptyState
          testId="listings-empty"
          title="No listings match these filters"
          action={
            <Button variant="default" onClick={() => changeFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          }
        >
          Places match the start of their name, in the local language or in English. Try fewer
          filters or another search word.
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <ListingsTable
            items={search.data?.items}
            loading={search.isPending}
            pageSize={pageSize}
            sort={sort}
            onSort={changeSort}
            onOpen={nav.openListing}
          />
        </Paper>
      )}

      {total > 0 && (
        <Group justify="space-between">
          <Select
            aria-label="Rows per page"
            data={PAGE_SIZES}
            value={String(pageSize)}
            onChange={(v) => {
              setPageSize(Number(v ?? 50))
              setPage(1)
            }}
            w={90}
            allowDeselect={false}
          />
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={setPage}
            aria-label="Listing pages"
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': 'Previous page' }
                : control === 'next'
                  ? { 'aria-label': 'Next page' }
                  : {}
            }
          />
        </Group>
      )}

      <ListingDrawer id={nav.listingId} onClose={nav.closeListing} />
    </Stack>
  )
}
