import { memo, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react'
import { Table, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { AvailabilitySearchResult, AvailableListing } from '@shared/ipc/availability.schema'
import { formatNumber } from '../../components/format'
import { rowAt, sameRow, type RowWindow } from '../../components/row-window'
import { blocksFor } from '../calendar/timeline-words'
import { RESULTS_WINDOW, resultsWindowQuery } from './queries'
import { bookingTypeLabel, estimateText, nightsText, placeText } from './results-words'
import { nextSort, type SearchInput, type SearchSort } from './search-form'
import { listingLabel } from '../../components/listing-label'
import classes from './ResultsTable.module.css'

const ROW_HEIGHT = 45
const HEADER_HEIGHT = 41

export interface RowActions {
  onOpen: (id: number) => void
  onQuote: (id: number) => void
  onCalendar: (id: number) => void
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  numeric
}: {
  label: string
  sortKey: SearchSort['key']
  sort: SearchSort
  onSort: (s: SearchSort) => void
  numeric?: boolean
}) {
  const dir = sort.key === sortKey ? sort.dir : undefined
  return (
    <Table.Th
      ta={numeric ? 'right' : undefined}
      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
      w={numeric ? 150 : undefined}
    >
      <UnstyledButton
        className={classes.sortButton}
        onClick={() => onSort(nextSort(sort, sortKey))}
        aria-label={`Sort by ${label}`}
      >
        {label}
        <span aria-hidden className={classes.sortMark}>
          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  )
}

/** What a row's buttons do; the table handles their clicks and keys once, for every row. */
type RowAction = 'open' | 'quote' | 'calendar'

/**
 * One bookable listing, as plain elements drawn like Mantine's (ResultsTable.module.css): a
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
            className={`mantine-focus-auto ${classes.nameButton}`}
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
            <span className={classes.noEstimate} title={estimate}>
              {estimate}
            </span>
          ) : (
            <span className={classes.estimate} data-cents={l.estimateCents}>
              {estimate}
            </span>
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
      <td className={`${classes.td} ${classes.loading}`} colSpan={7}>
        Loading…
      </td>
    </tr>
  )
})

/**
 * Every bookable listing as one long table (a search can find thousands): only the rows in
 * view exist (@tanstack/react-virtual), spacer rows stand for the rest, so the header and the
 * columns stay one real table. The search's answer brings the first window of rows; the others
 * are asked for (RESULTS_WINDOW at a time, in the same order) as the view reaches them. Tab goes through each row's name, Quote and Calendar; Arrow
 * Up/Down moves to the same button of the row above or below.
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
  const scrollRef = useRef<HTMLDivElement>(null)
  const total = first.total
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders through its own onChange; this component reads it fresh on every render
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // A few rows beyond the view: each one drawn costs every new search its time.
    overscan: 5,
    scrollPaddingStart: HEADER_HEIGHT,
    useFlushSync: false
  })
  const items = virtualizer.getVirtualItems()
  // The windows the rows in view lie in, beyond the first (which the answer brought).
  const offsets = blocksFor(
    items[0]?.index ?? 0,
    items[items.length - 1]?.index ?? -1,
    RESULTS_WINDOW
  ).filter((offset) => offset >= first.rows.length)
  const windows = useQueries({
    queries: offsets.map((offset) => resultsWindowQuery(input, offset))
  })
  const loaded: RowWindow<AvailableListing>[] = [{ offset: 0, items: first.rows }]
  for (const w of windows) if (w.data) loaded.push({ offset: w.data.offset, items: w.data.rows })

  const before = items.length > 0 ? items[0].start : 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1].end : 0

  // A new order or search starts at the top. Only a scrolled table is moved: scrolling works
  // out the table's height, a layout of the whole page, which cost every search its time even
  // when the table was already at the top. The offset is the one the virtualizer keeps from
  // scroll events, so checking it reads no layout.
  const top = first.rows[0]?.listingId
  useEffect(() => {
    if ((virtualizer.scrollOffset ?? 0) > 0) virtualizer.scrollToOffset(0)
  }, [sort.key, sort.dir, top, virtualizer])

  const focusCell = (index: number, column: number, tries = 12) => {
    const target = scrollRef.current?.querySelectorAll<HTMLElement>(
      `[aria-rowindex="${index + 2}"] button`
    )[column]
    if (target) target.focus()
    else if (tries > 0) requestAnimationFrame(() => focusCell(index, column, tries - 1))
  }
  // One handler each for the rows' clicks and keys (see Row).
  const buttonIn = (target: EventTarget) => {
    const button = (target as Element).closest?.<HTMLButtonElement>('button[data-action]')
    const row = button?.closest<HTMLElement>('tr[data-listing-id]')
    return button && row ? { button, row } : null
  }
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const hit = buttonIn(e.target)
    if (!hit) return
    const id = Number(hit.row.dataset.listingId)
    const action = hit.button.dataset.action as RowAction
    if (action === 'open') actions.onOpen(id)
    else if (action === 'quote') actions.onQuote(id)
    else actions.onCalendar(id)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 }
    const hit = buttonIn(e.target)
    if (!hit || !(e.key in moves)) return
    e.preventDefault()
    const index = Number(hit.row.getAttribute('aria-rowindex')) - 2
    const target = Math.min(total - 1, Math.max(0, index + moves[e.key]))
    const buttons = [...hit.row.querySelectorAll('button')]
    virtualizer.scrollToIndex(target, { align: 'auto' })
    focusCell(target, Math.max(0, buttons.indexOf(hit.button)))
  }

  return (
    <div ref={scrollRef} className={classes.scroll}>
      <Table
        className={classes.table}
        stickyHeader
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing="xs"
        aria-label="Bookable listings"
        aria-rowcount={total + 1}
        aria-busy={busy}
        data-testid="availability-results"
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
            <Table.Th w={170}>Place</Table.Th>
            <Table.Th w={90} ta="right">
              Bedrooms
            </Table.Th>
            <Table.Th w={70} ta="right">
              Guests
            </Table.Th>
            <Table.Th w={96}>Booking</Table.Th>
            <SortHeader
              label={`Estimate, ${nightsText(first.nights)}`}
              sortKey="price"
              sort={sort}
              onSort={onSort}
              numeric
            />
            <Table.Th w={164}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && (
            <tr aria-hidden className={classes.spacer}>
              <td colSpan={7} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const l = rowAt(item.index, loaded)
            return l ? (
              <Row key={item.key} l={l} index={item.index} />
            ) : (
              <LoadingRow key={item.key} index={item.index} />
            )
          })}
          {after > 0 && (
            <tr aria-hidden className={classes.spacer}>
              <td colSpan={7} style={{ height: after }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  )
}
