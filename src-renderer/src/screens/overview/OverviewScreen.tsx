import { useRef } from 'react'
import { Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { Overview, OverviewSort } from '@shared/overview/overview.schema'
import { scopeSentence } from '@shared/overview/scope-words'
import { useNavigation } from '../../app/navigation'
import { syncStatusQuery } from '../../app/queries'
import { useScreenState } from '../../app/screen-state'
import { DataAgeText } from '../../components/DataAgeNote'
import { dataAgeTone, oldestResource } from '../../components/data-age'
import { dataAgeText } from '../../components/data-source'
import { EmptyState } from '../../components/EmptyState'
import { ErrorAlert } from '../../components/ErrorAlert'
import { notifyError, notifySuccess } from '../../components/notify'
import { nextSort } from '../../components/table-model'
import { formatNumber, plural, savedText } from '../../components/text'
import { useNow } from '../../components/use-now'
import { GapNightsList } from './GapNightsList'
import { OverviewCharts, OverviewTotals } from './OverviewCharts'
import { OverviewListingsTable, type ListingsTableView } from './OverviewListingsTable'
import { monthName, rateText, shareText, valueText } from './overview-words'
import { overviewQuery, useExportOverview } from './queries'

const ALL_MONTHS = 'all'
const ALL_REGIONS = 'all'
/** The listings that name no region, as a choice of the filter. */
const NO_REGION_LABEL = 'No region'

/**
 * One line under the title: the overview reads the calendars and the rates, so it is as old as
 * the older of the two copies (the same line and tone as every screen's data age).
 */
function OverviewAge() {
  const status = useQuery(syncStatusQuery)
  const now = useNow()
  if (!status.data) return null
  const r = oldestResource(status.data, ['availability', 'rates'])
  if (!r) return null
  return (
    <DataAgeText tone={dataAgeTone(status.data, r, now)} testId="data-age">
      {dataAgeText(status.data, r, now)} (calendars and rates)
    </DataAgeText>
  )
}

/**
 * Overview: the portfolio's next twelve months from the offline copy, per month, region and
 * listing: the share of days the service marks unavailable (a booking or an owner's block: it
 * does not say which), the average published nightly rate, the value of the nights still open,
 * and gap nights. Charts with their tables, the listings' table, the gap list, a CSV export.
 */
export function OverviewScreen() {
  const nav = useNavigation()
  const [view, setView] = useScreenState<ListingsTableView>('overview.view', { sort: null })
  const heading = useRef<HTMLHeadingElement>(null)
  const input = {
    ...(view.region ? { region: view.region } : {}),
    ...(view.month ? { month: view.month } : {}),
    limit: 1
  }
  const overview = useQuery(overviewQuery(input))
  const exporter = useExportOverview()
  const o = overview.data

  const scope = `${view.region ?? 'the whole portfolio'}`
  const period = view.month ? monthName(view.month) : 'the next 12 months'
  const exportCsv = () =>
    exporter.mutate(
      {
        ...(view.region ? { region: view.region } : {}),
        ...(view.month ? { month: view.month } : {})
      },
      {
        onSuccess: (saved) => {
          const text = savedText(saved, 'row')
          if (text) notifySuccess('Overview exported', text)
        },
        onError: (e) => notifyError('Export the overview', e)
      }
    )
  const regionChoices = [
    { value: ALL_REGIONS, label: 'All regions' },
    ...(o?.regions ?? [])
      .filter((r) => r.region !== null)
      .map((r) => ({
        value: r.region!,
        label: `${r.region} (${plural(r.listings, 'listing')})`
      }))
  ]
  const monthChoices = [
    { value: ALL_MONTHS, label: 'Next 12 months' },
    ...(o?.months ?? []).map((m) => ({ value: m.month, label: monthName(m.month) }))
  ]

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} ref={heading} tabIndex={-1}>
            Overview
          </Title>
          <OverviewAge />
        </div>
        <Group gap="sm" align="flex-end">
          <Select
            label="Region"
            data={regionChoices}
            value={view.region ?? ALL_REGIONS}
            onChange={(v) =>
              setView((s) => ({ ...s, region: !v || v === ALL_REGIONS ? undefined : v }))
            }
            allowDeselect={false}
            w={220}
          />
          <Select
            label="Period"
            data={monthChoices}
            value={view.month ?? ALL_MONTHS}
            onChange={(v) =>
              setView((s) => ({ ...s, month: !v || v === ALL_MONTHS ? undefined : v }))
            }
            allowDeselect={false}
            w={190}
          />
          <Button
            variant="default"
            onClick={exportCsv}
            loading={exporter.isPending}
            disabled={!o || o.listings.total === 0}
          >
            Export CSV
          </Button>
        </Group>
      </Group>

      {overview.isError ? (
        <ErrorAlert
          title="The overview could not be worked out"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : !o ? (
        <Text size="sm">Reading the calendars and rates…</Text>
      ) : o.listings.total === 0 && !view.region ? (
        <EmptyState
          testId="overview-empty"
          title="No listings yet"
          action={
            <Button variant="default" onClick={() => nav.go('sync')}>
              Go to Sync
            </Button>
          }
        >
          The overview adds up the offline copy’s calendars and rates: sync once to download them.
        </EmptyState>
      ) : (
        <>
          <Text size="sm" data-testid="overview-scope">
            {`${scopeSentence({ region: view.region ?? null, listings: o.listings.total, month: view.month ?? null, today: o.today })} `}
            Unavailable: days the service marks not available, a booking or an owner’s block alike.
            Values are at published nightly rates.
          </Text>
          <OverviewTotals totals={o.totals} />
          <OverviewCharts overview={o} scope={scope} />

          <Paper withBorder radius="md" p="sm">
            <Title order={2} size="h4" id="overview-regions-title" mb="xs">
              Regions, {period}
            </Title>
            <RegionsTable regions={o.regions} selected={view.region} />
          </Paper>

          <Paper withBorder radius="md" p="sm">
            <Title order={2} size="h4" mb="xs">
              Listings, {period}
            </Title>
            <OverviewListingsTable
              view={view}
              total={o.listings.total}
              label={`Listings of ${scope}, ${period}`}
              onSort={(key: OverviewSort) =>
                setView((s) => ({ ...s, sort: nextSort(s.sort, key, true) }))
              }
              onOpen={(id) => nav.openCalendar(id, view.month)}
            />
          </Paper>

          <GapNightsList />
        </>
      )}
    </Stack>
  )
}

