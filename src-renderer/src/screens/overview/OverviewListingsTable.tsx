import { memo, type MouseEvent } from 'react'
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query'
import type { OverviewListingRow, OverviewSort } from '@shared/overview/overview.schema'
import { formatCents, formatNumber, plural } from '../../components/text'
import {
  pagesForRange,
  pageWindow,
  rowAt,
  sameRow,
  type RowWindow
} from '../../components/row-window'
import type { SortState } from '../../components/table-model'
import { useVirtualRows, VirtualTable, type VirtualColumn } from '../../components/VirtualTable'
import classes from '../../components/VirtualTable.module.css'
import own from './OverviewListingsTable.module.css'
import { overviewQuery } from './queries'
import { rateText, shareText } from './overview-words'

/** Two lines of a name or region (OverviewListingsTable.module.css), and the cell's padding. */
const ROW_HEIGHT = 56

const COLUMNS: VirtualColumn<OverviewSort>[] = [
  { key: 'id', label: 'ID', width: 80, numeric: true, sortable: true },
  { key: 'name', label: 'Listing', sortable: true },
  { key: 'region', label: 'Region', width: 170, sortable: true },
  { key: 'unavailableShare', label: 'Unavailable', width: 116, numeric: true, sortable: true },
  { key: 'averageRate', label: 'Average rate', width: 124, numeric: true, sortable: true },
  { key: 'openValue', label: 'Value of open nights', width: 180, numeric: true, sortable: true },
  { key: 'gapNights', label: 'Gap nights', width: 104, numeric: true, sortable: true }
]

export interface ListingsTableView {
  region?: string
  month?: string
  sort: SortState<OverviewSort> | null
}

function inputOf(view: ListingsTableView, page: number) {
  return {
    ...(view.region ? { region: view.region } : {}),
    ...(view.month ? { month: view.month } : {}),
    ...(view.sort ? { sort: view.sort.key, descending: view.sort.dir === 'desc' } : {}),
    ...pageWindow(page)
  }
}

/** One listing's figures; its name is the button that opens its calendar. */
const Row = memo(
  function Row({ r, index }: { r: OverviewListingRow; index: number }) {
    const f = r.figures
    return (
      <tr
        className={`${classes.row} ${classes.clickable}`}
        aria-rowindex={index + 2}
        data-testid="overview-listing-row"
        data-listing-id={r.id}
      >
        <td className={`${classes.td} ${classes.cell} ${classes.num} ${classes.mono}`}>{r.id}</td>
        <td className={classes.td}>
          <button
            type="button"
            className={`mantine-focus-auto ${classes.nameButton} ${own.wrap} ${own.name}`}
            title={`${r.name}: open its calendar`}
          >
            {r.name}
          </button>
        </td>
        <td className={classes.td}>
          <span className={own.wrap} title={r.region ?? undefined}>
            {r.region ?? '—'}
          </span>
        </td>
        <td className={`${classes.td} ${classes.num}`}>{shareText(f.unavailableShare)}</td>
        <td className={`${classes.td} ${classes.num}`}>{rateText(f.averageRateCents)}</td>
        <td className={`${classes.td} ${classes.num}`}>
          {formatCents(f.openValueCents)}
          {f.openUnpriced > 0 && ' '}
          {f.openUnpriced > 0 && (
            <span className={own.note}>+{plural(f.openUnpriced, 'night')} without a rate</span>
          )}
        </td>
        <td className={`${classes.td} ${classes.num}`}>{formatNumber(f.gapNights)}</td>
      </tr>
    )
  },
  (a, b) => a.index === b.index && sameRow(a.r.figures, b.r.figures) && sameRow(a.r, b.r)
)

function LoadingRow({ index }: { index: number }) {
  return (
    <tr className={classes.row} aria-rowindex={index + 2}>
      <td className={classes.td} colSpan={COLUMNS.length}>
        Loading…
      </td>
    </tr>
  )
}

/**
 * The selected listings' figures for the period, as one long table (VirtualTable): rows are
 * fetched from main in windows as the range moves, so 10,000 listings never cross at once. A
 * header sorts the whole selection in main; Enter or a click on a name opens its calendar.
 */
export function OverviewListingsTable({
  view,
  total,
  onSort,
  onOpen,
  label
}: {
  view: ListingsTableView
  total: number
  onSort: (key: OverviewSort) => void
  onOpen: (id: number) => void
  label: string
}) {
  const virtual = useVirtualRows({ count: total, rowHeight: ROW_HEIGHT, overscan: 12 })
  const { head, others } = pagesForRange(virtual.first, virtual.last)
  const headQuery = useQuery({
    ...overviewQuery(inputOf(view, head)),
    placeholderData: keepPreviousData
  })
  const rest = useQueries({ queries: others.map((p) => overviewQuery(inputOf(view, p))) })
  const windows: RowWindow<OverviewListingRow>[] = []
  for (const q of [headQuery, ...rest]) if (q.data) windows.push(q.data.listings)

  const onClick = (e: MouseEvent<HTMLTableElement>) => {
    const row = (e.target as Element).closest('button')?.closest('tr')
    const id = Number(row?.getAttribute('data-listing-id'))
    if (row && Number.isInteger(id) && id > 0) onOpen(id)
  }
  return (
    <VirtualTable
      rows={virtual}
      total={total}
      label={label}
      columns={COLUMNS}
      sort={view.sort}
      onSort={onSort}
      busy={headQuery.isPlaceholderData}
      testId="overview-listings"
      minWidth={980}
      tableProps={{ onClick }}
      renderRow={(item) => {
        const r = rowAt(item.index, windows)
        return r ? (
          <Row key={item.key} r={r} index={item.index} />
        ) : (
          <LoadingRow key={item.key} index={item.index} />
        )
      }}
    />
  )
}
