import { memo, useEffect, useMemo, type MouseEvent } from 'react'
import { useQueries } from '@tanstack/react-query'
import type { AvailabilitySearchResult, AvailableListing } from '@shared/ipc/availability.schema'
import { formatNumber, nightsText } from '../../components/text'
import { blocksFor, rowAt, sameRow, type RowWindow } from '../../components/row-window'
import { useVirtualRows, VirtualTable, type VirtualColumn } from '../../components/VirtualTable'
import { RESULTS_WINDOW, resultsWindowQuery } from './queries'
import {
  bookingTypeLabel,
  ESTIMATE_NOTE_ID,
  estimateText,
  nightlyText,
  placeText
} from './results-words'
import { nextSort, type SearchInput, type SearchSort } from './search-form'
import { listingLabel } from '../../components/listing-label'
import classes from '../../components/VirtualTable.module.css'

const ROW_HEIGHT = 45

export interface RowActions {
  onOpen: (id: number) => void
  onQuote: (id: number) => void
  onCalendar: (id: number) => void
}

/** What a row's buttons do; the table handles their clicks and keys once, for every row. */
type RowAction = 'open' | 'quote' | 'calendar'

/**
 * One bookable listing, as plain elements drawn like Mantine's (VirtualTable.module.css): a
 * search redraws every row in view, and a Mantine component per cell and button (props, styles,
 * context) cost a new search more than main's answer did. Clicks and keys are handled on the
 * table, so a row's props are its data alone and an unchanged row is skipped.
 */
const Row = memo(
  function Row({ l, index }: { l: AvailableListing; index: number }) {
    const place = placeText(l.city, l.country)
    const estimate = estimateText(l.estimateCents)
    return (
      <tr
        className={classes.row}
        data-testid="availability-result"
        data-listing-id={l.listingId}
        aria-rowindex={index + 2}
      >
        <td className={`${classes.td} ${classes.cell}`}>
          <button
            type="button"
            data-action={'open' satisfies RowAction}
            className={`mantine-focus-auto ${classes.nameWithId}`}
            title={listingLabel(l.name, l.listingId)}
            aria-label={`${listingLabel(l.name, l.listingId)}: open the listing page`}
          >
            {/* The id stays in sight when a long name is cut: names repeat, ids don't. */}
            {/* The visible words are the accessible name's start: "Name (id)" (axe). */}
            <span className={classes.nameText}>{l.name}</span>{' '}
            <span className={classes.nameId}>({l.listingId})</span>
          </button>
        </td>
        <td className={`${classes.td} ${classes.cell}`} title={place}>
          {place}
        </td>
        <td className={`${classes.td} ${classes.num}`}>{formatNumber(l.bedrooms)}</td>
        <td className={`${classes.td} ${classes.num}`}>{formatNumber(l.maxGuest)}</td>
        <td className={`${classes.td} ${classes.cell}`}>{bookingTypeLabel(l.bookingType)}</td>
        <td
          className={`${classes.td} ${classes.num} ${classes.cell}`}
          data-testid="result-estimate"
        >
          {l.estimateCents === null ? (
            <span className={classes.dimmedSmall} title={estimate}>
              {estimate}
            </span>
          ) : (
            <span className={classes.strong} data-cents={l.estimateCents}>
              {estimate}
            </span>
          )}
        </td>
        <td className={`${classes.td} ${classes.num} ${classes.cell}`} data-testid="result-nightly">
          {l.nightlyCents === null ? (
            <span className={classes.dimmedSmall}>{nightlyText(null)}</span>
          ) : (
            <span data-cents={l.nightlyCents}>{nightlyText(l.nightlyCents)}</span>
          )}
        </td>
        <td className={classes.td}>
          <span className={classes.actions}>
            <button
              type="button"
              data-action={'quote' satisfies RowAction}
              className={`mantine-focus-auto ${classes.action} ${classes.light}`}
              aria-label={`Quote ${listingLabel(l.name, l.listingId)}`}
            >
              Quote
            </button>
            <button
              type="button"
              data-action={'calendar' satisfies RowAction}
              className={`mantine-focus-auto ${classes.action} ${classes.outline}`}
              aria-label={`Calendar of ${listingLabel(l.name, l.listingId)}`}
            >
              Calendar
            </button>
          </span>
        </td>
      </tr>
    )
  },
  (a, b) => a.index === b.index && sameRow(a.l, b.l)
)

