import { useEffect } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigation } from '../../app/navigation'
import { syncStatusQuery } from '../../app/queries'
import { useSyncRun, useSyncRunning } from '../../app/sync-run'
import { EmptyState } from '../../components/EmptyState'
import { ErrorAlert } from '../../components/ErrorAlert'
import { ListPages } from '../../components/ListPages'
import { usePagedFilters } from '../../components/use-paged-filters'
import { useNow } from '../../components/use-now'
import { HistoryFilters } from './HistoryFilters'
import { HistoryTable } from './HistoryTable'
import {
  hasHistoryFilters,
  historyInput,
  NO_HISTORY_FILTERS,
  type HistoryFilters as Filters
} from './history-filters'
import { emptyWords, historyCountText, historySourceText } from './history-words'
import { historyQuery } from './queries'

const PAGE_SIZE = 50

/**
 * What the syncs found changed across the portfolio or for one listing: prices of nights, days
 * opened or closed, listing fields, newest first, from the offline copy.
 */
export function HistoryScreen() {
  const nav = useNavigation()
  const { filters, setFilters, deferred, change, page, setPage, pager } = usePagedFilters<Filters>(
    'history',
    NO_HISTORY_FILTERS,
    PAGE_SIZE
  )
  const routeListing = nav.route.screen === 'history' ? nav.route.listingId : undefined

  // Opened for one listing (a listing page's "History"): that listing, whatever was kept.
  useEffect(() => {
    if (routeListing === undefined) return
    setFilters((f) => ({ ...f, listingId: String(routeListing) }))
    setPage(1)
  }, [nav.route, routeListing, setFilters, setPage])

  const offset = (page - 1) * PAGE_SIZE
  const list = useQuery(historyQuery(historyInput(deferred, { limit: PAGE_SIZE, offset })))
  const status = useQuery(syncStatusQuery)
  const now = useNow()
  const syncRun = useSyncRun()
  const syncing = useSyncRunning() || !!status.data?.running

  const total = list.data?.total ?? 0
  const neverSynced = status.data?.resources.every((r) => r.phase === 'never') ?? false
  const source = status.data ? historySourceText(status.data, deferred.kind, now) : null
  const empty = emptyWords(hasHistoryFilters(deferred), neverSynced)

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>History</Title>
          {source && (
            <Text size="sm" c={status.data?.offline ? 'orange' : 'dimmed'} data-testid="data-age">
              {source}
            </Text>
          )}
        </div>
        {/* An empty list says so below, in full: the count would only repeat it. */}
        {list.data && total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="history-count">
            {historyCountText(total, offset, list.data.items.length)}
          </Text>
        )}
      </Group>

      <HistoryFilters value={filters} onChange={change} />

      {list.isError ? (
        <ErrorAlert
          title="The history could not be read"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data && total === 0 ? (
        <EmptyState
          testId="history-empty"
          title={empty.title}
          action={
            hasHistoryFilters(deferred) ? (
              <Button variant="default" onClick={() => change(NO_HISTORY_FILTERS)}>
                Clear filters
              </Button>
            ) : (
              <Button onClick={() => syncRun.start(false)} loading={syncing}>
                Sync now
              </Button>
            )
          }
        >
          {empty.text}
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <HistoryTable
            items={list.data?.items}
            loading={list.isPending}
            onOpenListing={nav.openListing}
          />
        </Paper>
      )}

      <ListPages {...pager} total={total} label="History pages" />
    </Stack>
  )
}
