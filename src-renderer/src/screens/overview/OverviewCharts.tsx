import type { ReactNode } from 'react'
import { Paper, SimpleGrid, Table, Tabs, Text, Title } from '@mantine/core'
import { BarChart, LineChart } from '@mantine/charts'
import type { Overview, OverviewFigures } from '@shared/overview/overview.schema'
import { formatCents, formatNumber, formatWholeEuros } from '../../components/text'
import { monthLabel, monthName, rateText, shareText, valueText } from './overview-words'

/**
 * The overview's four charts, each with its figures as a table behind a tab: a chart's bars and
 * lines tell a screen reader nothing and a keyboard user cannot hover them, so the Table tab
 * holds exactly the figures drawn. The drawing is an image named for what it shows.
 */

interface Metric {
  id: string
  title: string
  /** The figure drawn (a number), and the same figure in words for the table. */
  value: (f: OverviewFigures) => number | null
  text: (f: OverviewFigures) => string
  format: (n: number) => string
  kind: 'bar' | 'line'
  color: string
}

const METRICS: Metric[] = [
  {
    id: 'unavailable',
    title: 'Unavailable share',
    value: (f) => (f.unavailableShare === null ? null : Math.round(f.unavailableShare * 1000) / 10),
    text: (f) => shareText(f.unavailableShare),
    format: (n) => `${n}%`,
    kind: 'bar',
    color: 'indigo.6'
  },
  {
    id: 'rate',
    title: 'Average published nightly rate',
    value: (f) => (f.averageRateCents === null ? null : f.averageRateCents / 100),
    text: (f) => rateText(f.averageRateCents),
    format: (n) => formatWholeEuros(n * 100),
    kind: 'line',
    color: 'teal.7'
  },
  {
    id: 'open-value',
    title: 'Value of open nights',
    value: (f) => f.openValueCents / 100,
    text: (f) => valueText(f.openValueCents, f.openUnpriced),
    format: (n) => formatWholeEuros(n * 100),
    kind: 'bar',
    color: 'blue.6'
  },
  {
    id: 'gap-nights',
    title: 'Gap nights',
    value: (f) => f.gapNights,
    text: (f) =>
      f.gapNights === 0
        ? '0'
        : `${formatNumber(f.gapNights)} (${valueText(f.gapValueCents, f.gapUnpriced)})`,
    format: (n) => formatNumber(n),
    kind: 'bar',
    color: 'orange.7'
  }
]

function ChartCard({
  metric,
  months,
  scope
}: {
  metric: Metric
  months: Overview['months']
  scope: string
}) {
  const data = months.map((m) => ({ month: monthLabel(m.month), value: metric.value(m.figures) }))
  const common = {
    h: 220,
    data,
    dataKey: 'month',
    series: [{ name: 'value', label: metric.title, color: metric.color }],
    valueFormatter: metric.format,
    accessibilityLayer: false,
    tooltipAnimationDuration: 0,
    withLegend: false
  }
  let chart: ReactNode
  if (metric.kind === 'line') {
    chart = <LineChart {...common} connectNulls={false} lineProps={{ isAnimationActive: false }} />
  } else {
    chart = <BarChart {...common} barProps={{ isAnimationActive: false }} />
  }
  const titleId = `overview-chart-${metric.id}`
  return (
    <Paper withBorder radius="md" p="sm" data-testid={titleId}>
      <Title order={3} size="h5" id={titleId} mb="xs">
        {metric.title} per month
      </Title>
      <Tabs defaultValue="chart" keepMounted={false}>
        <Tabs.List aria-label={`${metric.title}: chart or table`}>
          <Tabs.Tab value="chart">Chart</Tabs.Tab>
          <Tabs.Tab value="table">Table</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chart" pt="xs">
          <div
            role="img"
            aria-label={`${metric.title} per month, ${scope}, as a chart; the Table tab has the same figures.`}
          >
            {chart}
          </div>
        </Tabs.Panel>
        <Tabs.Panel value="table" pt="xs">
          <Table
            striped
            aria-labelledby={titleId}
            data-testid={`${titleId}-table`}
            verticalSpacing={4}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Month</Table.Th>
                <Table.Th scope="col" ta="right">
                  {metric.title}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Th scope="row" fw={400}>
                    {monthName(m.month)}
                  </Table.Th>
                  <Table.Td ta="right">{metric.text(m.figures)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Tabs.Panel>
      </Tabs>
    </Paper>
  )
}

export function OverviewCharts({ overview, scope }: { overview: Overview; scope: string }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {METRICS.map((m) => (
        <ChartCard key={m.id} metric={m} months={overview.months} scope={scope} />
      ))}
    </SimpleGrid>
  )
}

/** The period's figures at a glance, above the charts. */
export function OverviewTotals({ totals }: { totals: OverviewFigures }) {
  const items: [string, string, string][] = [
    ['unavailable', 'Unavailable', shareText(totals.unavailableShare)],
    ['rate', 'Average nightly rate', rateText(totals.averageRateCents)],
    ['open', 'Value of open nights', valueText(totals.openValueCents, totals.openUnpriced)],
    [
      'gaps',
      'Gap nights',
      totals.gapNights === 0
        ? '0'
        : `${formatNumber(totals.gapNights)} (${formatCents(totals.gapValueCents)})`
    ]
  ]
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {items.map(([id, label, value]) => (
        <Paper key={id} withBorder radius="md" p="sm" data-testid={`overview-total-${id}`}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} size="lg">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