function RegionsTable({
  regions,
  selected
}: {
  regions: Overview['regions']
  selected: string | undefined
}) {
  return (
    <Table striped aria-labelledby="overview-regions-title" data-testid="overview-regions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Region</Table.Th>
          <Table.Th scope="col" ta="right">
            Listings
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Unavailable
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Average rate
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Value of open nights
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Gap nights
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {regions.map((r) => (
          <Table.Tr
            key={r.region ?? ''}
            aria-current={r.region !== null && r.region === selected ? 'true' : undefined}
            fw={r.region !== null && r.region === selected ? 600 : undefined}
          >
            <Table.Th scope="row" fw="inherit">
              {r.region ?? NO_REGION_LABEL}
              {r.region !== null && r.region === selected ? ' (selected)' : ''}
            </Table.Th>
            <Table.Td ta="right">{formatNumber(r.listings)}</Table.Td>
            <Table.Td ta="right">{shareText(r.figures.unavailableShare)}</Table.Td>
            <Table.Td ta="right">{rateText(r.figures.averageRateCents)}</Table.Td>
            <Table.Td ta="right">
              {valueText(r.figures.openValueCents, r.figures.openUnpriced)}
            </Table.Td>
            <Table.Td ta="right">{formatNumber(r.figures.gapNights)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
