import { useState } from 'react'
import { Button, Group, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Alert, AlertKind, AlertStatus } from '@shared/watch/alert.schema'
import { useNavigation } from '../../app/navigation'
import { useSyncRun, useSyncRunning } from '../../app/sync-run'
import { copyAgeTone } from '../../components/data-age'
import { withAgeFlags } from '../../components/data-source'
import { DataAgeText, useServiceOffline, useVia } from '../../components/DataAgeNote'
import { EmptyState } from '../../components/EmptyState'
import { ErrorAlert } from '../../components/ErrorAlert'
import { FilterBar, filterSetter } from '../../components/FilterBar'
import { ListingPicker } from '../../components/ListingPicker'
import { ListPages } from '../../components/ListPages'
import { notifyError } from '../../components/notify'
import { plural } from '../../components/text'
import { usePagedFilters } from '../../components/use-paged-filters'
import { useNow } from '../../components/use-now'
import { AlertDetail } from './AlertDetail'
import { AlertsTable } from './AlertsTable'
import { alertsInput, hasAlertFilters, NO_ALERT_FILTERS, type AlertFilters } from './alert-filters'
import {
  emptyText,
  emptyTitle,
  KIND_CHOICES,
  STATUS_LABEL,
  tabLabel,
  watchSourceText
} from './alert-words'
import { alertQuery, alertsQuery, rulesQuery, useSetAlertStatus } from './queries'

const PAGE_SIZE = 50
const STATUSES: AlertStatus[] = ['new', 'seen', 'dismissed']

/**
 * The portfolio watch's alerts (double bookings, guardrail hits, prices at booking), found after
 * each sync: New, Seen and Dismissed in tabs with their counts, filtered by kind and listing.
 * With an alert id in the route, that alert opened.
 */
export function AlertsScreen() {
  const nav = useNavigation()
  const alertId = nav.route.screen === 'alerts' ? nav.route.alertId : undefined
  const bar = usePagedFilters<AlertFilters>('alerts', NO_ALERT_FILTERS, PAGE_SIZE)
  const { filters, deferred, change, page, pager } = bar
  const offset = (page - 1) * PAGE_SIZE
  const list = useQuery(alertsQuery(alertsInput(deferred, { limit: PAGE_SIZE, offset })))
  const one = useQuery({ ...alertQuery(alertId ?? 0), enabled: alertId !== undefined })
  const rules = useQuery(rulesQuery)
  const setStatus = useSetAlertStatus()
  const qc = useQueryClient()
  const [busyId, setBusyId] = useState<number | null>(null)
  const now = useNow()
  const offline = useServiceOffline()
  const via = useVia()
  const syncRun = useSyncRun()
  const syncing = useSyncRunning()

  const lastRunAt = list.data?.lastRunAt ?? null
  const counts = list.data?.counts
  const total = list.data?.total ?? 0
  const filtered = hasAlertFilters(deferred)
  const set = filterSetter({ value: filters, onChange: change })

  const moveAlert = (alert: Alert, status: AlertStatus) => {
    setBusyId(alert.id)
    setStatus.mutate(
      { ids: [alert.id], status },
      {
        onError: (err) => notifyError(`${STATUS_LABEL[status]}: alert`, err),
        onSettled: () => setBusyId(null)
      }
    )
  }

  const source = list.data && (
    <DataAgeText tone={copyAgeTone(lastRunAt, offline, now)} testId="data-age">
      {withAgeFlags(watchSourceText(lastRunAt, now), lastRunAt, offline, now, 'full', via)}
    </DataAgeText>
  )

  if (alertId !== undefined) {
    return (
      <Stack gap="md">
        <div>
          <Title order={1}>Alerts</Title>
          {source}
        </div>
        {one.isError ? (
          <ErrorAlert
            title="The alert could not be read"
            error={one.error}
            onRetry={() => void one.refetch()}
          />
        ) : one.data === null ? (
          <EmptyState
            testId="alert-missing"
            title="This alert is no longer kept"
            action={<Button onClick={() => nav.go('alerts')}>Show the alerts</Button>}
          >
            The profile's alerts do not hold alert {alertId}: it may belong to another profile.
          </EmptyState>
        ) : one.data ? (
          <AlertDetail alert={one.data} onBack={() => nav.go('alerts')} />
        ) : (
          <Text c="dimmed">Reading the alert…</Text>
        )}
      </Stack>
    )
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Alerts</Title>
          {source}
        </div>
        {list.data && total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="alerts-count">
            {plural(total, `${filters.status} alert`)}
            {filtered ? ' match the filters' : ''}
          </Text>
        )}
      </Group>

      <Tabs
        value={filters.status}
        onChange={(v) => v && change({ ...filters, status: v as AlertStatus })}
      >
        <Tabs.List aria-label="Alerts by status">
          {STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`alerts-tab-${s}`}>
              {tabLabel(s, counts?.[s])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <FilterBar
        value={filters}
        onChange={change}
        label="Filter alerts"
        none={{ ...NO_ALERT_FILTERS, status: filters.status }}
        isSet={hasAlertFilters}
      >
        <Select
          label="Kind"
          data={KIND_CHOICES}
          value={filters.kind ?? 'all'}
          onChange={(v) => set('kind', !v || v === 'all' ? null : (v as AlertKind))}
          allowDeselect={false}
          w={220}
        />
        <div style={{ width: 340 }}>
          <ListingPicker
            label="Listing"
            required={false}
            value={filters.listingId}
            onChange={(id) => set('listingId', id)}
          />
        </div>
      </FilterBar>

      {list.isError ? (
        <ErrorAlert
          title="The alerts could not be read"
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data && total === 0 ? (
        <EmptyState
          testId="alerts-empty"
          title={emptyTitle(deferred.status, filtered)}
          action={
            filtered ? (
              <Button
                variant="default"
                onClick={() => change({ ...NO_ALERT_FILTERS, status: filters.status })}
              >
                Clear filters
              </Button>
            ) : deferred.status === 'new' ? (
              <Button onClick={() => syncRun.start(false)} loading={syncing}>
                Sync now
              </Button>
            ) : undefined
          }
        >
          {emptyText(deferred.status, filtered, rules.data, lastRunAt)}
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <AlertsTable
            items={list.data?.items}
            loading={list.isPending}
            actions={{
              open: (a) => {
                // The row already holds the alert: the opened view needs no search for it.
                qc.setQueryData(alertQuery(a.id).queryKey, a)
                nav.go({ screen: 'alerts', alertId: a.id })
              },
              openListing: nav.openListing,
              openBooking: nav.openBooking,
              setStatus: moveAlert,
              busyId
            }}
          />
        </Paper>
      )}

      <ListPages {...pager} total={total} label="Alert pages" />
    </Stack>
  )
}
