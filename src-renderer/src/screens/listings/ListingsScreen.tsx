import { useCallback, useDeferredValue, useLayoutEffect, useRef } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigation } from '../../app/navigation'
import { syncStatusQuery } from '../../app/queries'
import { useSavedScreenState } from '../../app/saved-state'
import { useScreenState } from '../../app/screen-state'
import { useSyncRun } from '../../app/sync-run'
import { DataAgeNote } from '../../components/DataAgeNote'
import { EmptyState } from '../../components/EmptyState'
import { ErrorAlert } from '../../components/ErrorAlert'
import { notifyError, notifySuccess } from '../../components/notify'
import { ListingPageView } from './ListingPageView'
import { ListingsFilters, type FiltersPatch } from './ListingsFilters'
import { ListingsTable } from './ListingsTable'
import {
  listingTotalQuery,
  listingWindowQuery,
  portfolioSizeQuery,
  useExportListings
} from './queries'
import { pageWindow } from '../../components/row-window'
import {
  countText,
  exportedText,
  exportInput,
  hasFilters,
  INITIAL_VIEW,
  ListingsView,
  NO_FILTERS,
  nextSort,
  searchInput,
  type SortKey
} from './view-state'
import { GLANCE_NOTE, GLANCE_NOTE_ID } from './glance-words'
import classes from './ListingsScreen.module.css'

/**
 * Listings: the portfolio as a table, or one listing's full page ({screen:'listings',
 * listingId}). Back from a page returns to the table as it was: same filters, sort, scroll
 * position, and focus on the listing the person came from.
 */
export function ListingsScreen() {
  const nav = useNavigation()
  const [, setReturnTo] = useScreenState<number | null>('listings.returnTo', null)
  if (nav.listingId !== null) {
    const id = nav.listingId
    return (
      <ListingPageView
        key={id}
        id={id}
        onBack={() => {
          setReturnTo(id)
          nav.closeListing()
        }}
      />
    )
  }
  return <PortfolioView />
}

function PortfolioView() {
  const nav = useNavigation()
  // Filters and sort, per profile and across restarts; the scroll place for this session.
  const [view, setView, { restored }] = useSavedScreenState(
    'listings.view',
    INITIAL_VIEW,
    ListingsView
  )
  const [scroll, setScroll] = useScreenState('listings.scroll', 0)
  const [returnTo, setReturnTo] = useScreenState<number | null>('listings.returnTo', null)
  const heading = useRef<HTMLHeadingElement>(null)
  // No fixed typing delay: each keystroke asks main at once, and React lets typing stay ahead
  // of rendering the rows (a deferred value), so a fast typist never waits for the table.
  const deferred = useDeferredValue(view)
  // The count is the first window's total: the same read the table's first rows make, so a
  // keystroke asks main once and the count and the rows arrive in one answer, drawn once.
  const matching = useQuery({ ...listingTotalQuery(deferred), enabled: restored })
  const portfolio = useQuery(portfolioSizeQuery)
  const status = useQuery(syncStatusQuery)
  const syncRun = useSyncRun()
  const exporter = useExportListings()

  const total = matching.data
  const neverSynced = status.data?.resources.every((r) => r.phase === 'never') ?? false
  // Stable callbacks for the memoised filter fields and table (the saved state's setter is
  // new on every render): typing redraws the field typed in, not the table or the other fields.
  const qc = useQueryClient()
  const setViewRef = useRef(setView)
  const viewRef = useRef(view)
  useLayoutEffect(() => {
    setViewRef.current = setView
    viewRef.current = view
  })
  const patchFilters = useCallback<FiltersPatch>(
    (patch) => {
      const next = { ...viewRef.current, ...patch }
      // The first rows (and the count) are asked at the keystroke itself, not once React has
      // drawn the busy table and run its effects: the answer is on its way meanwhile, and the
      // table's own read of the same key joins it (one request per keystroke still).
      void qc.prefetchQuery(listingWindowQuery(searchInput(next, pageWindow(0))))
      setViewRef.current(next)
    },
    [qc]
  )
  const clearFilters = useCallback(
    () => setViewRef.current((v) => ({ ...NO_FILTERS, sort: v.sort })),
    []
  )
  const sortBy = useCallback(
    (key: SortKey) => setViewRef.current((v) => ({ ...v, sort: nextSort(v.sort, key) })),
    []
  )
  const leave = useCallback((offset: number) => setScroll(offset), [setScroll])
  const focused = useCallback(
    (found: boolean) => {
      setReturnTo(null)
      if (!found) heading.current?.focus()
    },
    [setReturnTo]
  )
  const exportCsv = () =>
    exporter.mutate(exportInput(view), {
      onSuccess: (saved) => {
        const text = exportedText(saved)
        // A cancelled save dialog is the person's choice: nothing to say.
        if (text) notifySuccess('Listings exported', text)
      },
      onError: (e) => notifyError('Export listings', e)
    })
  const startSync = () => {
    nav.go('sync')
    syncRun.start(false)
  }

  return (
    <Stack gap="sm" className={classes.screen}>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div>
          <Title order={1} ref={heading} tabIndex={-1}>
            Listings
          </Title>
          <DataAgeNote resource="listings" />
        </div>
        <Group gap="md" wrap="nowrap">
          {total !== undefined && portfolio.data !== undefined && (
            <Text c="dimmed" size="sm" data-testid="listings-count" aria-live="polite">
              {countText(total, portfolio.data)}
            </Text>
          )}
          <Button
            variant="default"
            onClick={exportCsv}
            loading={exporter.isPending}
            disabled={!total}
          >
            Export CSV
          </Button>
        </Group>
      </Group>

      <ListingsFilters value={view} onPatch={patchFilters} onClear={clearFilters} />
      <Text size="xs" c="dimmed" id={GLANCE_NOTE_ID} data-testid="listings-glance-note">
        {GLANCE_NOTE}
      </Text>

      {matching.isError ? (
        <ErrorAlert
          title="The listings could not be read"
          error={matching.error}
          onRetry={() => void matching.refetch()}
        />
      ) : total === 0 && neverSynced && status.data?.running ? (
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
      ) : total === 0 && !hasFilters(deferred) ? (
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
      ) : total === 0 ? (
        <EmptyState
          testId="listings-empty"
          title="No listings match these filters"
          action={
            <Button variant="default" onClick={clearFilters}>
              Clear filters
            </Button>
          }
        >
          Places match the start of their name, in the local language or in English. Try fewer
          filters or another search word.
        </EmptyState>
      ) : (
        <Paper withBorder radius="md" className={classes.tableBox}>
          <ListingsTable
            view={deferred}
            total={total ?? 0}
            enabled={restored}
            onSort={sortBy}
            onOpen={nav.openListing}
            initialScroll={scroll}
            onLeave={leave}
            focusListingId={returnTo}
            onFocused={focused}
          />
        </Paper>
      )}
    </Stack>
  )
}