/** A row whose window of results has not arrived yet (a moment, while scrolling fast). */
const LoadingRow = memo(function LoadingRow({ index }: { index: number }) {
  return (
    <tr className={classes.row} data-testid="availability-result-loading" aria-rowindex={index + 2}>
      <td className={`${classes.td} ${classes.loading}`} colSpan={8}>
        Loading…
      </td>
    </tr>
  )
})

type ColumnKey =
  SearchSort['key'] | 'place' | 'bedrooms' | 'guests' | 'booking' | 'nightly' | 'actions'

/**
 * Every bookable listing as one long table (VirtualTable: a search can find thousands). The
 * search's answer brings the first window of rows; the others are asked for (RESULTS_WINDOW at a
 * time, in the same order) as the view reaches them. Tab goes through each row's name, Quote and
 * Calendar; Arrow Up/Down, Page Up/Down, Home and End move to the same button of another row.
 */
export function ResultsTable({
  input,
  first,
  sort,
  onSort,
  busy,
  actions
}: {
  input: SearchInput
  /** The search's answer: the count and the first window of rows. */
  first: AvailabilitySearchResult
  sort: SearchSort
  onSort: (s: SearchSort) => void
  busy: boolean
  actions: RowActions
}) {
  const total = first.total
  const virtual = useVirtualRows({
    count: total,
    rowHeight: ROW_HEIGHT,
    // A few rows beyond the view: each one drawn costs every new search its time.
    overscan: 5
  })
  const { virtualizer } = virtual
  // The windows the rows in view lie in, beyond the first (which the answer brought).
  const offsets = blocksFor(virtual.first, virtual.last, RESULTS_WINDOW).filter(
    (offset) => offset >= first.rows.length
  )
  const windows = useQueries({
    queries: offsets.map((offset) => resultsWindowQuery(input, offset))
  })
  const loaded: RowWindow<AvailableListing>[] = [{ offset: 0, items: first.rows }]
  for (const w of windows) if (w.data) loaded.push({ offset: w.data.offset, items: w.data.rows })

  // A new order or search starts at the top. Only a scrolled table is moved: scrolling works
  // out the table's height, a layout of the whole page, which cost every search its time even
  // when the table was already at the top. The offset is the one the virtualizer keeps from
  // scroll events, so checking it reads no layout.
  const top = first.rows[0]?.listingId
  useEffect(() => {
    if ((virtualizer.scrollOffset ?? 0) > 0) virtualizer.scrollToOffset(0)
  }, [sort.key, sort.dir, top, virtualizer])

  const columns = useMemo<VirtualColumn<ColumnKey>[]>(
    () => [
      { key: 'name', label: 'Name', sortable: true },
      { key: 'place', label: 'Place', width: 150 },
      { key: 'bedrooms', label: 'Bedrooms', width: 90, numeric: true },
      { key: 'guests', label: 'Guests', width: 70, numeric: true },
      { key: 'booking', label: 'Booking', width: 90 },
      {
        key: 'price',
        label: `Estimate, ${nightsText(first.nights)}`,
        width: 150,
        numeric: true,
        sortable: true
      },
      // The total divided by the nights (ESTIMATE_NOTE above the table says so).
      { key: 'nightly', label: 'Per night', width: 104, numeric: true },
      { key: 'actions', label: 'Actions', width: 164, hiddenLabel: true }
    ],
    [first.nights]
  )
  const sortColumn = (key: ColumnKey) => {
    if (key === 'name' || key === 'price') onSort(nextSort(sort, key))
  }

  // One handler for the rows' clicks (see Row).
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const button = (e.target as Element).closest?.<HTMLButtonElement>('button[data-action]')
    const row = button?.closest<HTMLElement>('tr[data-listing-id]')
    if (!button || !row) return
    const id = Number(row.dataset.listingId)
    const action = button.dataset.action as RowAction
    if (action === 'open') actions.onOpen(id)
    else if (action === 'quote') actions.onQuote(id)
    else actions.onCalendar(id)
  }

  return (
    <VirtualTable
      rows={virtual}
      total={total}
      label="Bookable listings"
      columns={columns}
      sort={sort}
      onSort={sortColumn}
      busy={busy}
      testId="availability-results"
      minWidth={960}
      verticalSpacing={6}
      tableProps={{ onClick, 'aria-describedby': ESTIMATE_NOTE_ID }}
      renderRow={(item) => {
        const l = rowAt(item.index, loaded)
        return l ? (
          <Row key={item.key} l={l} index={item.index} />
        ) : (
          <LoadingRow key={item.key} index={item.index} />
        )
      }}
    />
  )
}
